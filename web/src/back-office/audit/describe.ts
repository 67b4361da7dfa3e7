/**
 * The audit trail in people's words (the audit screen and a case's "Who accessed this case"): each
 * action (a route key of shared/api-routes.ts, the purge or an email sent) has a label for the Action filter and a
 * sentence for an entry, e.g. "Viewed case C-000123", "Changed status of case C-000123 to Paid",
 * "Downloaded the operative note of case C-000123". Pure functions; a unit test checks that every
 * action of `auditActions()` has its words, so a new route cannot reach the screen as a bare route key.
 */
import type { AuditEntryView } from '../../../../shared/schemas/audit';
import { caseStatusLabel } from '../../../../shared/statuses';
import { roleLabel } from '../../../../shared/roles';

/** What a sentence may name: the case (its number, else "a case") and how many ids a list returned. */
interface Subject {
  caseRef: string;
  count: number;
  /** The document an entry touched ("the operative note"), from its key. */
  document: string;
  entry: AuditEntryView;
}

type Words = { label: string; sentence: (s: Subject) => string };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The document a key names (lambdas/document/keys.ts: `demo_`, `op_`, `misc_`, profile documents). */
export function documentName(key: string | undefined): string {
  const base = (key ?? '').split('/').pop() ?? '';
  if (key?.includes('/profile-documents/') || base.startsWith('profile_')) return 'a profile document';
  if (base.startsWith('demo_')) return 'the demographic sheet';
  if (base.startsWith('op_')) return 'the operative note';
  if (base.startsWith('misc_')) return 'a miscellaneous document';
  return 'a document';
}

const ofCase = (s: Subject) => (s.entry.case_id ? ` of case ${s.caseRef}` : '');

/** Words of every audited action, keyed by route key (and the jobs' `case.purge`, `email.sent`, `export.done`). */
const WORDS: Record<string, Words> = {
  'GET /case/filter': {
    label: 'Filtered cases',
    sentence: (s) => `Filtered cases (${plural(s.count, 'case', 'cases')})`,
  },
  'GET /case/stats': { label: 'Viewed case counts', sentence: () => 'Viewed case counts' },
  'GET /case/analytics': { label: 'Viewed the analytics charts', sentence: () => 'Viewed the analytics charts' },
  'GET /case/deleted': { label: 'Viewed deleted cases', sentence: (s) => `Viewed deleted cases (${s.count})` },
  'POST /case/restore': { label: 'Restored a deleted case', sentence: (s) => `Restored case ${s.caseRef}` },
  'GET /case/notes': { label: 'Read case notes', sentence: (s) => `Read the notes of case ${s.caseRef}` },
  'POST /case/notes': { label: 'Added a case note', sentence: (s) => `Added a note to case ${s.caseRef}` },
  'GET /case': {
    label: 'Viewed or listed cases',
    sentence: (s) => (s.entry.case_id ? `Viewed case ${s.caseRef}` : `Listed ${plural(s.count, 'case', 'cases')}`),
  },
  'POST /case': { label: 'Created a case', sentence: (s) => `Created case ${s.caseRef}` },
  'PATCH /case': {
    label: 'Edited a case',
    sentence: (s) =>
      s.entry.case_status !== undefined
        ? `Edited case ${s.caseRef} and changed its status to ${caseStatusLabel(s.entry.case_status)}`
        : `Edited case ${s.caseRef}`,
  },
  'PUT /case': {
    label: 'Changed a case status',
    sentence: (s) =>
      s.entry.case_status !== undefined
        ? `Changed status of case ${s.caseRef} to ${caseStatusLabel(s.entry.case_status)}`
        : `Changed status of case ${s.caseRef}`,
  },
  'DELETE /case': { label: 'Deleted a case', sentence: (s) => `Deleted case ${s.caseRef}` },
  // One entry for the request, then one per case (lambdas/case/bulk.ts).
  'POST /case/bulk': {
    label: 'Changed cases in bulk',
    sentence: (s) => {
      if (!s.entry.case_id) return `Changed ${plural(s.count, 'case', 'cases')} in bulk`;
      return s.entry.case_status !== undefined
        ? `Changed status of case ${s.caseRef} to ${caseStatusLabel(s.entry.case_status)} (bulk)`
        : `Changed case ${s.caseRef} (bulk)`;
    },
  },
  'GET /user/list': { label: 'Listed users', sentence: (s) => `Listed ${plural(s.count, 'user', 'users')}` },
  'POST /user/invite': { label: 'Invited a user', sentence: () => 'Invited a user' },
  'GET /user/invitations': { label: 'Viewed pending invitations', sentence: () => 'Viewed pending invitations' },
  'GET /user': {
    label: 'Viewed a profile',
    sentence: (s) =>
      s.entry.resource_ids[0] === undefined || s.entry.resource_ids[0] === s.entry.user_id
        ? 'Viewed own profile'
        : "Viewed another user's profile",
  },
  'GET /audit': { label: 'Viewed the audit trail', sentence: () => 'Viewed the audit trail' },
  'POST /user': { label: 'Created a profile', sentence: () => 'Created a profile' },
  'PATCH /user': {
    label: 'Updated a profile or user type',
    sentence: (s) =>
      s.entry.resource_ids[0] === undefined || s.entry.resource_ids[0] === s.entry.user_id
        ? 'Updated own profile'
        : "Updated another user's profile or user type",
  },
  'DELETE /user': { label: 'Deleted a user', sentence: () => 'Deleted a user' },
  'GET /surgeon/search': {
    label: 'Searched the NPI registry for surgeons',
    sentence: () => 'Searched the NPI registry for surgeons',
  },
  'GET /surgeon': { label: 'Viewed surgeons', sentence: () => 'Viewed surgeons' },
  'POST /surgeon': { label: 'Added a surgeon', sentence: () => 'Added a surgeon' },
  'PATCH /surgeon': { label: 'Edited a surgeon', sentence: () => 'Edited a surgeon' },
  'DELETE /surgeon': { label: 'Removed a surgeon', sentence: () => 'Removed a surgeon' },
  'GET /facility/search': {
    label: 'Searched the NPI registry for facilities',
    sentence: () => 'Searched the NPI registry for facilities',
  },
  'GET /facility': { label: 'Viewed facilities', sentence: () => 'Viewed facilities' },
  'POST /facility': { label: 'Added a facility', sentence: () => 'Added a facility' },
  'PATCH /facility': { label: 'Edited a facility', sentence: () => 'Edited a facility' },
  'DELETE /facility': { label: 'Removed a facility', sentence: () => 'Removed a facility' },
  'GET /cpt_codes': { label: 'Looked up CPT codes', sentence: () => 'Looked up CPT codes' },
  'GET /check_npi': { label: 'Checked an NPI', sentence: () => 'Checked an NPI' },
  'POST /document': {
    label: 'Started a document upload',
    sentence: (s) => `Started uploading ${s.document}${ofCase(s)}`,
  },
  'POST /document/confirm': { label: 'Uploaded a document', sentence: (s) => `Uploaded ${s.document}${ofCase(s)}` },
  'GET /document': { label: 'Downloaded a document', sentence: (s) => `Downloaded ${s.document}${ofCase(s)}` },
  'DELETE /document': { label: 'Deleted a document', sentence: (s) => `Deleted ${s.document}${ofCase(s)}` },
  'GET /doc_types': { label: 'Viewed document types', sentence: () => 'Viewed document types' },
  'GET /lists/insurance': { label: 'Viewed the payer list', sentence: () => 'Viewed the payer list' },
  'POST /lists/insurance': { label: 'Added a payer', sentence: () => 'Added a payer' },
  'PATCH /lists/insurance': { label: 'Edited a payer', sentence: () => 'Edited a payer' },
  'DELETE /lists/insurance': { label: 'Removed a payer', sentence: () => 'Removed a payer' },
  'GET /lists/doctor_types': { label: 'Viewed doctor types', sentence: () => 'Viewed doctor types' },
  'POST /lists/import': { label: 'Imported a reference list', sentence: () => 'Imported a reference list' },
  'POST /lists/import/start': {
    label: 'Started a reference list import',
    sentence: () => 'Started a reference list import',
  },
  'GET /lists/import': { label: 'Checked a list import', sentence: () => 'Checked a list import' },
  'GET /report/permission': { label: 'Checked report access', sentence: () => 'Checked report access' },
  'POST /report/provider-payment': {
    label: 'Generated a provider payment report',
    sentence: () => 'Generated a provider payment report',
  },
  'GET /report/download': { label: 'Downloaded a past report', sentence: () => 'Downloaded a past report' },
  'GET /report/history': { label: 'Viewed report history', sentence: () => 'Viewed report history' },
  'POST /dispute/calculate': { label: 'Calculated dispute deadlines', sentence: () => 'Calculated dispute deadlines' },
  'GET /dispute/queue': { label: 'Viewed the deadline queue', sentence: () => 'Viewed the deadline queue' },
  'GET /dispute/awards': { label: 'Viewed awards', sentence: () => 'Viewed awards' },
  'POST /dispute/event': {
    label: 'Recorded a dispute event',
    sentence: (s) => `Recorded a dispute event on case ${s.caseRef}`,
  },
  'DELETE /dispute/event': {
    label: 'Removed a dispute event',
    sentence: (s) => `Removed a dispute event on case ${s.caseRef}`,
  },
  'GET /dispute': { label: 'Viewed a dispute', sentence: (s) => `Viewed the dispute of case ${s.caseRef}` },
  'POST /support/bug': { label: 'Reported a bug', sentence: () => 'Reported a bug' },
  'GET /support/messages': { label: 'Viewed the support inbox', sentence: () => 'Viewed the support inbox' },
  'PATCH /support/messages': {
    label: 'Marked a support message handled',
    sentence: () => 'Marked a support message handled',
  },
  'GET /openapi.json': { label: 'Viewed the API description', sentence: () => 'Viewed the API description' },
  'POST /reminders/run': { label: 'Sent the reminder emails now', sentence: () => 'Sent the reminder emails now' },
  // Written by the reminder job for each email (docs/decisions/0030-deadline-reminders.md).
  'email.sent': {
    label: 'Emailed a user (deadline digest or weekly summary)',
    sentence: (s) => {
      const what = s.entry.template === 'weekly-summary' ? 'the weekly summary' : 'the deadline digest';
      const to = s.entry.recipient_name || s.entry.recipient_id || 'a user';
      return `Emailed ${what} to ${to} (${plural(s.count, 'case', 'cases')})`;
    },
  },
  'POST /export': { label: 'Started an export', sentence: () => 'Started a CSV export' },
  'GET /export': { label: 'Checked an export', sentence: () => 'Checked a CSV export' },
  'export.done': {
    label: 'Exported a list',
    sentence: (s) => {
      // The export job's ids: the export id, `list=`, `rows=`, then the filters (lambdas/export/job.ts).
      const field = (name: string) =>
        s.entry.resource_ids.find((id) => id.startsWith(`${name}=`))?.slice(name.length + 1) ?? '';
      const filters = s.entry.resource_ids.slice(3);
      const rows = Number(field('rows'));
      const what = `${field('list') || 'a list'} (${plural(rows, 'row', 'rows')})`;
      const verb = s.entry.outcome === 'allowed' ? 'Exported' : 'Failed to export';
      return `${verb} ${what}${filters.length ? `, filtered by ${filters.join(', ')}` : ''}`;
    },
  },
  'case.purge': {
    label: 'Purged a deleted case (30 days after delete)',
    sentence: (s) => `Purged deleted case ${s.caseRef} (30 days after delete)`,
  },
};

/** The Action filter's label of `action` (a route key or the purge); the key itself when unknown. */
export function actionLabel(action: string): string {
  return WORDS[action]?.label ?? action;
}

/** Whether `action` has its words (the unit test walks every audited action). */
export function hasWords(action: string): boolean {
  return action in WORDS;
}

/** How an entry ended, in words: Allowed, Refused (denied) or Failed, with the HTTP status. */
export function outcomeLabel(entry: Pick<AuditEntryView, 'outcome' | 'status'>): string {
  const word = entry.outcome === 'allowed' ? 'Allowed' : entry.outcome === 'denied' ? 'Refused' : 'Failed';
  return `${word} (${entry.status})`;
}

/**
 * One entry as a sentence ("Viewed case C-000123"): the case by its number, else its id, else
 * "a case"; an action without words (an unknown path) as "<route key>".
 */
export function describeAuditEntry(entry: AuditEntryView): string {
  const words = WORDS[entry.action];
  if (!words) return entry.action || 'Unknown request';
  return words.sentence({
    caseRef: entry.case_number ?? entry.case_id ?? 'a case',
    count: entry.resource_ids.length,
    document: documentName(entry.resource_ids[0]),
    entry,
  });
}

/** Who made the request: name (else username, else the id), and the role of their user_type. */
export function personLabel(entry: AuditEntryView): { name: string; detail: string } {
  if (!entry.user_id) return { name: 'Anonymous (no sign-in)', detail: '' };
  if (entry.user_id === 'system') return { name: 'Suture (scheduled job)', detail: '' };
  const name = entry.user_name || entry.username || entry.user_id;
  const role = entry.user_type === null ? '' : roleLabel(entry.user_type);
  return { name, detail: [entry.user_email ?? '', role].filter(Boolean).join(' · ') };
}
