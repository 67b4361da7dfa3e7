/**
 * Sign-in screen /auth (provider-side section 2; back-office-and-shell sections 2 and 5).
 *
 * - email (type email) and password, both required; Amplify `signIn` with USER_PASSWORD_AUTH (not
 *   the Authenticator's SRP flow); on success 'Successfully signed in! Redirecting...' and, after
 *   100 ms, the page of `?next=` when it is a path of this site (a signed-out deep link: issue 6,
 *   section 5; returnTo.ts), else /; failures under a 'Sign in failed' heading, unexpected ones 'An error occurred during sign in.';
 * - already signed in: a welcome note with the email and a Go to Dashboard button;
 * - forgot password: request a code (`resetPassword`; failure 'Failed to send reset code'), set a new
 *   password with it (`confirmResetPassword`), then back to sign in;
 * - a user created with a temporary password sets a new one (`confirmSignIn`).
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { confirmResetPassword, confirmSignIn, resetPassword, signIn } from 'aws-amplify/auth';
import { Alert, Button, Card, Flex, Heading, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { TIMING_MS } from '../../../shared/constants';
import { UI_MESSAGES } from '../../../shared/messages';
import { FullPageMessage } from '../shell/FullPageMessage';
import { useAuth } from './AuthProvider';
import { RETURN_PARAM, safeReturnPath } from './returnTo';
import { isPasswordResetRequired, isUnknownUser, resetErrorMessage, signInErrorMessage } from './errors';
import { useAuthForm, type RegisteredField } from './useAuthForm';
import {
  checkNewPassword,
  checkResetConfirm,
  checkResetRequest,
  checkSignIn,
  type NewPasswordValues,
  type ResetConfirmValues,
  type ResetRequestValues,
  type SignInValues,
} from './schemas';

type Mode = 'signIn' | 'resetRequest' | 'resetConfirm' | 'newPassword' | 'success';

interface Banner {
  variation: 'error' | 'success' | 'info';
  heading?: string;
  text: string;
}

function BannerView({ banner }: { banner: Banner | null }) {
  if (!banner) return null;
  return (
    <Alert
      variation={banner.variation}
      heading={banner.heading}
      role={banner.variation === 'error' ? 'alert' : 'status'}
    >
      {banner.text}
    </Alert>
  );
}

function SignInForm({
  defaultEmail,
  onSignedIn,
  onNewPassword,
  onForgot,
  onResetRequired,
  banner,
  setBanner,
}: {
  defaultEmail: string;
  onSignedIn: () => void;
  onNewPassword: (email: string) => void;
  onForgot: (email: string) => void;
  onResetRequired: (email: string) => void;
  banner: Banner | null;
  setBanner: (b: Banner | null) => void;
}) {
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useAuthForm<SignInValues>(checkSignIn, { email: defaultEmail, password: '' });

  const submit = handleSubmit(async ({ email, password }) => {
    setBanner(null);
    try {
      const result = await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
      const step = result.nextStep.signInStep;
      if (result.isSignedIn || step === 'DONE') return onSignedIn();
      if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') return onNewPassword(email);
      if (step === 'RESET_PASSWORD') return onResetRequired(email);
      setBanner({
        variation: 'error',
        heading: UI_MESSAGES.signInFailed,
        text: 'This account needs a sign-in step that Suture does not support. Please contact support.',
      });
    } catch (err) {
      if (isPasswordResetRequired(err)) return onResetRequired(email);
      const text = signInErrorMessage(err);
      setBanner(
        text === UI_MESSAGES.signInError
          ? { variation: 'error', text }
          : { variation: 'error', heading: UI_MESSAGES.signInFailed, text },
      );
    }
  });

  return (
    <Flex as="form" direction="column" gap="1rem" onSubmit={submit} noValidate aria-label="Sign in">
      <Heading level={1}>Sign In</Heading>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        isRequired
        {...register('email')}
        hasError={!!errors.email}
        errorMessage={errors.email?.message}
      />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        isRequired
        {...register('password')}
        hasError={!!errors.password}
        errorMessage={errors.password?.message}
      />
      <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Signing in...">
        Sign In
      </Button>
      <Button variation="link" size="small" onClick={() => onForgot(getValues('email'))}>
        Forgot your password?
      </Button>
      <BannerView banner={banner} />
    </Flex>
  );
}

function ResetRequestForm({
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
      const result = await resetPassword({ username: email });
      onSent(email, result.nextStep.codeDeliveryDetails?.destination);
    } catch (err) {
      if (isUnknownUser(err)) return onSent(email, undefined);
      setBanner({ variation: 'error', heading: UI_MESSAGES.resetFailed, text: resetErrorMessage(err) });
    }
  });

  return (
    <Flex as="form" direction="column" gap="1rem" onSubmit={submit} noValidate aria-label="Reset password">
      <Heading level={1}>Reset Password</Heading>
      <Text>Enter the email you sign in with. We will send you a verification code.</Text>
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        isRequired
        {...register('email')}
        hasError={!!errors.email}
        errorMessage={errors.email?.message}
      />
      <Button type="submit" variation="primary" isLoading={isSubmitting} loadingText="Sending...">
        Send Code
      </Button>
      <Button variation="link" size="small" onClick={onBack}>
        Back to Sign In
      </Button>
      <BannerView banner={banner} />
    </Flex>
  );
}

function ResetConfirmForm({
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
      await confirmResetPassword({ username: email, confirmationCode: code, newPassword: password });
      onDone();
    } catch (err) {
      setBanner({ variation: 'error', heading: 'Password reset failed', text: resetErrorMessage(err) });
    }
  });

  return (
    <Flex as="form" direction="column" gap="1rem" onSubmit={submit} noValidate aria-label="Set a new password">
      <Heading level={1}>Set a New Password</Heading>
      <BannerView banner={banner} />
      <Text>Account: {email}</Text>
      <TextField
        label="Verification code"
        autoComplete="one-time-code"
        inputMode="numeric"
        isRequired
        {...register('code')}
        hasError={!!errors.code}
        errorMessage={errors.code?.message}
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
      <Button variation="link" size="small" onClick={onBack}>
        Back to Sign In
      </Button>
    </Flex>
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
      <PasswordField
        label="New password"
        autoComplete="new-password"
        isRequired
        descriptiveText="At least 8 characters with a lowercase letter, an uppercase letter, a number and a symbol."
        {...password}
        hasError={!!passwordError}
        errorMessage={passwordError}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        isRequired
        {...confirm}
        hasError={!!confirmError}
        errorMessage={confirmError}
      />
    </>
  );
}

function NewPasswordForm({
  onSignedIn,
  onBack,
  banner,
  setBanner,
}: {
  onSignedIn: () => void;
  onBack: () => void;
  banner: Banner | null;
  setBanner: (b: Banner | null) => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useAuthForm<NewPasswordValues>(checkNewPassword, { password: '', confirm: '' });

  const submit = handleSubmit(async ({ password }) => {
    setBanner(null);
    try {
      const result = await confirmSignIn({ challengeResponse: password });
      if (result.isSignedIn || result.nextStep.signInStep === 'DONE') return onSignedIn();
      setBanner({ variation: 'error', heading: UI_MESSAGES.signInFailed, text: 'Please sign in again.' });
    } catch (err) {
      setBanner({ variation: 'error', heading: UI_MESSAGES.signInFailed, text: resetErrorMessage(err) });
    }
  });

  return (
    <Flex as="form" direction="column" gap="1rem" onSubmit={submit} noValidate aria-label="Choose a new password">
      <Heading level={1}>Choose a New Password</Heading>
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
      <Button variation="link" size="small" onClick={onBack}>
        Back to Sign In
      </Button>
      <BannerView banner={banner} />
    </Flex>
  );
}

export default function AuthPage() {
  const { status, user, refresh } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const [mode, setMode] = useState<Mode>('signIn');
  const [email, setEmail] = useState('');
  const [banner, setBanner] = useState<Banner | null>(null);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const onSignedIn = () => {
    setBanner(null);
    setMode('success');
    void refresh();
    redirectTimer.current = setTimeout(() => navigate(returnTo, { replace: true }), TIMING_MS.signInRedirect);
  };
  const backToSignIn = (next: Banner | null = null) => {
    setBanner(next);
    setMode('signIn');
  };

  if (mode === 'success') {
    return (
      <Flex justifyContent="center" padding="2rem 0">
        <Card variation="elevated" width="100%" maxWidth="28rem">
          <Alert variation="success" role="status">
            {UI_MESSAGES.signInSuccess}
          </Alert>
        </Card>
      </Flex>
    );
  }
  if (status === 'unknown') return <FullPageMessage text={UI_MESSAGES.checkingAuth} />;
  if (status === 'signedIn' && user && mode === 'signIn') {
    return (
      <Flex justifyContent="center" padding="2rem 0">
        <Card variation="elevated" width="100%" maxWidth="28rem">
          <Flex direction="column" gap="1rem">
            <Heading level={1}>Welcome back</Heading>
            <Text>You are signed in as {user.email}.</Text>
            <Button variation="primary" onClick={() => navigate('/')}>
              Go to Dashboard
            </Button>
          </Flex>
        </Card>
      </Flex>
    );
  }

  return (
    <Flex justifyContent="center" padding="2rem 0">
      <Card variation="elevated" width="100%" maxWidth="28rem">
        {mode === 'signIn' && (
          <SignInForm
            defaultEmail={email}
            onSignedIn={onSignedIn}
            onNewPassword={(e) => {
              setEmail(e);
              setBanner(null);
              setMode('newPassword');
            }}
            onForgot={(e) => {
              setEmail(e);
              setBanner(null);
              setMode('resetRequest');
            }}
            onResetRequired={(e) => {
              setEmail(e);
              setBanner({
                variation: 'info',
                text: 'A password reset is required for this account. Request a code to set a new password.',
              });
              setMode('resetRequest');
            }}
            banner={banner}
            setBanner={setBanner}
          />
        )}
        {mode === 'resetRequest' && (
          <ResetRequestForm
            defaultEmail={email}
            onSent={(e, destination) => {
              setEmail(e);
              setBanner({
                variation: 'info',
                text: destination
                  ? `A verification code was sent to ${destination}.`
                  : 'If an account exists for this email, a verification code has been sent.',
              });
              setMode('resetConfirm');
            }}
            onBack={() => backToSignIn()}
            banner={banner}
            setBanner={setBanner}
          />
        )}
        {mode === 'resetConfirm' && (
          <ResetConfirmForm
            email={email}
            onDone={() =>
              backToSignIn({
                variation: 'success',
                text: 'Your password has been reset. Sign in with your new password.',
              })
            }
            onBack={() => backToSignIn()}
            banner={banner}
            setBanner={setBanner}
          />
        )}
        {mode === 'newPassword' && (
          <NewPasswordForm
            onSignedIn={onSignedIn}
            onBack={() => backToSignIn()}
            banner={banner}
            setBanner={setBanner}
          />
        )}
      </Card>
    </Flex>
  );
}
