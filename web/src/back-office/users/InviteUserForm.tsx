/**
 * Invite user (beyond the spec): an email, validated with the shared
 * InviteUserSchema (react-hook-form + zod); POST /user/invite creates the account in the user pool
 * with Cognito's own invitation (a temporary password by email); the new user sets a password and
 * fills in the profile at first sign-in. Shows the server's message on success or refusal. The same
 * email again, while its invitation is pending, sends it again with a new temporary password (the
 * first one lasts 7 days, infra/auth.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { useForm } from 'react-hook-form';
import { InviteUserSchema, type InviteUserInput } from '../../../../shared/schemas/users';
import { apiErrorMessage } from '../../lib/apiErrors';
import { useInviteUser } from './queries';
import { FormField } from '../../components/FormField';
import { BusyButton } from '../../components/BusyButton';

export function InviteUserForm() {
  const invite = useInviteUser();
  const form = useForm<InviteUserInput>({ resolver: zodResolver(InviteUserSchema), defaultValues: { email: '' } });
  const error = form.formState.errors.email?.message;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    if (invite.isPending) return;
    try {
      await invite.mutateAsync(email);
      form.reset({ email: '' });
    } catch {
      /* shown from invite.error */
    }
  });

  return (
    <Card variation="outlined">
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="invite-user-heading">
        <Flex direction="column" gap="0.5rem">
          <Heading level={2} id="invite-user-heading">
            Invite user
          </Heading>
          <Text fontSize="small" color="font.secondary">
            The temporary password in the email lasts 7 days. To send a new one, invite the same email again.
          </Text>
          <Flex gap="0.5rem" alignItems="flex-end" wrap="wrap">
            <FormField
              label="Email"
              type="email"
              autoComplete="off"
              flex="1 1 16rem"
              error={error}
              {...form.register('email')}
            />
            <BusyButton type="submit" variation="primary" busy={invite.isPending} busyText="Sending...">
              Send invitation
            </BusyButton>
          </Flex>
          {invite.isSuccess && (
            <Alert variation="success" role="status">
              {invite.data.message}. They will set a password and fill in their profile at first sign-in.
            </Alert>
          )}
          {invite.isError && (
            <Alert variation="error" role="alert">
              {apiErrorMessage('serverRefusal', invite.error)}
            </Alert>
          )}
        </Flex>
      </form>
    </Card>
  );
}
