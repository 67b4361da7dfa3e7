/**
 * Two-step sign-in with an authenticator app (TOTP): the code rule and the
 * messages shared by the sign-in screen's code form (PasswordForms.tsx) and the profile screen's
 * setup (TotpSection.tsx). Kept out of errors.ts and schemas.ts, which /auth loads up front (at most 150 KB of JS gzipped for /auth), and importing neither (a module shared with the
 * profile screen's chunk would be split off and loaded with /auth); it comes with the forms that use it.
 */
import type { FormCheck } from './schemas';

export const TOTP_MESSAGES = {
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  codeMismatch: 'That code is not correct. Enter the current 6-digit code from your authenticator app.',
  sessionExpired: 'Your sign-in session has expired. Please sign in again.',
  tooMany: 'Too many attempts. Please wait a moment and try again.',
  other: 'Please try again in a moment.',
} as const;

/** A code of an authenticator app: six digits; spaces (as some apps show "123 456") are removed. */
export type TotpCodeValues = { code: string };
export const checkTotpCode: FormCheck<TotpCodeValues> = ({ code }) => {
  const value = code.replace(/\s/g, '');
  return /^\d{6}$/.test(value)
    ? { ok: true, values: { code: value } }
    : { ok: false, errors: { code: TOTP_MESSAGES.codeFormat } };
};

function errorName(err: unknown): string {
  return err && typeof err === 'object' && typeof (err as { name?: unknown }).name === 'string'
    ? (err as { name: string }).name
    : '';
}

/**
 * The message for a failed code: at sign-in (`confirmSignIn`: CodeMismatchException, or
 * NotAuthorizedException once the 3-minute sign-in session has expired) and when verifying the app
 * on the profile screen (`verifyTOTPSetup`: AWS answers EnableSoftwareTokenMFAException for a wrong
 * code, the local emulator CodeMismatchException); throttling; anything else: Cognito's message.
 */
export function totpErrorMessage(err: unknown): string {
  const name = errorName(err);
  if (name === 'CodeMismatchException' || name === 'EnableSoftwareTokenMFAException') return TOTP_MESSAGES.codeMismatch;
  if (name === 'NotAuthorizedException' || name === 'ExpiredCodeException') return TOTP_MESSAGES.sessionExpired;
  if (
    name === 'TooManyRequestsException' ||
    name === 'LimitExceededException' ||
    name === 'TooManyFailedAttemptsException'
  )
    return TOTP_MESSAGES.tooMany;
  const message = err instanceof Error ? err.message : '';
  return name.endsWith('Exception') && message ? message : TOTP_MESSAGES.other;
}
