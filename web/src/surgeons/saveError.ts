/**
 * What the surgeon form does with a failed save (spec provider-side section 8, "Surgeon save, by
 * message content"): the message and action come from web/src/lib/apiErrors.ts (`surgeonSave`); the
 * page carries out the action after these delays.
 */
import type { ErrorAction } from '../lib/apiErrors';

export { SURGEON_SAVE_ERRORS } from '../../../shared/messages';

/** Delays of the actions, in ms (spec section 8). */
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
export type SurgeonSaveErrorAction = ErrorAction;

export interface SurgeonSaveErrorOutcome {
  message: string;
  action: SurgeonSaveErrorAction;
}
