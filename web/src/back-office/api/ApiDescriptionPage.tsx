/**
 * API description, /back-office/api, for user_type 100 or more (Global Admin, Super User); anyone
 * else is sent to /back-office. Reads GET /openapi.json (the committed shared/openapi.json, docs/api.md)
 * and renders it with the viewer of ./ApiReference.tsx, loaded with this page only.
 */
import { Alert, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { Navigate } from 'react-router-dom';
import { canManageLists } from '../../../../shared/roles';
import { UI_MESSAGES } from '../../../../shared/messages';
import { apiFetch } from '../../lib/api';
import { useProfile } from '../../profile/useProfile';
import { FullPageMessage } from '../../shell/FullPageMessage';

const ApiReference = lazy(() => import('./ApiReference'));

/** Query keys of this page. */
export const apiDescriptionKeys = { document: () => ['api-description'] as const };

/** The document and its viewer (exported for tests, which render it without the guard). */
export function ApiDescription() {
  const query = useQuery({
    queryKey: apiDescriptionKeys.document(),
    queryFn: () => apiFetch<object>('/openapi.json'),
    staleTime: Infinity,
  });
  if (query.isPending) return <Text>{UI_MESSAGES.loading}</Text>;
  if (query.isError) return <Alert variation="error">{query.error.message}</Alert>;
  return (
    <Suspense fallback={<Text>{UI_MESSAGES.loading}</Text>}>
      <ApiReference spec={query.data} />
    </Suspense>
  );
}

export default function ApiDescriptionPage() {
  const profile = useProfile();
  if (profile.isPending) return <FullPageMessage text={UI_MESSAGES.loading} />;
  if (profile.isError || !canManageLists(profile.userType)) return <Navigate to="/back-office" replace />;
  return (
    <Flex direction="column" gap="small" padding="medium" width="100%">
      <Heading level={1}>API</Heading>
      <ApiDescription />
    </Flex>
  );
}
