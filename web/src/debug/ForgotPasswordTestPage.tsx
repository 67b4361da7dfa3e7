/**
 * Forgot Password test, /debug/forgot-password (spec back-office-and-shell section 2 "Debug
 * screens", section 5 "Debug: ... forgot-password test needs a non-empty email"): an email input, a
 * Send Reset Code button and logs. The button calls Amplify's `resetPassword` (the same call as the
 * sign-in page's Forgot Password) and logs its next step and where the code went (Cognito masks the
 * address), or the error's name and message. Behind the debug gate and sign-in.
 */
import { useState, type FormEvent } from 'react';
import { resetPassword } from 'aws-amplify/auth';
import { Alert, Button, Card, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { DebugLog, useDebugLog } from './DebugLog';
import { DebugLinks } from './DebugLinks';

/** Shown (and logged) when the button is used with an empty email (spec section 5). */
export const EMAIL_REQUIRED = 'Please enter an email address';

export default function ForgotPasswordTestPage() {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { lines, add, clear } = useDebugLog();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const username = email.trim();
    if (!username) {
      setProblem(EMAIL_REQUIRED);
      add(EMAIL_REQUIRED);
      return;
    }
    setProblem(null);
    setPending(true);
    add(`resetPassword: sending for ${username}`);
    try {
      const result = await resetPassword({ username });
      const step = result.nextStep;
      add(`resetPassword: success, next step ${step.resetPasswordStep}`);
      if (step.resetPasswordStep === 'CONFIRM_RESET_PASSWORD_WITH_CODE') {
        const d = step.codeDeliveryDetails;
        add(`code sent by ${d.deliveryMedium ?? 'unknown medium'} to ${d.destination ?? 'unknown destination'}`);
      }
    } catch (err) {
      const error = err as Error;
      add(`resetPassword: error ${error.name ?? 'Error'}: ${error.message ?? String(err)}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <Flex direction="column" gap="1.25rem" maxWidth="50rem" width="100%">
      <Flex direction="column" gap="0.25rem">
        <Heading level={1}>Forgot Password Test</Heading>
        <DebugLinks />
        <Text color="font.secondary">Debug page: sends a real password reset code to the address entered.</Text>
      </Flex>
      <Card variation="outlined">
        <form noValidate onSubmit={(e) => void onSubmit(e)}>
          <Flex direction="column" gap="0.75rem">
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              hasError={problem !== null}
            />
            {problem && (
              <Alert variation="error" role="alert">
                {problem}
              </Alert>
            )}
            <Flex>
              <Button type="submit" variation="primary" isLoading={pending} loadingText="Sending...">
                Send Reset Code
              </Button>
            </Flex>
          </Flex>
        </form>
      </Card>
      <DebugLog lines={lines} onClear={clear} />
    </Flex>
  );
}
