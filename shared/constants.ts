/**
 * Business constants and limits (spec provider-side section 9; back-office-and-shell section 9).
 * Durations are in milliseconds unless the name says seconds.
 */

/** Insurance suggestion list (20), spec provider-side section 9. */
export const INSURANCE_SUGGESTIONS = [
  'Aetna',
  'Anthem',
  'Blue Cross Blue Shield',
  'Cigna',
  'Humana',
  'UnitedHealth',
  'Kaiser Permanente',
  'Medicare',
  'Medicaid',
  'TRICARE',
  'Molina Healthcare',
  'Centene',
  'WellCare',
  'Independence Blue Cross',
  'Highmark',
  'Caresource',
  'Geisinger Health Plan',
  'Harvard Pilgrim',
  'Tufts Health Plan',
  'Blue Cross of California',
] as const;

/** Messaging preference (spec provider-side section 3): default 1 (Email). */
export const MESSAGING_PREFS = [
  { value: 0, label: 'No Notifications' },
  { value: 1, label: 'Email' },
  { value: 2, label: 'SMS' },
  { value: 3, label: 'Both Email and SMS' },
] as const;
export const DEFAULT_MESSAGING_PREF = 1;

/** Profile document types (spec provider-side sections 5 and 9). */
export const PROFILE_DOCUMENT_TYPES = ['CV - Resume', 'Malpractice Insurance', 'License(s)'] as const;
export type ProfileDocumentType = (typeof PROFILE_DOCUMENT_TYPES)[number];
/** Document type used when none is chosen (spec provider-side section 4). */
export const DEFAULT_PROFILE_DOCUMENT_TYPE = 'profile_document';

/** Case document slots (spec provider-side sections 2 and 3). */
export const CASE_DOCUMENT_TYPES = [
  { key: 'demographic_sheet', field: 'demo_file', label: 'Demographic Sheet', filePrefix: 'demo' },
  { key: 'op_note', field: 'note_file', label: 'Operative Note', filePrefix: 'op' },
  { key: 'misc_documents', field: 'misc_file', label: 'Miscellaneous', filePrefix: 'misc' },
] as const;

/** Extensions accepted for uploads in general and by the create-case form (provider-side section 5). */
export const UPLOAD_EXTENSIONS = [
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'doc',
  'docx',
  'txt',
  'rtf',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
] as const;
export const CASE_FORM_UPLOAD_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

export const MAX_PROCEDURE_CODES = 25;
export const NPI_LENGTH = 10;
export const SEARCH_MIN_CHARS = 2;
export const INSURANCE_SUGGEST_MIN_CHARS = 2;
export const CPT_SUGGEST_MIN_CHARS = 1;
export const CPT_SUGGESTIONS_SHOWN = 5;
export const PICKER_RESULTS_SHOWN = 10;
export const CPT_DEFAULT_PAGE_SIZE = 20;
export const CPT_LIST_PAGE_SIZE = 10;
export const CASE_ID_DISPLAY_CHARS = 20;

export const TIMING_MS = {
  signInRedirect: 100,
  profileCheckAfterSignIn: 150,
  caseSaveRedirect: 1500,
  surgeonFacilitySaveRedirect: 1500,
  profileSaveRedirect: 1000,
  profileSuccessMessage: 3000,
  detailBannerClear: 3000,
  formBannerClear: 5000,
  /** The surgeon and facility results; the suggestion lists close with focus (decision 0015-spa-patterns). */
  dropdownCloseDelay: 150,
  sessionCache: 30_000,
  /**
   * Inactivity before a signed-in user is signed out: 15 minutes (HIPAA 45 CFR 164.312(a)(2)(iii),
   * automatic logoff; not in the spec, docs/decisions/0009-spec-departures.md; web/src/auth/IdleSignOut.tsx).
   */
  idleSignOut: 15 * 60_000,
  /** The inactivity warning opens this long before that sign-out (60 s). */
  idleWarning: 60_000,
} as const;

/** Token expiry grace (seconds), spec provider-side section 9. */
export const TOKEN_EXPIRY_GRACE_SECONDS = 300;
/** Signed document link lifetime (seconds). */
export const SIGNED_URL_TTL_SECONDS = 3600;

/** Page on which CMS publishes the Physician Fee Schedule relative value files. */
export const CMS_PFS_RVU_PAGE = 'https://www.cms.gov/medicare/payment/fee-schedules/physician/pfs-relative-value-files';

/**
 * What the UI shows about the CPT list while only the starter list is loaded (`starter_list` true
 * in GET /cpt_codes answers). No AMA descriptors are kept in the repository (their licence).
 */
export const CPT_STARTER_NOTICE =
  'Suture ships with a short starter list of common surgical procedures, labelled in its own words. ' +
  'To search the full CPT code list, download the current Physician Fee Schedule relative value file ' +
  `(the RVU zip) from the CMS "PFS Relative Value Files" page (${CMS_PFS_RVU_PAGE}), unzip it and run ` +
  '`npm run import:cpt -- PPRRVU<year>_<release>.csv` (for example PPRRVU2025_Oct.csv). ' +
  'CPT codes and descriptions are copyright the American Medical Association; use them under your own licence.';

/**
 * Length limits of stored text, in characters. They keep every item far below DynamoDB's 400 KB
 * item limit and every key below its key-size limits (partition key 2048 bytes, sort key 1024
 * bytes), so over-long input is a 400, never a 500 from the database.
 */
export const TEXT_LIMITS = {
  /** Person and facility names. */
  name: 100,
  /** Other free text: addresses, cities, insurance provider, document types. */
  text: 200,
  /** Identifiers: case_id, user_id, surgeon_id, facility_id (query parameters included). */
  id: 200,
  /** Storage paths of documents. */
  path: 1024,
  /** The file_keys JSON text of a case. */
  fileKeys: 8192,
} as const;

/** Largest pay amount a case may carry, in dollars (a bound against typing errors, not a billing rule). */
export const MAX_PAY_AMOUNT_DOLLARS = 10_000_000;

/** The 400 message for text over its limit, e.g. 'Patient first name must be at most 100 characters'. */
export function tooLongMessage(field: string, max: number): string {
  return `${field} must be at most ${max} characters`;
}

/** Items per page of every list call when `limit` is absent. */
export const DEFAULT_PAGE_LIMIT = 50;
/** The largest `limit` a list call honours; a larger one is capped to this. */
export const MAX_PAGE_LIMIT = 200;

/** Miscellaneous documents a case may hold (keeps the case item and its file_keys bounded). */
export const MAX_MISC_DOCUMENTS = 20;

/**
 * Contact page (back-office-and-shell sections 4 and 9): smallest message length in characters
 * after trimming, the simulated send in ms ("simulated 1 s, no server call") and the reply promise
 * in hours. Here rather than in schemas/contact.ts so that pages quoting them need no zod.
 */
export const CONTACT_MESSAGE_MIN_CHARS = 10;
export const CONTACT_SEND_MS = 1000;
export const CONTACT_REPLY_HOURS = 24;
/**
 * Messages to support (docs/decisions/0027-email-and-support-messages.md): the longest message in
 * characters (contact form and bug report) and the longest phone number a contact may give.
 */
export const SUPPORT_MESSAGE_MAX_CHARS = 5000;
export const CONTACT_PHONE_MAX_CHARS = 40;
/** Contact messages one address may send in an hour (POST /contact); the next is a 429. */
export const CONTACT_LIMIT_PER_HOUR = 5;
