/**
 * Case List (/dashboard), spec provider-side section 2 "Case List screen".
 *
 * Heading Cases, a status filter kept in the URL (`?status=<filter key>`, so a reload keeps it),
 * Add New Case, and the table Case ID | Date | Patient | Status | Insurance | Procedure Codes |
 * Pay Amount | Demo Sheet | Op Note | Actions. A row opens /case/{id} on click or Enter. Delete asks
 * 'Are you sure you want to delete this case?' in a modal dialog and reloads the list.
 * States: loading, empty ('No cases found': with a status filter Create Your First Case, without one
 * the getting-started checklist, ./OnboardingChecklist.tsx), error ('Backend Connection Error' + Retry Connection).
 *
 * Docs/decisions/0009-spec-departures.md (README departures): the Case ID column shows the case number
 * (while a case has none, the id's timestamp: `caseIdLabel`; the full id is in the link's accessible
 * name, 'Case {shown} (full id {id})', and its title); a Status column with the badge; Demo Sheet and Op Note tell what is really attached.
 * Below 640 px each case is a card instead of a table row; row actions are at least 44 x 44 px on
 * touch screens.
 *
 * Docs/figures.md: the list pages on the server (50 cases a page, web/src/cases/api.ts `listCasesPage`):
 * below the table (or the cards) a "Showing N cases" live status and a Load more button that appends
 * the next page and goes away on the last (LoadMore). Changing the status filter starts again from
 * the first page; a failed next page keeps the rows shown and offers Load more again.
 */
import { Alert, Button, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { CASE_STATUSES, UI_MESSAGES, caseStatusByKey, messageTemplates } from '../../../shared';
import { apiErrorMessage } from '../lib/apiErrors';
import { deleteCase, type CaseView } from './api';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { LoadMore, nextPageProps } from '../components/LoadMore';
import PracticePipeline from './PracticePipeline';
import { OnboardingChecklist } from './OnboardingChecklist';
import { EditIcon, TrashIcon } from '../components/icons';
import { CaseTable } from './CaseTable';
import { useCaseList } from './queries';
import { caseKeys } from '../lib/queryKeys';
import { useCurrentUser } from '../lib/useCurrentUser';
import { ListEmpty, ListLoadError, ListLoading } from '../shell/ListStates';

export default function CaseListPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const statusDef = caseStatusByKey(params.get('status') ?? '');
  const { user, error: userError } = useCurrentUser();
  const list = useCaseList(user?.sub, statusDef?.value);
  const [toDelete, setToDelete] = useState<string | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = useMutation({
    mutationFn: deleteCase,
    onMutate: () => setDeleteError(null),
    onError: (err) => setDeleteError(messageTemplates.caseDeleteFailed(err instanceof Error ? err.message : undefined)),
    onSettled: (_data, _err, caseId) => {
      queryClient.removeQueries({ queryKey: caseKeys.one(caseId) });
      return queryClient.invalidateQueries({ queryKey: caseKeys.lists });
    },
  });

  const open = (c: CaseView) => navigate(`/case/${encodeURIComponent(c.case_id)}`);

  /** Edit and Delete of one case (44 x 44 px on touch screens). */
  const rowActions = (c: CaseView) => (
    <Flex gap="xxs">
      <Button
        size="small"
        variation="link"
        className="suture-touch-target"
        aria-label={`Edit case ${c.case_id}`}
        title="Edit case"
        onClick={(e) => {
          e.stopPropagation();
          navigate(`/case/${encodeURIComponent(c.case_id)}/edit`);
        }}
      >
        <EditIcon />
      </Button>
      <Button
        size="small"
        variation="link"
        colorTheme="error"
        className="suture-touch-target"
        aria-label={`Delete case ${c.case_id}`}
        title="Delete case"
        isDisabled={remove.isPending && remove.variables === c.case_id}
        onClick={(e) => {
          e.stopPropagation();
          setToDelete(c.case_id);
        }}
      >
        <TrashIcon />
      </Button>
    </Flex>
  );

  // A failed next page keeps the pages shown (LoadMore shows that error); only a failed first load replaces the list.
  const loadError = userError ?? (list.isFetchNextPageError ? null : list.error);
  const cases = list.data?.pages.flatMap((p) => p.cases) ?? [];

  let body;
  if (loadError) {
    body = (
      <ListLoadError
        message={userError ? userError.message : apiErrorMessage('caseList', loadError)}
        onRetry={() => window.location.reload()}
        retryLabel="Retry Connection"
      />
    );
  } else if (!user || list.isPending) {
    body = <ListLoading />;
  } else if (cases.length === 0 && !list.hasNextPage) {
    body = statusDef ? (
      <ListEmpty heading={UI_MESSAGES.noCasesFound}>
        <Text marginTop="small">No cases with status {statusDef.label}.</Text>
        <Button variation="primary" marginTop="medium" onClick={() => navigate('/case/new')}>
          Create Your First Case
        </Button>
      </ListEmpty>
    ) : (
      // No case at all: the getting-started checklist instead of the lone Create Your First Case.
      <OnboardingChecklist userId={user.sub} cases={0} heading={UI_MESSAGES.noCasesFound} />
    );
  } else {
    body = (
      <>
        <CaseTable cases={cases} onOpen={open} rowActions={rowActions} />
        <LoadMore shown={cases.length} noun={['case', 'cases']} {...nextPageProps(list)} />
      </>
    );
  }

  return (
    <Flex direction="column" gap="medium">
      <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="small">
        <Heading level={1} ref={headingRef} tabIndex={-1}>
          Cases
        </Heading>
        <Flex alignItems="flex-end" gap="small" wrap="wrap">
          <SelectField
            label="Status filter"
            labelHidden
            value={statusDef?.key ?? ''}
            onChange={(e) => {
              const key = e.target.value;
              setParams(key ? { status: key } : {});
            }}
          >
            <option value="">All Cases</option>
            {CASE_STATUSES.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </SelectField>
          <Button variation="primary" onClick={() => navigate('/case/new')}>
            Add New Case
          </Button>
        </Flex>
      </Flex>
      <PracticePipeline />
      {deleteError && (
        <Alert variation="error" isDismissible onDismiss={() => setDeleteError(null)} role="alert">
          {deleteError}
        </Alert>
      )}
      {body}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete case"
        message={UI_MESSAGES.deleteCaseConfirm}
        confirmLabel="Delete"
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
          // The row (and its Delete button) goes away: keep keyboard focus on the page.
          headingRef.current?.focus();
        }}
      />
    </Flex>
  );
}
