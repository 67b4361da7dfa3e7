/**
 * Surgeon save errors (web/src/surgeons/saveError.ts; spec provider-side section 8 "Surgeon save,
 * by message content").
 */
import { ApiError } from '../../../web/src/lib/api';
import { SURGEON_SAVE_ERRORS, surgeonSaveErrorOutcome } from '../../../web/src/surgeons/saveError';

jest.mock('aws-amplify/auth', () => ({ fetchAuthSession: jest.fn() }));

describe('surgeonSaveErrorOutcome', () => {
  it.each([
    ['Token expired', SURGEON_SAVE_ERRORS.sessionExpired, 'signOutAndGoHome'],
    ['Authentication failed. Please sign in again.', SURGEON_SAVE_ERRORS.sessionExpired, 'signOutAndGoHome'],
    ['Service temporarily unavailable. Please try again in a moment.', SURGEON_SAVE_ERRORS.serviceUnavailable, 'none'],
    ['Network error. Please check your internet connection.', SURGEON_SAVE_ERRORS.networkError, 'none'],
    ['User not authenticated', SURGEON_SAVE_ERRORS.signInToContinue, 'goHome'],
    ['API request failed: 502 Bad Gateway', SURGEON_SAVE_ERRORS.serverIssuesRetry, 'confirmRetry'],
    ['Surgeon already exists', 'Surgeon already exists', 'none'],
    ['', 'Failed to save surgeon. Please try again.', 'none'],
  ])('maps %j to %j (%s)', (message, expected, action) => {
    // Act
    const outcome = surgeonSaveErrorOutcome(new Error(message));
    // Assess
    expect(outcome).toEqual({ message: expected, action });
  });

  it('reads the message of an API error, e.g. the 409 of a duplicate NPI', () => {
    // Act
    const outcome = surgeonSaveErrorOutcome(new ApiError('Surgeon already exists', 409));
    // Assess
    expect(outcome).toEqual({ message: 'Surgeon already exists', action: 'none' });
  });

  it('falls back to the generic text for something that is not an error', () => {
    expect(surgeonSaveErrorOutcome(undefined)).toEqual({
      message: 'Failed to save surgeon. Please try again.',
      action: 'none',
    });
  });
});
