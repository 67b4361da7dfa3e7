/**
 * Display helpers of the case screens (spec provider-side sections 2 and 5 "Display clean-up").
 * Money and case-id rules live in shared/display.ts; these only format dates and names.
 */
import { formatFacilityName, titleCaseName, type Facility, type Surgeon } from '../../../shared';

/** YYYY-MM-DD -> MM/DD/YYYY (US practices); other text unchanged; empty -> ''. */
export function formatCaseDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : isoDate;
}

/** ISO timestamp -> local date and time ("3/15/2025, 2:05 PM"); unparsable text unchanged; empty -> 'N/A'. */
export function formatTimestamp(iso: string): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** 'Dr. First Last' with names title-cased (the case form's surgeon choice). */
export function surgeonLabel(s: Pick<Surgeon, 'first_name' | 'last_name'>): string {
  return `Dr. ${titleCaseName(s.first_name)} ${titleCaseName(s.last_name)}`.trim();
}

/** Facility name with the spec's capitalisation rules. */
export function facilityLabel(f: Pick<Facility, 'facility_name'>): string {
  return formatFacilityName(f.facility_name);
}

export { patientName } from '../../../shared/display';
import { patientName } from '../../../shared/display';

/** Earliest and latest millisecond timestamps read as a case id's creation time (2000-01-01 .. 2100-01-01). */
const CASE_ID_TIME_RANGE = [946_684_800_000, 4_102_444_800_000] as const;
/** Characters shown from the end of a case id without a timestamp. */
const CASE_ID_TAIL_CHARS = 8;

/**
 * The part of a case id that tells cases apart (a README departure from the
 * spec's "first 20 characters"): every id starts with its owner's user id, so the list shows the
 * id's millisecond timestamp (`{userId}_{ms}`, spec section 3) as a local date and time
 * ('11/23/26, 12:51:48 PM'), or, for an id without one, an ellipsis and its last 8 characters.
 * `timeZone` (IANA name) is for tests; the browser's zone by default.
 */
export function caseIdLabel(caseId: string, timeZone?: string): string {
  const m = /_(\d{12,14})$/.exec(caseId);
  if (m) {
    const ms = Number(m[1]);
    if (ms >= CASE_ID_TIME_RANGE[0] && ms < CASE_ID_TIME_RANGE[1]) return caseIdTimeFormat(timeZone).format(ms);
  }
  return caseId.length > CASE_ID_TAIL_CHARS ? `…${caseId.slice(-CASE_ID_TAIL_CHARS)}` : caseId;
}

const caseIdTimeFormats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per time zone: `toLocaleString` builds a new one on every call (a row renders several). */
function caseIdTimeFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let format = caseIdTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'medium', timeZone });
    caseIdTimeFormats.set(key, format);
  }
  return format;
}

/** Accessible name of a case link: contains the visible label, then the full id. */
export function caseLinkName(caseId: string, visible: string = caseIdLabel(caseId)): string {
  return `Case ${visible} (full id ${caseId})`;
}

/** The fields that name a case to a person (a {@link CaseView} has them all). */
export interface CaseNaming {
  case_id: string;
  case_number?: string | null;
  patient_first?: string;
  patient_last?: string;
}

/**
 * Accessible name of a row control, e.g. 'Change status of case C-000087 (Quebec Dummyfield)': the
 * case number and the patient; the full case id while a case has no number, so each row's name
 * stays unique.
 */
export function caseControlLabel(action: 'Change status of' | 'Edit' | 'Delete', c: CaseNaming): string {
  const patient = patientName(c.patient_first ?? '', c.patient_last ?? '');
  const number = c.case_number || c.case_id;
  return `${action} case ${patient ? `${number} (${patient})` : number}`;
}

/**
 * How a dialog or notice names a case: its number (or, before it has one, the readable part of its
 * id) and the patient, e.g. 'C-000123 (Pat Doe)'.
 */
export function caseShortLabel(c: {
  case_id: string;
  case_number?: string | null;
  patient_first: string;
  patient_last: string;
}): string {
  const patient = patientName(c.patient_first, c.patient_last);
  const number = c.case_number || caseIdLabel(c.case_id);
  return patient ? `${number} (${patient})` : number;
}
