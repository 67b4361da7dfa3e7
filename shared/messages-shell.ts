/**
 * The messages the sign-in route needs (app shell, route guards, render failure, sign-in and reset;
 * spec provider-side sections 2 and 8), in a module of their own so that the /auth bundle does not
 * carry the whole catalogue of shared/messages.ts (/auth at most 150 KB gzipped).
 * UI_MESSAGES in shared/messages.ts includes them all.
 */

export const SHELL_MESSAGES = {
  loading: 'Loading...',
  checkingAuth: 'Checking authentication...',
  renderFailTitle: 'Something went wrong',
  renderFailBody: 'We encountered an unexpected error. Please try refreshing the page.',
} as const;

export const AUTH_MESSAGES = {
  signInSuccess: 'Successfully signed in! Redirecting...',
  signInFailed: 'Sign in failed',
  signInError: 'An error occurred during sign in.',
  resetFailed: 'Failed to send reset code',
  /** After the inactivity sign-out (TIMING_MS.idleSignOut, 15 minutes; not in the spec). */
  idleSignedOut:
    'You were signed out after 15 minutes without activity, to protect patient information. Sign in again to continue.',
} as const;
