/**
 * User-facing messages from the spec's error catalogue (provider-side section 8; back-office
 * section 8), in one place so the API and the SPA use the same words.
 */
import { AUTH_MESSAGES, SHELL_MESSAGES } from './messages-shell';

export { AUTH_MESSAGES, SHELL_MESSAGES };
export const API_MESSAGES = {
  unauthorized: 'Unauthorized',
  userNotAuthenticated: 'User not authenticated',
  authFailed: 'Authentication failed. Please sign in again.',
  resourceNotFound: 'Resource not found',
  serviceUnavailable: 'Service temporarily unavailable. Please try again in a moment.',
  internalError: 'Internal server error',
  caseNotFound: 'Case not found',
  noCasesOrPermission: 'No cases found or insufficient permissions',
  profileNotFoundOrPermission: 'Profile not found or insufficient permissions',
  noDataOrPermission: 'No data found or insufficient permissions',
  userNotFound: 'User not found',
  userAlreadyExists: 'User already exists',
  userCreateFailed: 'Failed to create user',
  userUpdateFailed: 'Failed to update user',
  insufficientPermissions: 'Insufficient permissions',
  invalidJson: 'Request body must be valid JSON',
  caseConflict: 'The case was changed by someone else. Reload it and try again.',
} as const;

export const UI_MESSAGES = {
  ...SHELL_MESSAGES,
  ...AUTH_MESSAGES,
  /** The dismissible beta-testing notice (provider-side section 1; back-office-and-shell section 1). */
  betaNotice:
    'Suture is in beta testing. Please keep backup copies of important information, such as your documents and case details.',
  networkError: 'Network error. Please check your internet connection.',
  backendError: 'Backend Connection Error',
  noCasesFound: 'No cases found',
  deleteCaseConfirm: 'Are you sure you want to delete this case?',
  caseCreated: 'Case Created Successfully',
  caseUpdated: 'Case Updated Successfully',
  caseSaveFailed: 'Failed to save case. Please try again.',
  caseDbConfig: 'There was a database configuration issue. Please contact support.',
  surgeonsLoadFailed: 'Failed to load surgeons/facilities. Please try refreshing the page.',
  // Surgeons and facilities are not added in the profile (decision 0009-spec-departures).
  noSurgeons: 'No surgeons found. Add one to your surgeon list to choose it here.',
  noFacilities: 'No facilities found. Add one to your facility list to choose it here.',
  noCaseId: 'No case ID provided in URL',
  invalidCaseData: 'Invalid case data: missing case_id',
  profileCreated: 'Profile created successfully! You can now access the application.',
  profileUpdatedAccess: 'Profile updated successfully! You can now access the application.',
  profileUpdated: 'Profile updated successfully!',
  profileLoadFailed: 'Failed to load profile data.',
  profileUpdateFailed: 'Failed to update profile. Please try again.',
  profileSaveFailed: 'Failed to save profile',
  profileSaveError: 'An error occurred while saving your profile. Please try again.',
  unsavedLeave: 'You have unsaved changes. Are you sure you want to leave?',
  unsavedLost: 'You have unsaved changes that will be lost. Are you sure you want to leave this page?',
  bugReport:
    'Thank you for helping us improve Suture. Tell us what went wrong and where; it goes to our support team. For urgent issues, please contact support.',
} as const;

/**
 * The inactivity warning's texts (web/src/auth/IdleSignOut.tsx; not in the spec:
 * docs/decisions/0009-spec-departures.md, HIPAA 45 CFR 164.312(a)(2)(iii) automatic logoff). `warning(seconds)`
 * counts down the seconds left before the sign-out; /auth's notice after it is
 * AUTH_MESSAGES.idleSignedOut.
 */
export const IDLE_MESSAGES = {
  title: 'Are you still there?',
  warning: (seconds: number) =>
    `For the security of patient information, you will be signed out in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  stay: 'Stay Signed In',
  signOut: 'Sign Out',
} as const;

/** "Failed to load case details: {message}" and similar templated messages. */
export const messageTemplates = {
  caseLoadFailed: (message: string) => `Failed to load case details: ${message}`,
  caseDeleteFailed: (message?: string) => `Failed to delete case: ${message || 'Unknown error'}`,
  apiFailed: (status: number, text: string) => `API request failed: ${status} ${text}`,
  errorSummary: (n: number) => `Please complete these ${n} field(s) before continuing:`,
  npiValidated: (first: string, last: string) => `NPI validated successfully for ${first} ${last}`,
  deleteFailed: (message: string) => `Delete failed: ${message}`,
} as const;

/**
 * Load and save failures of the SPA's screens that no other module states (back-office-and-shell
 * section 8 "Case and user lists", "Dashboard and analytics"; provider-side section 8 "Surgeon save,
 * by message content"). The SPA picks them in web/src/lib/apiErrors.ts. The spec's "FastAPI server"
 * names the original product's backend; Suture says "backend server", as the spec's user-list variant does.
 */
export const LOAD_ERROR_MESSAGES = {
  casesUnavailable: 'Backend API is currently unavailable. Case listing will work once the backend server is running.',
  authRequired: 'Authentication required. Please sign in again.',
  casesLoadFailed: (message: string) => `Error loading cases: ${message}`,
  backOfficeCasesDenied: 'Access denied: You do not have permission to view back office cases.',
  dashboardUnavailable: 'Failed to load dashboard data. Please check your connection and try again.',
  analyticsFailed: (message: string) => `Failed to load analytics: ${message}`,
} as const;

/** The surgeon form's save failures (provider-side section 8, "Surgeon save, by message content"). */
export const SURGEON_SAVE_ERRORS = {
  sessionExpired: 'Your session has expired. Please sign out and sign in again.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  networkError: 'Network error. Please check your internet connection and try again.',
  signInToContinue: 'Please sign in to continue.',
  serverIssuesRetry: 'The server is experiencing issues. Would you like to try again?',
} as const;
