/**
 * The text of the reminder emails (docs/decisions/0030-deadline-reminders.md): the back office's
 * deadline digest, grouped by step, and a provider's weekly summary of the cases that changed
 * status. Pure functions, no clock and no AWS.
 *
 * PHI rule (docs/security.md): an email names a case by its number and id, its provider, its payer,
 * a date and a status only. Rows are built by {@link digestRow} and {@link summaryRow}, which copy
 * those fields and nothing else, so a patient's name, date of birth or a document cannot reach the
 * text whatever the source row holds.
 */
import { DEADLINE_STEPS, type DeadlineStep } from '../../shared/dispute/events';
import { STEP_LABELS } from '../../shared/dispute/step-labels';
import { caseStatusLabel } from '../../shared/statuses';

/** One deadline of a digest: only what an email may carry. */
export interface DigestRow {
  case_id: string;
  /** "C-000123"; null while the case has none. */
  case_number: string | null;
  provider: string;
  payer: string;
  step: DeadlineStep;
  /** YYYY-MM-DD. */
  due: string;
}

/** One case of a weekly summary: only what an email may carry. */
export interface SummaryRow {
  case_id: string;
  case_number: string | null;
  payer: string;
  case_status: number;
  /** YYYY-MM-DD of the last status change. */
  changed_on: string;
}

/** An email ready to send, and the cases it names (the audit entry's ids). */
export interface EmailText {
  subject: string;
  text: string;
  caseIds: string[];
}

/** Most deadlines one digest lists; the rest are counted and left to the Deadlines screen. */
export const MAX_DIGEST_ROWS = 100;
/** Most cases one weekly summary lists. */
export const MAX_SUMMARY_ROWS = 100;

/** The allowed fields of a deadline, from any richer row (see the module doc). */
export function digestRow(source: {
  case_id: string;
  case_number?: string | null;
  provider: string;
  payer?: string | null;
  step: DeadlineStep;
  due: string;
}): DigestRow {
  return {
    case_id: source.case_id,
    case_number: source.case_number ?? null,
    provider: source.provider,
    payer: source.payer ?? '',
    step: source.step,
    due: source.due,
  };
}

/** The allowed fields of a changed case, from any richer row (see the module doc). */
export function summaryRow(source: {
  case_id: string;
  case_number?: string | null;
  payer?: string | null;
  case_status: number;
  changed_on: string;
}): SummaryRow {
  return {
    case_id: source.case_id,
    case_number: source.case_number ?? null,
    payer: source.payer ?? '',
    case_status: source.case_status,
    changed_on: source.changed_on.slice(0, 10),
  };
}

/** The deadlines of `rows` due on or before `horizon` (overdue ones included), grouped by step in step order, soonest first. */
export function groupByStep(
  rows: readonly DigestRow[],
  horizon: string,
): { step: DeadlineStep; label: string; rows: DigestRow[] }[] {
  const due = rows.filter((r) => r.due <= horizon);
  return DEADLINE_STEPS.flatMap((step) => {
    const inStep = due
      .filter((r) => r.step === step)
      .sort((a, b) => a.due.localeCompare(b.due) || a.case_id.localeCompare(b.case_id));
    return inStep.length ? [{ step, label: STEP_LABELS[step], rows: inStep }] : [];
  });
}

/** A case's link in the SPA (`/case/<id>`, as the Deadlines screen links it). */
export function caseLink(appUrl: string, caseId: string): string {
  return `${appUrl.replace(/\/+$/, '')}/case/${encodeURIComponent(caseId)}`;
}

const caseName = (row: { case_id: string; case_number: string | null }) =>
  row.case_number ? `${row.case_number} (case id ${row.case_id})` : `Case id ${row.case_id}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The deadline digest of one user as of `today`: the deadlines overdue or due within `daysAhead`
 * business days (due on or before `horizon`), grouped by step; undefined when none is. At most
 * {@link MAX_DIGEST_ROWS} are listed, the rest counted.
 */
export function deadlineDigest(input: {
  rows: readonly DigestRow[];
  today: string;
  horizon: string;
  daysAhead: number;
  appUrl: string;
}): EmailText | undefined {
  const groups = groupByStep(input.rows, input.horizon);
  const total = groups.reduce((n, g) => n + g.rows.length, 0);
  if (total === 0) return undefined;
  const overdue = groups.reduce((n, g) => n + g.rows.filter((r) => r.due < input.today).length, 0);
  const window = plural(input.daysAhead, 'business day', 'business days');
  const lines = [
    `Deadlines overdue or due within ${window} (as of ${input.today}, America/New_York):`,
    `${overdue} overdue, ${total - overdue} due soon.`,
  ];
  const caseIds: string[] = [];
  let listed = 0;
  for (const group of groups) {
    if (listed >= MAX_DIGEST_ROWS) break;
    lines.push('', `${group.label} (${group.rows.length})`);
    for (const row of group.rows) {
      if (listed >= MAX_DIGEST_ROWS) break;
      listed += 1;
      caseIds.push(row.case_id);
      const when = row.due < input.today ? `due ${row.due}, OVERDUE` : `due ${row.due}`;
      lines.push(
        `- ${caseName(row)}: ${when}`,
        `  Provider: ${row.provider || 'unknown'}; payer: ${row.payer || 'not recorded'}`,
        `  ${caseLink(input.appUrl, row.case_id)}`,
      );
    }
  }
  if (total > listed) lines.push('', `And ${plural(total - listed, 'more deadline', 'more deadlines')}.`);
  lines.push(
    '',
    `Every deadline: ${input.appUrl.replace(/\/+$/, '')}/back-office/deadlines`,
    'You receive this because deadline reminders are on in your profile; turn them off there.',
    '',
  );
  return {
    subject: `Suture deadlines: ${overdue} overdue, ${total - overdue} due within ${window}`,
    text: lines.join('\n'),
    caseIds: [...new Set(caseIds)],
  };
}

/**
 * The weekly summary of a provider's cases that changed status between `from` and `to`
 * (YYYY-MM-DD); undefined when none did. At most {@link MAX_SUMMARY_ROWS} are listed.
 */
export function weeklySummary(input: {
  rows: readonly SummaryRow[];
  from: string;
  to: string;
  appUrl: string;
  more?: boolean;
}): EmailText | undefined {
  if (input.rows.length === 0) return undefined;
  const rows = [...input.rows]
    .sort((a, b) => b.changed_on.localeCompare(a.changed_on) || a.case_id.localeCompare(b.case_id))
    .slice(0, MAX_SUMMARY_ROWS);
  const lines = [`Your cases whose status changed from ${input.from} to ${input.to}:`, ''];
  for (const row of rows) {
    lines.push(
      `- ${caseName(row)}: now ${caseStatusLabel(row.case_status)} (since ${row.changed_on}); payer: ${row.payer || 'not recorded'}`,
      `  ${caseLink(input.appUrl, row.case_id)}`,
    );
  }
  if (input.more || input.rows.length > rows.length) lines.push('', 'And more: see your case list.');
  lines.push('', 'You receive this because the weekly summary is on in your profile; turn it off there.', '');
  return {
    subject: `Suture weekly summary: ${plural(rows.length, 'case', 'cases')} changed status`,
    text: lines.join('\n'),
    caseIds: rows.map((r) => r.case_id),
  };
}
