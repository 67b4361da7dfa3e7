/**
 * "Two-step sign-in (authenticator app)" on the profile screen (/update-profile):
 * a user turns optional TOTP MFA on or off. Loaded lazily by the profile page; the QR code library
 * (qrcode) is loaded only when a setup starts.
 *
 * - on load: whether TOTP is on (`client.isTotpOn`; failure: a message with Retry);
 * - off -> "Set up authenticator app": a new secret (`client.setUp`), shown as a QR code (the
 *   `otpauth://` URI) and as text (setup key in groups of four, with a Copy button) for screen
 *   readers and for typing; the user enters the app's 6-digit code -> `client.verify`, then
 *   `client.setTotp(true)` (preferred). A wrong code says so and keeps the setup open; Cancel
 *   leaves TOTP off;
 * - on -> "Turn off two-step sign-in" asks for confirmation, then `client.setTotp(false)`;
 * - every outcome is announced (status or alert) and the focus moves to the new step.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { amplifyMfaClient, type MfaClient } from './mfa';
import { MFA_SECTION_MESSAGES } from './mfaMessages';
import { TOTP_MESSAGES, checkTotpCode, totpErrorMessage } from './totp';

export { MFA_SECTION_MESSAGES };

const M = MFA_SECTION_MESSAGES;

type View =
  | { kind: 'loading' }
  | { kind: 'loadFailed' }
  | { kind: 'off' }
  | { kind: 'starting' }
  | { kind: 'setup'; secret: string; qr: string | null | undefined }
  | { kind: 'on' }
  | { kind: 'confirmOff' };

type Notice = { variation: 'success' | 'error' | 'info'; text: string } | null;

/** The secret in groups of four characters, as authenticator apps and people read it. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** An SVG QR code of `uri` as a data URL (qrcode, loaded on demand). */
async function qrDataUrl(uri: string): Promise<string> {
  const QRCode = await import('qrcode');
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export interface TotpSectionProps {
  /** The account the authenticator app lists the code under (the user's email). */
  accountName: string;
  /** The Cognito calls (default Amplify's); tests pass a fake. */
  client?: MfaClient;
}

export default function TotpSection({ accountName, client = amplifyMfaClient }: TotpSectionProps) {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [notice, setNotice] = useState<Notice>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  /** Where the focus goes after the next render: the new step or the message (keyboard and screen readers). */
  const focusNext = useRef<'notice' | 'setup' | 'confirm' | 'heading' | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const setupRef = useRef<HTMLHeadingElement>(null);
  const confirmRef = useRef<HTMLParagraphElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  // Whether TOTP is on; `attempt` counts Retry clicks.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    client.isTotpOn().then(
      (on) => active && setView({ kind: on ? 'on' : 'off' }),
      () => active && setView({ kind: 'loadFailed' }),
    );
    return () => {
      active = false;
    };
  }, [client, attempt]);

  useEffect(() => {
    const which = focusNext.current;
    if (!which) return;
    focusNext.current = null;
    const target = { notice: noticeRef, setup: setupRef, confirm: confirmRef, heading: headingRef }[which];
    target.current?.focus();
  });
  const show = (next: View, message: Notice = null) => {
    focusNext.current = message
      ? 'notice'
      : next.kind === 'setup'
        ? 'setup'
        : next.kind === 'confirmOff'
          ? 'confirm'
          : 'heading';
    setNotice(message);
    setView(next);
  };

  const startSetup = async () => {
    setNotice(null);
    setCode('');
    setCodeError(undefined);
    setView({ kind: 'starting' });
    try {
      const setup = await client.setUp(accountName);
      if (!mounted.current) return;
      show({ kind: 'setup', secret: setup.secret, qr: undefined });
      try {
        const qr = await qrDataUrl(setup.uri);
        if (mounted.current) setView((v) => (v.kind === 'setup' && v.secret === setup.secret ? { ...v, qr } : v));
      } catch {
        if (mounted.current) setView((v) => (v.kind === 'setup' && v.secret === setup.secret ? { ...v, qr: null } : v));
      }
    } catch (err) {
      if (mounted.current) show({ kind: 'off' }, { variation: 'error', text: errorText(err, M.setupFailed) });
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkTotpCode({ code });
    if (!checked.ok) {
      setCodeError(checked.errors.code);
      document.getElementById('totp-setup-code')?.focus();
      return;
    }
    setCodeError(undefined);
    setNotice(null);
    setBusy(true);
    try {
      await client.verify(checked.values.code);
    } catch (err) {
      if (mounted.current) {
        setBusy(false);
        setCodeError(totpErrorMessage(err));
        document.getElementById('totp-setup-code')?.focus();
      }
      return;
    }
    try {
      await client.setTotp(true);
      if (mounted.current) show({ kind: 'on' }, { variation: 'success', text: M.turnedOn });
    } catch (err) {
      if (mounted.current) show(view, { variation: 'error', text: errorText(err, M.changeFailed) });
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const turnOff = async () => {
    setNotice(null);
    setBusy(true);
    try {
      await client.setTotp(false);
      if (mounted.current) show({ kind: 'off' }, { variation: 'success', text: M.turnedOff });
    } catch (err) {
      if (mounted.current) show({ kind: 'on' }, { variation: 'error', text: errorText(err, M.changeFailed) });
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const copySecret = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      setNotice({ variation: 'info', text: M.copied });
    } catch {
      // No clipboard (insecure context, permission): the key stays on screen to copy by hand.
    }
  };

  return (
    <Card variation="elevated" width="100%" maxWidth="48rem">
      <Flex as="section" direction="column" gap="1rem" aria-labelledby="totp-section-title">
        <Heading level={2} id="totp-section-title" tabIndex={-1} ref={headingRef}>
          {M.heading}
        </Heading>
        <Text>{M.intro}</Text>

        {view.kind === 'loading' && <Text role="status">{M.loading}</Text>}

        {view.kind === 'loadFailed' && (
          <Flex direction="column" gap="0.75rem" alignItems="flex-start">
            <Alert variation="error" role="alert">
              {M.loadFailed}
            </Alert>
            <Button
              onClick={() => {
                setView({ kind: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              Retry
            </Button>
          </Flex>
        )}

        {(view.kind === 'off' || view.kind === 'starting') && (
          <Flex direction="column" gap="0.75rem" alignItems="flex-start">
            <Text fontWeight="bold">{M.isOff}</Text>
            <Button
              variation="primary"
              isLoading={view.kind === 'starting'}
              loadingText="Starting setup..."
              onClick={() => void startSetup()}
            >
              Set up authenticator app
            </Button>
          </Flex>
        )}

        {view.kind === 'setup' && (
          <Flex as="form" direction="column" gap="1rem" noValidate onSubmit={(e) => void verify(e)}>
            <Heading level={3} id="totp-setup-title" tabIndex={-1} ref={setupRef}>
              Set up your authenticator app
            </Heading>
            <Text>1. Scan this QR code with your authenticator app.</Text>
            {view.qr === undefined && <Text role="status">Drawing the QR code...</Text>}
            {view.qr === null && <Text>{M.qrFailed}</Text>}
            {view.qr && (
              <img
                src={view.qr}
                alt={M.qrAlt}
                width={200}
                height={200}
                style={{ maxWidth: '100%', height: 'auto', background: '#fff' }}
              />
            )}
            <Text id="totp-secret-label">2. Or enter this setup key in the app (time-based):</Text>
            <Flex gap="0.75rem" wrap="wrap" alignItems="center">
              <code
                aria-labelledby="totp-secret-label"
                data-testid="totp-secret"
                style={{ fontSize: '1.1rem', wordBreak: 'break-all', letterSpacing: '0.05em' }}
              >
                {groupSecret(view.secret)}
              </code>
              <Button size="small" onClick={() => void copySecret(view.secret)}>
                Copy setup key
              </Button>
            </Flex>
            <TextField
              id="totp-setup-code"
              label="3. Enter the 6-digit code the app shows"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              isRequired
              value={code}
              onChange={(e) => setCode(e.target.value)}
              hasError={!!codeError}
              errorMessage={codeError}
              descriptiveText={codeError ? undefined : TOTP_MESSAGES.codeFormat}
            />
            <Flex gap="0.75rem" wrap="wrap">
              <Button type="submit" variation="primary" isLoading={busy} loadingText="Verifying...">
                Verify and turn on
              </Button>
              <Button type="button" isDisabled={busy} onClick={() => show({ kind: 'off' })}>
                Cancel
              </Button>
            </Flex>
          </Flex>
        )}

        {view.kind === 'on' && (
          <Flex direction="column" gap="0.75rem" alignItems="flex-start">
            <Text fontWeight="bold">{M.isOn}</Text>
            <Button onClick={() => show({ kind: 'confirmOff' })}>Turn off two-step sign-in</Button>
          </Flex>
        )}

        {view.kind === 'confirmOff' && (
          <Flex direction="column" gap="0.75rem" alignItems="flex-start" role="group" aria-labelledby="totp-off-q">
            <Text id="totp-off-q" tabIndex={-1} ref={confirmRef}>
              {M.confirmOff}
            </Text>
            <Flex gap="0.75rem" wrap="wrap">
              <Button
                variation="destructive"
                isLoading={busy}
                loadingText="Turning off..."
                onClick={() => void turnOff()}
              >
                Turn off
              </Button>
              <Button isDisabled={busy} onClick={() => show({ kind: 'on' })}>
                Keep it on
              </Button>
            </Flex>
          </Flex>
        )}

        {notice && (
          <div tabIndex={-1} ref={noticeRef}>
            <Alert variation={notice.variation} role={notice.variation === 'error' ? 'alert' : 'status'}>
              {notice.text}
            </Alert>
          </div>
        )}
      </Flex>
    </Card>
  );
}

/** The message for a failed call: the session-expired text when Cognito says so, else `fallback`. */
function errorText(err: unknown, fallback: string): string {
  const message = totpErrorMessage(err);
  return message === TOTP_MESSAGES.sessionExpired ? message : fallback;
}
