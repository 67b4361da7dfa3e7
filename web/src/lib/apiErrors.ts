/**
 * What each screen says when an API call fails: one table, read by {@link apiErrorOutcome}
 * (decision 0015-spa-patterns). The texts are the spec's (back-office-and-shell section 8,
 * provider-side section 8), from shared/; each screen's rules are checked in the spec's order and the
 * first that matches wins, else the screen's `otherwise`.
 */
import { LOAD_ERROR_MESSAGES as LOAD, SURGEON_SAVE_ERRORS, UI_MESSAGES } from '../../../shared/messages';
import { DOCUMENT_MESSAGES } from '../../../shared/schemas/document';
import { REPORT_MESSAGES } from '../../../shared/schemas/report';
import { FACILITY_MESSAGES, SURGEON_MESSAGES } from '../../../shared/schemas/surgeon';
import { DISPUTE_SCREEN_MESSAGES as DISPUTE } from '../disputes/messages';
import { NOTE_SCREEN_MESSAGES as NOTES } from '../cases/notes/messages';
import { USER_MGMT_MESSAGES, userDetailLoadError, usersLoadError } from '../../../shared/schemas/users';

/** What the screen does besides showing the message (the surgeon form's save; provider-side section 8). */
export type ErrorAction = 'none' | 'signOutAndGoHome' | 'goHome' | 'confirmRetry';

/** The parts of a failure the rules read. */
export interface ErrorFacts {
  /** HTTP status of an API answer (0: no answer came); undefined for errors of other kinds. */
  status?: number;
  /** The error's message (for an `ApiError`, the client's text for its status: lib/api.ts `messageFor`). */
  message: string;
  /** The API's JSON answer, when there was one. */
  body?: unknown;
  /** The error's class name, e.g. 'UserNotFoundError'. */
  name: string;
}

export interface ErrorRule {
  /** Matches these HTTP statuses (0: no answer). */
  status?: readonly number[];
  /** Matches when the screen's detail text (see {@link ErrorEntry.detail}) matches. */
  text?: RegExp;
  /** With `status`: an error without a status also matches when its text holds one of them as a word. */
  statusInText?: boolean;
  /** Matches errors of these class names. */
  name?: readonly string[];
  /** The rule does not apply when the detail text matches this. */
  unless?: RegExp;
  /** The text shown: fixed, or made from the detail text and the caller's `arg` (a file name, a fallback). */
  message: string | ((detail: string, arg: string) => string);
  action?: ErrorAction;
}

export interface ErrorEntry {
  /** The text the rules test and the messages quote; the error's message unless said otherwise. */
  detail?: (facts: ErrorFacts) => string;
  rules: readonly ErrorRule[];
  otherwise: (detail: string, arg: string) => string;
}

/** No answer, or the gateway's "down" answers, or the browser's fetch failure in the text. */
const UNAVAILABLE = { status: [0, 502, 503, 504], text: /network error|failed to fetch/i } as const;
const OWN_MESSAGE = (detail: string) => detail;
const CLIENT_ERRORS = Array.from({ length: 100 }, (_, i) => 400 + i);

const CASE_LIST: ErrorEntry = {
  rules: [
    { ...UNAVAILABLE, message: LOAD.casesUnavailable },
    { status: [401, 403], message: LOAD.authRequired },
  ],
  otherwise: LOAD.casesLoadFailed,
};

function caseDocument(action: 'view' | 'download'): ErrorEntry {
  return {
    rules: [
      { status: [404], message: (_detail, file) => DOCUMENT_MESSAGES.notFoundFile(file) },
      { status: [403], unless: /sign in again/i, message: DOCUMENT_MESSAGES.accessDenied(action) },
    ],
    otherwise: action === 'view' ? DOCUMENT_MESSAGES.viewFailed : DOCUMENT_MESSAGES.downloadFailed,
  };
}

/** The table: one entry per screen (or per call of a screen). */
export const API_ERROR_TABLE = {
  /** The provider's case list (back-office-and-shell section 8 "Case and user lists"). */
  caseList: CASE_LIST,
  /** Back-office Case Management: as the case list, with its own access-denied text. */
  caseManagement: {
    rules: [{ text: /access denied/i, message: LOAD.backOfficeCasesDenied }, ...CASE_LIST.rules],
    otherwise: CASE_LIST.otherwise,
  },
  /**
   * The case form's save (provider-side section 8 "Case save"): the server's own words (its JSON
   * `message` or `error`; the client's text only for no answer, 401 and 502) or a client rule's message.
   */
  caseSave: {
    detail: (f) => {
      if (f.status !== undefined) return bodyText(f.body) || ([0, 401, 502].includes(f.status) ? f.message : '');
      return f.name === 'CaseApiError' ? f.message : '';
    },
    rules: [{ text: /unknown column|demo_file/i, message: UI_MESSAGES.caseDbConfig }],
    otherwise: (detail) => detail || UI_MESSAGES.caseSaveFailed,
  },
  /** View of a case document; `arg` is the file name (provider-side section 8 "Cases"). */
  caseDocumentView: caseDocument('view'),
  caseDocumentDownload: caseDocument('download'),
  /** The profile screen's documents say only these two (provider-side section 8 "Profile screens"). */
  profileDocumentView: { rules: [], otherwise: () => DOCUMENT_MESSAGES.profileViewFailed },
  profileDocumentDownload: { rules: [], otherwise: () => DOCUMENT_MESSAGES.profileDownloadFailed },
  /**
   * A profile save: the server's message for a 4xx (`arg`, the fallback, when it gave none); empty for
   * no answer and 5xx, so that each profile screen shows its own text.
   */
  profileSave: {
    rules: [{ status: CLIENT_ERRORS, message: (detail, fallback) => detail || fallback }],
    otherwise: () => '',
  },
  facilitySave: { rules: [], otherwise: (detail) => detail.trim() || FACILITY_MESSAGES.saveFailed },
  /** The surgeon form's save, by message content (provider-side section 8). */
  surgeonSave: {
    rules: [
      {
        text: /expired|authentication failed/i,
        message: SURGEON_SAVE_ERRORS.sessionExpired,
        action: 'signOutAndGoHome',
      },
      // The API client's text for HTTP 502 lands here.
      { text: /service temporarily unavailable/i, message: SURGEON_SAVE_ERRORS.serviceUnavailable },
      { text: /network error/i, message: SURGEON_SAVE_ERRORS.networkError },
      { text: /user not authenticated/i, message: SURGEON_SAVE_ERRORS.signInToContinue, action: 'goHome' },
      { text: /502/, message: SURGEON_SAVE_ERRORS.serverIssuesRetry, action: 'confirmRetry' },
    ],
    otherwise: (detail) => detail.trim() || SURGEON_MESSAGES.saveFailed,
  },
  /** Back-office user list (section 8, the users' variants). */
  userList: {
    rules: [
      { name: ['UserListFormatError'], message: OWN_MESSAGE },
      { ...UNAVAILABLE, message: USER_MGMT_MESSAGES.unavailable },
      { status: [401], message: USER_MGMT_MESSAGES.authRequired },
      { status: [403], text: /access denied/i, message: USER_MGMT_MESSAGES.accessDenied },
    ],
    otherwise: usersLoadError,
  },
  /** Back-office user detail (section 8 "User detail"). */
  userDetail: { rules: [{ name: ['UserNotFoundError'], message: OWN_MESSAGE }], otherwise: userDetailLoadError },
  /** A refused back-office change: the server's own message (its rule's words), else the client's text. */
  serverRefusal: {
    detail: (f) => bodyText(f.body, ['message']) || f.message,
    rules: [],
    otherwise: OWN_MESSAGE,
  },
  /** The dispute screens' reads (the dispute of a case, Deadlines, Awards). */
  disputeLoad: {
    rules: [
      { ...UNAVAILABLE, message: DISPUTE.unavailable },
      { status: [401, 403], message: LOAD.authRequired },
    ],
    otherwise: DISPUTE.loadFailed,
  },
  /** A dispute write or calculation: the server's own words for a refusal (the field's rule), else the client's. */
  disputeSave: {
    detail: (f) => bodyText(f.body, ['message']) || f.message,
    rules: [{ ...UNAVAILABLE, message: DISPUTE.unavailable }],
    otherwise: OWN_MESSAGE,
  },
  /** The notes thread of Case Details: its pages. */
  notesLoad: {
    rules: [
      { ...UNAVAILABLE, message: NOTES.unavailable },
      { status: [401, 403], message: LOAD.authRequired },
    ],
    otherwise: NOTES.loadFailed,
  },
  /** A note's post: the server's own words for a refusal, else the client's text. */
  notesSave: {
    detail: (f) => bodyText(f.body, ['message']) || f.message,
    rules: [{ ...UNAVAILABLE, message: NOTES.unavailable }],
    otherwise: NOTES.saveFailed,
  },
  /** The analytics dashboard (section 8 "Dashboard and analytics"). */
  analytics: { rules: [{ ...UNAVAILABLE, message: LOAD.dashboardUnavailable }], otherwise: LOAD.analyticsFailed },
  /**
   * The Reports page (section 8 "Reports", in the spec's order). Status numbers in the text count only
   * when the error carries no status: a 413's message may hold "21,404 cases".
   */
  report: {
    rules: [
      {
        status: [404],
        statusInText: true,
        text: /not found|no data|pending payment status/i,
        message: REPORT_MESSAGES.notFound,
      },
      { status: [403], statusInText: true, text: /access denied|forbidden/i, message: REPORT_MESSAGES.accessDenied },
      {
        status: [401],
        statusInText: true,
        text: /authentication|unauthorized/i,
        message: REPORT_MESSAGES.authentication,
      },
      { status: [0], text: /network|fetch|connection/i, message: REPORT_MESSAGES.network },
      { status: [504], text: /timeout|timed out/i, message: REPORT_MESSAGES.timeout },
    ],
    otherwise: (detail) => detail || REPORT_MESSAGES.failed,
  },
  /** A report of the history downloaded again: a 404 is a report whose file is not kept. */
  reportDownload: {
    rules: [
      { status: [404], message: REPORT_MESSAGES.reportNotFound },
      { status: [401, 403], message: REPORT_MESSAGES.accessDenied },
      { status: [0], message: REPORT_MESSAGES.network },
    ],
    otherwise: () => REPORT_MESSAGES.failed,
  },
} satisfies Record<string, ErrorEntry>;

export type ErrorScreen = keyof typeof API_ERROR_TABLE;

/** The first non-empty string among `keys` of a JSON answer ('' for none). */
function bodyText(body: unknown, keys: readonly string[] = ['message', 'error']): string {
  if (!body || typeof body !== 'object') return '';
  for (const key of keys) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === 'string' && value) return value;
  }
  return '';
}

/** The {@link ErrorFacts} of anything thrown (an `ApiError`, another Error, a string, nothing). */
export function errorFacts(err: unknown): ErrorFacts {
  const status = (err as { status?: unknown } | null)?.status;
  const message =
    err instanceof Error
      ? err.message
      : typeof err === 'string'
        ? err
        : err === undefined || err === null
          ? ''
          : String(err);
  return {
    status: typeof status === 'number' ? status : undefined,
    message,
    body: (err as { body?: unknown } | null)?.body,
    name: err instanceof Error ? err.name : '',
  };
}

function matches(rule: ErrorRule, facts: ErrorFacts, detail: string): boolean {
  if (rule.unless?.test(detail)) return false;
  if (rule.name?.includes(facts.name)) return true;
  if (facts.status !== undefined && rule.status?.includes(facts.status)) return true;
  if (rule.text?.test(detail)) return true;
  return (
    !!rule.statusInText &&
    facts.status === undefined &&
    !!rule.status?.some((code) => new RegExp(`\\b${code}\\b`).test(detail))
  );
}

/**
 * The message and action of `screen` for a failure `err` (anything thrown). `arg` feeds the messages
 * that need it: the file name of a document, the fallback of a profile save. Never throws.
 */
export function apiErrorOutcome(screen: ErrorScreen, err: unknown, arg = ''): { message: string; action: ErrorAction } {
  const entry: ErrorEntry = API_ERROR_TABLE[screen];
  const facts = errorFacts(err);
  const detail = entry.detail ? entry.detail(facts) : facts.message;
  const rule = entry.rules.find((r) => matches(r, facts, detail));
  if (!rule) return { message: entry.otherwise(detail, arg), action: 'none' };
  const message = typeof rule.message === 'string' ? rule.message : rule.message(detail, arg);
  return { message, action: rule.action ?? 'none' };
}

/** The message alone of {@link apiErrorOutcome}. */
export function apiErrorMessage(screen: ErrorScreen, err: unknown, arg = ''): string {
  return apiErrorOutcome(screen, err, arg).message;
}
