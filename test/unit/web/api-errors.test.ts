/**
 * The table of what each screen says for a failed API call (web/src/lib/apiErrors.ts; spec
 * back-office-and-shell section 8, provider-side section 8): every screen's rules in the spec's order,
 * its fallback, and the errors that are not API answers.
 */
import { ApiError } from '../../../web/src/lib/api';
import { API_ERROR_TABLE, apiErrorMessage, apiErrorOutcome, type ErrorScreen } from '../../../web/src/lib/apiErrors';
import { SURGEON_SAVE_ERRORS } from '../../../shared/messages';

const NETWORK = new ApiError('Network error. Please check your internet connection.', 0);
const BAD_GATEWAY = new ApiError('Service temporarily unavailable. Please try again in a moment.', 502);
const SIGNED_OUT = new ApiError('Authentication failed. Please sign in again.', 401);
const FORBIDDEN = new ApiError('Access denied: Insufficient permissions', 403, { message: 'Insufficient permissions' });

class UserNotFoundError extends Error {
  override name = 'UserNotFoundError';
}
class UserListFormatError extends Error {
  override name = 'UserListFormatError';
}
class CaseApiError extends Error {
  override name = 'CaseApiError';
}

describe('the API error table', () => {
  it.each<[ErrorScreen, unknown, string]>([
    [
      'caseList',
      NETWORK,
      'Backend API is currently unavailable. Case listing will work once the backend server is running.',
    ],
    [
      'caseList',
      new Error('Failed to fetch'),
      'Backend API is currently unavailable. Case listing will work once the backend server is running.',
    ],
    [
      'caseList',
      new ApiError('x', 503),
      'Backend API is currently unavailable. Case listing will work once the backend server is running.',
    ],
    ['caseList', FORBIDDEN, 'Authentication required. Please sign in again.'],
    ['caseList', new ApiError('Resource not found', 404), 'Error loading cases: Resource not found'],
    [
      'caseManagement',
      new Error('Access denied: nope'),
      'Access denied: You do not have permission to view back office cases.',
    ],
    ['caseManagement', SIGNED_OUT, 'Authentication required. Please sign in again.'],
    ['caseManagement', new ApiError('boom', 500), 'Error loading cases: boom'],
    ['userList', new UserListFormatError('Invalid response format from server'), 'Invalid response format from server'],
    [
      'userList',
      BAD_GATEWAY,
      'Backend API is currently unavailable. User listing will work once the backend server is running.',
    ],
    ['userList', SIGNED_OUT, 'Authentication required. Please sign in again.'],
    ['userList', FORBIDDEN, 'Access denied: Back office functionality requires elevated permissions.'],
    [
      'userList',
      new Error('Access denied: x'),
      'Access denied: Back office functionality requires elevated permissions.',
    ],
    ['userList', new ApiError('API request failed: 500 ', 500), 'Error loading users: API request failed: 500 '],
    ['userDetail', new UserNotFoundError('User not found or invalid response'), 'User not found or invalid response'],
    ['userDetail', new ApiError('boom', 500), 'Failed to load user details: boom'],
    [
      'serverRefusal',
      new ApiError('Access denied: x', 403, { message: 'You can only set a user type below your own (50).' }),
      'You can only set a user type below your own (50).',
    ],
    ['serverRefusal', NETWORK, 'Network error. Please check your internet connection.'],
    ['analytics', new ApiError('x', 504), 'Failed to load dashboard data. Please check your connection and try again.'],
    [
      'analytics',
      new Error('Network error'),
      'Failed to load dashboard data. Please check your connection and try again.',
    ],
    [
      'analytics',
      new ApiError('No cases found or insufficient permissions', 403),
      'Failed to load analytics: No cases found or insufficient permissions',
    ],
    ['facilitySave', new ApiError('Facility already exists', 409), 'Facility already exists'],
    ['facilitySave', new Error('  '), 'Failed to save facility. Please try again.'],
    [
      'caseSave',
      new ApiError('API request failed: 500 x', 500, { error: 'Unknown column demo_file' }),
      'There was a database configuration issue. Please contact support.',
    ],
    [
      'caseSave',
      new ApiError('The case was changed', 409, { message: 'The case was changed' }),
      'The case was changed',
    ],
    ['caseSave', NETWORK, 'Network error. Please check your internet connection.'],
    ['caseSave', new ApiError('Resource not found', 404), 'Failed to save case. Please try again.'],
    [
      'caseSave',
      new CaseApiError('Unable to generate case ID - user not authenticated'),
      'Unable to generate case ID - user not authenticated',
    ],
    ['caseSave', new Error('anything else'), 'Failed to save case. Please try again.'],
    [
      'caseDocumentView',
      new ApiError('Resource not found', 404),
      'Document not found. The file "op.pdf" may not have been uploaded yet.',
    ],
    [
      'caseDocumentDownload',
      new ApiError('Access denied: x', 403),
      'Access denied. You may not have permission to download this document.',
    ],
    [
      'caseDocumentView',
      new ApiError('Authentication failed. Please sign in again.', 403),
      'Failed to view document: Authentication failed. Please sign in again.',
    ],
    [
      'caseDocumentView',
      BAD_GATEWAY,
      'Failed to view document: Service temporarily unavailable. Please try again in a moment.',
    ],
    ['caseDocumentDownload', new Error('boom'), 'Failed to download document: boom'],
    ['profileDocumentView', new ApiError('x', 404), 'Failed to view document. Please try again.'],
    ['profileDocumentDownload', new Error('x'), 'Failed to download document. Please try again.'],
    ['profileSave', new ApiError('', 400), 'Failed to save profile'],
    ['profileSave', new ApiError('NPI must be exactly 10 digits', 400), 'NPI must be exactly 10 digits'],
    ['profileSave', BAD_GATEWAY, ''],
    ['profileSave', NETWORK, ''],
    ['profileSave', new TypeError('boom'), ''],
  ])('%s: %p -> %j', (screen, err, expected) => {
    // Act / Assess
    expect(apiErrorMessage(screen, err, screen.endsWith('Save') ? 'Failed to save profile' : 'op.pdf')).toBe(expected);
  });

  describe('the Reports page, in the spec order', () => {
    it.each<[unknown, string]>([
      [
        new ApiError("Sorry, we can't find any cases in pending payment status.", 404),
        "Sorry, we can't find any cases in pending payment status.",
      ],
      [new Error('HTTP 404'), "Sorry, we can't find any cases in pending payment status."],
      [new ApiError('Access denied: x', 403), 'Access denied: You do not have permission to generate reports.'],
      [new Error('Forbidden'), 'Access denied: You do not have permission to generate reports.'],
      [SIGNED_OUT, 'Authentication failed. Please sign in again.'],
      [NETWORK, 'Network error. Please check your connection and try again.'],
      [new Error('Request timeout'), 'Request timed out. Please try again.'],
      [new ApiError('Gateway timed out', 504), 'Request timed out. Please try again.'],
      // A status number in the text counts only without a status: "21,404 cases" is not a 404.
      [
        new ApiError('This report holds 21,404 cases, more than the 20,000 one file can hold.', 413),
        'This report holds 21,404 cases, more than the 20,000 one file can hold.',
      ],
      [new Error(''), 'Failed to generate report'],
    ])('%p -> %j', (err, expected) => {
      expect(apiErrorMessage('report', err)).toBe(expected);
    });
  });

  describe('the surgeon save, by message content', () => {
    it.each([
      ['Token expired', SURGEON_SAVE_ERRORS.sessionExpired, 'signOutAndGoHome'],
      ['Authentication failed. Please sign in again.', SURGEON_SAVE_ERRORS.sessionExpired, 'signOutAndGoHome'],
      [
        'Service temporarily unavailable. Please try again in a moment.',
        SURGEON_SAVE_ERRORS.serviceUnavailable,
        'none',
      ],
      ['Network error. Please check your internet connection.', SURGEON_SAVE_ERRORS.networkError, 'none'],
      ['User not authenticated', SURGEON_SAVE_ERRORS.signInToContinue, 'goHome'],
      ['API request failed: 502 Bad Gateway', SURGEON_SAVE_ERRORS.serverIssuesRetry, 'confirmRetry'],
      ['Surgeon already exists', 'Surgeon already exists', 'none'],
      ['', 'Failed to save surgeon. Please try again.', 'none'],
    ])('maps %j to %j (%s)', (message, expected, action) => {
      expect(apiErrorOutcome('surgeonSave', new Error(message))).toEqual({ message: expected, action });
    });

    it('reads the message of an API error, e.g. the 409 of a duplicate NPI', () => {
      expect(apiErrorOutcome('surgeonSave', new ApiError('Surgeon already exists', 409))).toEqual({
        message: 'Surgeon already exists',
        action: 'none',
      });
    });

    it('falls back to the generic text for something that is not an error', () => {
      expect(apiErrorOutcome('surgeonSave', undefined)).toEqual({
        message: 'Failed to save surgeon. Please try again.',
        action: 'none',
      });
    });
  });

  it('answers every screen for a thrown string and for nothing thrown, without throwing', () => {
    // Act
    const answers = (Object.keys(API_ERROR_TABLE) as ErrorScreen[]).flatMap((screen) => [
      apiErrorOutcome(screen, 'text thrown'),
      apiErrorOutcome(screen, null),
    ]);
    // Assess
    for (const answer of answers) expect(typeof answer.message).toBe('string');
    expect(apiErrorMessage('caseList', 'text thrown')).toBe('Error loading cases: text thrown');
  });
});
