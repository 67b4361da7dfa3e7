/**
 * What the surgeon form does with a failed save (spec provider-side section 8, "Surgeon save, by
 * message content"). Pure: the page carries out the returned action.
 */
import { SURGEON_MESSAGES } from '../../../shared/schemas/surgeon';

/** The spec's texts of the surgeon save errors. */
export const SURGEON_SAVE_ERRORS = {
  sessionExpired: 'Your session has expired. Please sign out and sign in again.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  networkError: 'Network error. Please check your internet connection and try again.',
  signInToContinue: 'Please sign in to continue.',
  serverIssuesRetry: 'The server is experiencing issues. Would you like to try again?',
} as const;

/** Delays of the actions below, in ms (spec section 8). */
export const SURGEON_SAVE_ERROR_DELAYS_MS = {
  signOutRedirect: 3000,
  signInRedirect: 2000,
  retryConfirm: 1000,
} as const;

/**
 * - `none`: show the message;
 * - `signOutAndGoHome`: show it, clear the session, go to / after 3 s;
 * - `goHome`: show it, go to / after 2 s;
 * - `confirmRetry`: after 1 s ask the message in a confirm dialog; confirming saves again.
 */
export type SurgeonSaveErrorAction = 'none' | 'signOutAndGoHome' | 'goHome' | 'confirmRetry';

export interface SurgeonSaveErrorOutcome {
  message: string;
  action: SurgeonSaveErrorAction;
}

/**
 * The outcome of a failed surgeon save, from the error's message (case-insensitive), checked in the
 * spec's order: 'expired' or 'authentication failed' -> session expired (sign out, / after 3 s);
 * 'service temporarily unavailable' -> the service message (the API client's text for HTTP 502 lands
 * here); 'network error' -> the network message; 'user not authenticated' -> 'Please sign in to
 * continue.' (/ after 2 s); a message containing '502' -> the retry confirm after 1 s; otherwise the
 * message itself (e.g. 409 'Surgeon already exists') or 'Failed to save surgeon. Please try again.'.
 */
export function surgeonSaveErrorOutcome(err: unknown): SurgeonSaveErrorOutcome {
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  const m = message.toLowerCase();
  if (m.includes('expired') || m.includes('authentication failed'))
    return { message: SURGEON_SAVE_ERRORS.sessionExpired, action: 'signOutAndGoHome' };
  if (m.includes('service temporarily unavailable'))
    return { message: SURGEON_SAVE_ERRORS.serviceUnavailable, action: 'none' };
  if (m.includes('network error')) return { message: SURGEON_SAVE_ERRORS.networkError, action: 'none' };
  if (m.includes('user not authenticated')) return { message: SURGEON_SAVE_ERRORS.signInToContinue, action: 'goHome' };
  if (m.includes('502')) return { message: SURGEON_SAVE_ERRORS.serverIssuesRetry, action: 'confirmRetry' };
  return { message: message.trim() || SURGEON_MESSAGES.saveFailed, action: 'none' };
}
