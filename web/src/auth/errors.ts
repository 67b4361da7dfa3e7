/**
 * Messages for the identity service's named errors on the sign-in screen (provider-side section 8
 * "Sign-in": 'Sign in failed' or the message; 'An error occurred during sign in.' for anything
 * unexpected; reset: 'Failed to send reset code').
 *
 * Wrong password and unknown user read the same, so the screen does not reveal which accounts exist
 * (the local Cognito emulator answers a wrong password with InvalidPasswordException).
 */
import { AUTH_MESSAGES } from '../../../shared/messages-shell';

const CREDENTIALS = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);
const THROTTLED = new Set(['TooManyRequestsException', 'LimitExceededException', 'TooManyFailedAttemptsException']);

function errorName(err: unknown): string {
  return err && typeof err === 'object' && typeof (err as { name?: unknown }).name === 'string'
    ? (err as { name: string }).name
    : '';
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : '';
}

/** The text under the 'Sign in failed' heading for a failed `signIn` / `confirmSignIn`. */
export function signInErrorMessage(err: unknown): string {
  const name = errorName(err);
  if (CREDENTIALS.has(name)) return 'Incorrect email or password.';
  if (THROTTLED.has(name)) return 'Too many attempts. Please wait a moment and try again.';
  if (name === 'UserNotConfirmedException') return 'This account is not confirmed yet. Please contact support.';
  if (name.endsWith('Exception')) return errorText(err) || AUTH_MESSAGES.signInFailed;
  return AUTH_MESSAGES.signInError;
}

/** true when Cognito asks for a password reset before the user can sign in. */
export function isPasswordResetRequired(err: unknown): boolean {
  return errorName(err) === 'PasswordResetRequiredException';
}

/** true for "no such user": the reset screen then goes on as if a code was sent (no account disclosure). */
export function isUnknownUser(err: unknown): boolean {
  return errorName(err) === 'UserNotFoundException';
}

/**
 * The detail under 'Failed to send reset code', or under the heading of a failed password change
 * (confirmResetPassword, or confirmSignIn with a new password).
 */
export function resetErrorMessage(err: unknown): string {
  const name = errorName(err);
  if (THROTTLED.has(name)) return 'Too many attempts. Please wait a moment and try again.';
  if (name === 'CodeMismatchException') return 'The verification code is not correct. Please check it and try again.';
  if (name === 'ExpiredCodeException') return 'The verification code has expired. Please request a new one.';
  if (name === 'InvalidPasswordException')
    return errorText(err) || 'The new password does not meet the password policy.';
  if (name.endsWith('Exception')) return errorText(err);
  return 'Please try again in a moment.';
}
