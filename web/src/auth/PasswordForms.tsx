/**
 * The password forms of the sign-in screen (back-office-and-shell section 5; provider-side section 5
 * password policy), loaded only when needed: request a reset code, set a new password with it, and
 * choose a new password for an account created with a temporary one.
 */
import { Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { FormEvent, ReactNode } from 'react';
import { FormField } from '../components/FormField';
import { AUTH_MESSAGES } from '../../../shared/messages-shell';
import { BannerView, type Banner } from './banner';
import { isUnknownUser, resetErrorMessage } from './errors';
import { checkTotpCode, totpErrorMessage, type TotpCodeValues } from './totp';
import {
  checkNewPassword,
  checkResetConfirm,
  checkResetRequest,
  type NewPasswordValues,
  type ResetConfirmValues,
  type ResetRequestValues,
} from './schemas';
import { useAuthForm, type RegisteredField } from './useAuthForm';

/** The Amplify calls (flows.ts), loaded with the first form that needs them. */
const loadAuthFlows = () => import('./flows');
const preloadAuthFlows = () => void loadAuthFlows();

/** A form of this screen: its accessible name, heading and fields; focusing it starts loading flows.ts. */
function PasswordFormShell({
  label,
  heading,
  onSubmit,
  children,
}: {
  label: string;
  heading: string;
  onSubmit: (event?: FormEvent) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <Flex
      as="form"
      direction="column"
      gap="1rem"
      onSubmit={onSubmit}
      noValidate
      onFocus={preloadAuthFlows}
      aria-label={label}
    >
      <Heading level={1}>{heading}</Heading>
      {children}
    </Flex>
  );
}

/** The link back to the sign-in form, under each of these forms. */
function BackToSignIn({ onBack }: { onBack: () => void }) {
  return (
    <Button variation="link" size="small" onClick={onBack}>
      Back to Sign In
    </Button>
  );
}

export function ResetRequestForm({
  defaultEmail,
  onSent,
  onBack,
  banner,
  setBanner,
}: {
  defaultEmail: string;
  onSent: (email: string, destination: string | undefined) => void;
  onBack: () => void;
  banner: Banner | null;
  setBanner: (b: Banner | null) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useAuthForm<ResetRequestValues>(checkResetRequest, { email: defaultEmail });

  const submit = handleSubmit(async ({ email }) => {
    setBanner(null);
    try {
      const { resetPassword } = await loadAuthFlows();
      const result = await resetPassword({ username: email });
      onSent(email, result.nextStep.codeDeliveryDetails?.destination);
    } catch (err) {
      if (isUnknownUser(err)) return onSent(email, undefined);
      setBanner({ variation: 'error', heading: AUTH_MESSAGES.resetFailed, text: resetErrorMessage(err) });
    }
  });

  return (
    <PasswordFormShell label="Reset password" heading="Reset Password" onSubmit={submit}>
      <Text>Enter the email you sign in with. We will send you a verification code.</Text>
      <FormField
        isRequired
        label="Email"
        type="email"
        autoComplete="username"
        {...register('email')}
        error={errors.email?.message}
      />
      <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Sending...">
        Send Code
      </Button>
      <BackToSignIn onBack={onBack} />
      <BannerView banner={banner} />
    </PasswordFormShell>
  );
}

export function ResetConfirmForm({
  email,
  onDone,
  onBack,
  banner,
  setBanner,
}: {
  email: string;
  onDone: () => void;
  onBack: () => void;
  banner: Banner | null;
  setBanner: (b: Banner | null) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useAuthForm<ResetConfirmValues>(checkResetConfirm, { code: '', password: '', confirm: '' });

  const submit = handleSubmit(async ({ code, password }) => {
    setBanner(null);
    try {
      const { confirmResetPassword } = await loadAuthFlows();
      await confirmResetPassword({ username: email, confirmationCode: code, newPassword: password });
      onDone();
    } catch (err) {
      setBanner({ variation: 'error', heading: 'Password reset failed', text: resetErrorMessage(err) });
    }
  });

  return (
    <PasswordFormShell label="Set a new password" heading="Set a New Password" onSubmit={submit}>
      <BannerView banner={banner} />
      <Text>Account: {email}</Text>
      <FormField
        isRequired
        label="Verification code"
        autoComplete="one-time-code"
        inputMode="numeric"
        {...register('code')}
        error={errors.code?.message}
      />
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirm')}
        passwordError={errors.password?.message}
        confirmError={errors.confirm?.message}
      />
      <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Saving...">
        Reset Password
      </Button>
      <BackToSignIn onBack={onBack} />
    </PasswordFormShell>
  );
}

/** The new password and its confirmation (Cognito password policy: spec provider-side section 5). */
function NewPasswordFields({
  password,
  confirm,
  passwordError,
  confirmError,
}: {
  password: RegisteredField<'password'>;
  confirm: RegisteredField<'confirm'>;
  passwordError?: string;
  confirmError?: string;
}) {
  return (
    <>
      <FormField
        isRequired
        label="New password"
        password
        autoComplete="new-password"
        hint="At least 8 characters with a lowercase letter, an uppercase letter, a number and a symbol."
        {...password}
        error={passwordError}
      />
      <FormField
        isRequired
        label="Confirm new password"
        password
        autoComplete="new-password"
        {...confirm}
        error={confirmError}
      />
    </>
  );
}

/** What a sign-in challenge's form (new password, TOTP code) is given by the sign-in page. */
interface ChallengeFormProps {
  onSignedIn: () => void;
  onBack: () => void;
  banner: Banner | null;
  setBanner: (b: Banner | null) => void;
}

/**
 * Answer the pending sign-in challenge with Amplify `confirmSignIn`: signed in -> `onSignedIn`; any
 * other next step, or an error (its text from `errorText`), -> an error banner.
 */
async function answerChallenge(
  challengeResponse: string,
  { onSignedIn, setBanner }: ChallengeFormProps,
  errorText: (err: unknown) => string,
): Promise<void> {
  setBanner(null);
  try {
    const { confirmSignIn } = await loadAuthFlows();
    const result = await confirmSignIn({ challengeResponse });
    if (result.isSignedIn || result.nextStep.signInStep === 'DONE') return onSignedIn();
    setBanner({ variation: 'error', heading: AUTH_MESSAGES.signInFailed, text: 'Please sign in again.' });
  } catch (err) {
    setBanner({ variation: 'error', heading: AUTH_MESSAGES.signInFailed, text: errorText(err) });
  }
}

export function NewPasswordForm(props: ChallengeFormProps) {
  const { onBack, banner } = props;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useAuthForm<NewPasswordValues>(checkNewPassword, { password: '', confirm: '' });

  const submit = handleSubmit(({ password }) => answerChallenge(password, props, resetErrorMessage));

  return (
    <PasswordFormShell label="Choose a new password" heading="Choose a New Password" onSubmit={submit}>
      <Text>Your account has a temporary password. Choose a new one to continue.</Text>
      <NewPasswordFields
        password={register('password')}
        confirm={register('confirm')}
        passwordError={errors.password?.message}
        confirmError={errors.confirm?.message}
      />
      <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Saving...">
        Set Password and Sign In
      </Button>
      <BackToSignIn onBack={onBack} />
      <BannerView banner={banner} />
    </PasswordFormShell>
  );
}

/**
 * The second step of a sign-in with two-step sign-in on (Amplify step CONFIRM_SIGN_IN_WITH_TOTP_CODE):
 * the 6-digit code of the user's authenticator app, sent with `confirmSignIn`.
 * A wrong code can be corrected and sent again; an expired sign-in session sends the user back.
 */
export function TotpCodeForm(props: ChallengeFormProps) {
  const { onBack, banner } = props;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useAuthForm<TotpCodeValues>(checkTotpCode, { code: '' });

  const submit = handleSubmit(({ code }) => answerChallenge(code, props, totpErrorMessage));

  return (
    <PasswordFormShell label="Two-step sign-in" heading="Enter Your Code" onSubmit={submit}>
      <Text>Open your authenticator app and enter the 6-digit code it shows for Suture.</Text>
      <FormField
        isRequired
        label="6-digit code"
        autoComplete="one-time-code"
        inputMode="numeric"
        autoFocus
        {...register('code')}
        error={errors.code?.message}
      />
      <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Checking...">
        Confirm
      </Button>
      <BackToSignIn onBack={onBack} />
      <BannerView banner={banner} />
    </PasswordFormShell>
  );
}
