/**
 * Sign-in screen /auth (provider-side section 2; back-office-and-shell sections 2 and 5).
 *
 * - email (type email) and password, both required; Amplify `signIn` with USER_PASSWORD_AUTH (not
 *   the Authenticator's SRP flow); on success 'Successfully signed in! Redirecting...' and, after
 *   100 ms, the page of `?next=` when it is a path of this site (a signed-out deep link: spec provider-side; returnTo.ts), else /; failures under a 'Sign in failed' heading, unexpected ones
 *   'An error occurred during sign in.';
 * - already signed in: a welcome note with the email and a Go to Dashboard button;
 * - forgot password: request a code (`resetPassword`; failure 'Failed to send reset code'), set a new
 *   password with it (`confirmResetPassword`), then back to sign in;
 * - a user created with a temporary password sets a new one (`confirmSignIn`);
 * - a user with two-step sign-in on enters the code of their authenticator app
 *   (step CONFIRM_SIGN_IN_WITH_TOTP_CODE, `confirmSignIn`).
 * The password forms (PasswordForms.tsx) and the Amplify calls (flows.ts) are loaded when needed,
 * so that /auth loads at most 150 KB of JS gzipped.
 */
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { TIMING_MS } from '../../../shared/constants';
import { AUTH_MESSAGES, SHELL_MESSAGES } from '../../../shared/messages-shell';
import { FullPageMessage } from '../shell/FullPageMessage';
import { clearIdleSignOutNotice, idleSignOutNoticeDue, useAuth } from './AuthProvider';
import { RETURN_PARAM, safeReturnPath } from './returnTo';
import { isPasswordResetRequired, signInErrorMessage } from './errors';
import type { Banner } from './banner';
import { useAuthForm } from './useAuthForm';
import { FormField } from '../components/FormField';
import { checkSignIn, type SignInValues } from './schemas';

/**
 * The Amplify sign-in flows, loaded when the user first focuses a form of the page (or submits it),
 * not with the page (flows.ts).
 */
const loadAuthFlows = () => import('./flows');
/** Banners (Amplify UI's Alert) are only shown after a submit: loaded with the flows. */
const loadBanner = () => import('./banner');
const preloadAuthFlows = () => {
  void loadAuthFlows();
  void loadBanner();
};
const LazyBannerView = lazy(() => loadBanner().then((m) => ({ default: m.BannerView })));

function BannerView({ banner }: { banner: Banner | null }) {
  if (!banner) return null;
  return (
    <Suspense fallback={<div role={banner.variation === 'error' ? 'alert' : 'status'}>{banner.text}</div>}>
      <LazyBannerView banner={banner} />
    </Suspense>
  );
}

/** The password reset and new-password forms, loaded when one is needed. */
const ResetRequestForm = lazy(() => import('./PasswordForms').then((m) => ({ default: m.ResetRequestForm })));
const ResetConfirmForm = lazy(() => import('./PasswordForms').then((m) => ({ default: m.ResetConfirmForm })));
const NewPasswordForm = lazy(() => import('./PasswordForms').then((m) => ({ default: m.NewPasswordForm })));
const TotpCodeForm = lazy(() => import('./PasswordForms').then((m) => ({ default: m.TotpCodeForm })));

type Mode = 'signIn' | 'resetRequest' | 'resetConfirm' | 'newPassword' | 'totp' | 'success';

function SignInForm({
  defaultEmail,
  onSignedIn,
  onNewPassword,
  onTotp,
  onForgot,
  onResetRequired,
  banner,
  setBanner,
}: {
  defaultEmail: string;
  onSignedIn: () => void;
  onNewPassword: (email: string) => void;
  onTotp: () => void;
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
      const { signIn } = await loadAuthFlows();
      const result = await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
      const step = result.nextStep.signInStep;
      if (result.isSignedIn || step === 'DONE') return onSignedIn();
      if (step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') return onNewPassword(email);
      if (step === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') return onTotp();
      if (step === 'RESET_PASSWORD') return onResetRequired(email);
      setBanner({
        variation: 'error',
        heading: AUTH_MESSAGES.signInFailed,
        text: 'This account needs a sign-in step that Suture does not support. Please contact support.',
      });
    } catch (err) {
      if (isPasswordResetRequired(err)) return onResetRequired(email);
      const text = signInErrorMessage(err);
      setBanner(
        text === AUTH_MESSAGES.signInError
          ? { variation: 'error', text }
          : { variation: 'error', heading: AUTH_MESSAGES.signInFailed, text },
      );
    }
  });

  return (
    <Flex
      as="form"
      direction="column"
      gap="1rem"
      onSubmit={submit}
      noValidate
      onFocus={preloadAuthFlows}
      aria-label="Sign in"
    >
      <Heading level={1}>Sign In</Heading>
      <FormField
        isRequired
        label="Email"
        type="email"
        autoComplete="username"
        {...register('email')}
        error={errors.email?.message}
      />
      <FormField
        isRequired
        label="Password"
        password
        autoComplete="current-password"
        {...register('password')}
        error={errors.password?.message}
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

export default function AuthPage() {
  const { status, user, refresh } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const [mode, setMode] = useState<Mode>('signIn');
  const [email, setEmail] = useState('');
  // After an inactivity sign-out (./IdleSignOut.tsx), the form says why, once.
  const [banner, setBanner] = useState<Banner | null>(() =>
    idleSignOutNoticeDue() ? { variation: 'info', text: AUTH_MESSAGES.idleSignedOut } : null,
  );
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    clearIdleSignOutNotice();
    return () => clearTimeout(redirectTimer.current);
  }, []);

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
          <BannerView banner={{ variation: 'success', text: AUTH_MESSAGES.signInSuccess }} />
        </Card>
      </Flex>
    );
  }
  if (status === 'unknown') return <FullPageMessage text={SHELL_MESSAGES.checkingAuth} />;
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
            onTotp={() => {
              setBanner(null);
              setMode('totp');
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
        <Suspense fallback={<FullPageMessage text={SHELL_MESSAGES.loading} />}>
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
          {mode === 'totp' && (
            <TotpCodeForm onSignedIn={onSignedIn} onBack={() => backToSignIn()} banner={banner} setBanner={setBanner} />
          )}
          {mode === 'newPassword' && (
            <NewPasswordForm
              onSignedIn={onSignedIn}
              onBack={() => backToSignIn()}
              banner={banner}
              setBanner={setBanner}
            />
          )}
        </Suspense>
      </Card>
    </Flex>
  );
}
