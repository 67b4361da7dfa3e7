/**
 * The CSV exports' columns and cell rules, one definition for both writers: the browser's
 * (web/src/components/csv.ts, up to 10,000 rows) and the server's export job (lambdas/export/job.ts,
 * docs/decisions/0029-server-exports.md). Each list's columns are its table's, in the spec's wording,
 * plus the ids.
 * Cells: `date` -> YYYY-MM-DD (from an ISO text or epoch milliseconds), `amount` -> a plain number
 * written with 2 decimals; a list -> its items joined by spaces; null, undefined or '' -> empty.
 * Options ({@link csvOptions}) for csv-stringify: comma-separated, CRLF, a UTF-8 byte-order mark, a
 * header row, and a text cell starting with = + - @ tab or carriage return prefixed with `'` so that
 * a spreadsheet never runs it as a formula (`escape_formulas`; a negative amount stays a number).
 */
import { caseStatusLabel } from './statuses';
import { roleLabel } from './roles';
import { patientName } from './display';
import { hasDemo, hasNote, type CaseView } from './case-view';
import { DEADLINE_STATE_LABELS, stepLabel } from './dispute/labels';
import type { DeadlineState } from './dispute/events';
import { isProfileComplete } from './schemas/profile';
import { userDisplayName, type UserRecord } from './schemas/users';
import type { AuditEntryView } from './schemas/audit';

/** A value a column reads from a row. */
export type CsvValue = string | number | boolean | null | undefined | readonly string[];

/** One column: its header (the spec's wording), how to read it from a row, and how to write it. */
export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
  kind?: 'text' | 'date' | 'amount';
}

/** The UTF-8 byte-order mark a file starts with (Excel then reads it as UTF-8). */
export const CSV_BOM = '\uFEFF';

/** One cell as csv-stringify takes it (see the module doc for the rules). */
export function csvCell(value: CsvValue, kind: CsvColumn<unknown>['kind']): string | number | null {
  if (value === null || value === undefined || value === '') return null;
  // A list reads as on screen (procedure codes "27447, 29880").
  if (Array.isArray(value)) return value.join(', ');
  if (kind === 'date') {
    const date = new Date(typeof value === 'number' ? value : String(value));
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
    return Number.isNaN(date.getTime()) ? String(value) : date.toISOString().slice(0, 10);
  }
  if (kind === 'amount') {
    const amount = typeof value === 'number' ? value : Number(value);
    // A number keeps a negative amount out of the formula guard; the cast writes 2 decimals.
    return Number.isFinite(amount) ? amount : String(value);
  }
  return typeof value === 'number' ? value : String(value);
}

/** The cells of one row, in the columns' order. */
export function csvRecord<Row>(columns: readonly CsvColumn<Row>[], row: Row): (string | number | null)[] {
  return columns.map((c) => csvCell(c.value(row), c.kind));
}

/** csv-stringify's options for `columns` (the same for its browser and its Node stream builds). */
export function csvOptions<Row>(columns: readonly CsvColumn<Row>[]) {
  const amounts = new Set(columns.flatMap((c, i) => (c.kind === 'amount' ? [i] : [])));
  return {
    bom: true,
    header: true,
    columns: columns.map((c) => c.header),
    record_delimiter: 'windows' as const,
    escape_formulas: true,
    cast: {
      number: (value: number, context: { index?: number | string | null }) =>
        amounts.has(Number(context.index)) ? value.toFixed(2) : String(value),
    },
  };
}

/** A case as its list answers it (back-office reads add the owner's name). */
export type CaseCsvRow = CaseView & { owner_name?: string };

/**
 * The columns of a case list (the provider's and Case Management's): the table's columns in its
 * wording (spec provider-side section 2 "Case List screen"; back-office-and-shell section 2) plus the
 * ids, all procedure codes rather than the table's first two, Yes/No for the documents. `ownerOf`
 * adds the back office's User column after Patient.
 */
export function caseCsvColumns<C extends CaseView>(ownerOf?: (c: C) => string): CsvColumn<C>[] {
  return [
    { header: 'Case ID', value: (c) => c.case_id },
    { header: 'Case Number', value: (c) => c.case_number },
    { header: 'Date', value: (c) => c.case_date, kind: 'date' },
    { header: 'Patient', value: (c) => patientName(c.patient_first, c.patient_last) },
    ...(ownerOf ? [{ header: 'User', value: ownerOf }] : []),
    { header: 'Status', value: (c) => caseStatusLabel(c.case_status) },
    { header: 'Days in Status', value: (c) => c.days_in_status },
    { header: 'Insurance', value: (c) => c.ins_provider.trim() },
    { header: 'Procedure Codes', value: (c) => c.procedure_codes.map((p) => p.code) },
    { header: 'Pay Amount', value: (c) => c.pay_amount, kind: 'amount' },
    { header: 'Demo Sheet', value: (c) => (hasDemo(c) ? 'Yes' : 'No') },
    { header: 'Op Note', value: (c) => (hasNote(c) ? 'Yes' : 'No') },
  ];
}

/** One row of the Deadlines queue as GET /dispute/queue answers it. */
export interface DeadlineCsvRow {
  due: string;
  state: DeadlineState;
  step: string;
  case_id: string;
  case_number?: string | null;
  patient_last: string;
  owner_name: string;
  user_id: string;
  payer_name: string;
  case_status: number;
}

/** The Deadlines export: the table's columns, with the case's and the provider's ids. */
export const DEADLINE_CSV_COLUMNS: CsvColumn<DeadlineCsvRow>[] = [
  { header: 'Due', value: (i) => i.due, kind: 'date' },
  { header: 'State', value: (i) => DEADLINE_STATE_LABELS[i.state] },
  { header: 'Deadline', value: (i) => stepLabel(i.step) },
  { header: 'Case ID', value: (i) => i.case_id },
  { header: 'Case Number', value: (i) => i.case_number },
  { header: 'Patient', value: (i) => i.patient_last },
  { header: 'Provider', value: (i) => i.owner_name },
  { header: 'Provider ID', value: (i) => i.user_id },
  { header: 'Plan', value: (i) => i.payer_name },
  { header: 'Case status', value: (i) => caseStatusLabel(i.case_status) },
];

/** One row of the Awards list as GET /dispute/awards answers it. */
export interface AwardCsvRow {
  case_id: string;
  case_number?: string | null;
  owner_name: string;
  determination_date: string;
  award: number;
  paid: number;
  award_payment_due: string;
  days_overdue: number;
}

/** The Awards export: the table's columns, with the case's id. */
export const AWARD_CSV_COLUMNS: CsvColumn<AwardCsvRow>[] = [
  { header: 'Case ID', value: (a) => a.case_id },
  { header: 'Case Number', value: (a) => a.case_number },
  { header: 'Provider', value: (a) => a.owner_name },
  { header: 'Determination', value: (a) => a.determination_date, kind: 'date' },
  { header: 'Award', value: (a) => a.award, kind: 'amount' },
  { header: 'Paid', value: (a) => a.paid, kind: 'amount' },
  { header: 'Payment due', value: (a) => a.award_payment_due, kind: 'date' },
  { header: 'Days overdue', value: (a) => a.days_overdue },
];

/** A listed user's status: 'Active' once the profile is complete (the sign-in gate's rule), else 'Profile incomplete'. */
export function userStatus(user: UserRecord): 'Active' | 'Profile incomplete' {
  return isProfileComplete(user) ? 'Active' : 'Profile incomplete';
}

/** The Users export: the table's columns (the phone as stored). */
export const USER_CSV_COLUMNS: CsvColumn<UserRecord>[] = [
  { header: 'Name', value: userDisplayName },
  { header: 'Email', value: (u) => u.user_email },
  { header: 'Role', value: (u) => roleLabel(u.user_type) },
  { header: 'Status', value: userStatus },
  { header: 'NPI Number', value: (u) => u.user_npi },
  { header: 'State', value: (u) => u.state },
  { header: 'Phone Number', value: (u) => u.telephone },
  { header: 'User ID', value: (u) => u.user_id },
];

/** Columns of the audit export, in order (the API's field names). */
const AUDIT_CSV_FIELDS = [
  'at',
  'user_id',
  'user_type',
  'username',
  // The person behind the ids, as the audit screen shows them.
  'user_name',
  'user_email',
  'action',
  'status',
  'outcome',
  'resource_type',
  'resource_ids',
  'request_id',
  'source_ip',
  'user_agent',
  // The one case an entry is about, and its number (docs/decisions/0022-case-numbers.md).
  'case_id',
  'case_number',
] as const;

/** The audit export, headed by the API's field names; `at` stays a full UTC timestamp. */
export const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditEntryView>[] = AUDIT_CSV_FIELDS.map((field) => ({
  header: field,
  value: (entry: AuditEntryView) => entry[field],
}));
