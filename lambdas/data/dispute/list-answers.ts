/**
 * The Deadlines queue and the Awards list as GET /dispute/queue and GET /dispute/awards answer them
 * (back office only): query parameters checked, pages read through the data module
 * (lambdas/data/dispute/lists.ts). Shared by the dispute Lambda and the export job
 * (lambdas/export/job.ts), which pages through the same answers.
 */
import { API_MESSAGES, centsToDollars, isBackOffice } from '../../../shared';
import { DisputeAwardsQuerySchema, DisputeQueueQuerySchema } from '../../../shared/schemas/dispute-api';
import { callerUserType, requireCaller } from '../../lib/auth';
import { ForbiddenError } from '../../lib/errors';
import { queryParam, type ApiEvent } from '../../lib/http';
import { audit } from '../../lib/audit';
import { MAX_CURSOR_LENGTH, parseLimit } from '../../lib/paging';
import { parseInput } from '../../lib/validation';
import { caseSummaries } from '../case/summaries';
import { ownerNames } from '../user/owners';
import { awardsPage, queuePage } from './lists';
import { countDue, readAwardTotals } from './counters';
import { addCalendarDays, calendarDaysBetween, pendingState, queueRange, todayInNewYork } from './calendar';

/** 403 unless the caller is back office (user_type 10 or more). */
export async function requireBackOffice(event: ApiEvent): Promise<void> {
  requireCaller(event);
  if (!isBackOffice(await callerUserType(event))) throw new ForbiddenError(API_MESSAGES.insufficientPermissions);
}

/** The query parameters of a list, trimmed, empty ones left out. */
function listQuery(event: ApiEvent, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) {
    const value = queryParam(event, name, name === 'cursor' ? MAX_CURSOR_LENGTH : undefined);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** GET /dispute/queue: every case's next open deadline, soonest first. */
export async function queueAnswer(event: ApiEvent) {
  await requireBackOffice(event);
  const raw = listQuery(event, ['state', 'within_days', 'step', 'user_id', 'cursor']);
  const query = parseInput(DisputeQueueQuerySchema.omit({ limit: true }), raw);
  const limit = parseLimit(queryParam(event, 'limit'));
  const today = todayInNewYork();
  const range = queueRange(query.state, query.within_days, today);
  if (!range) return { success: true, items: [] };
  const page = await queuePage({
    ...(query.user_id !== undefined ? { ownerId: query.user_id } : {}),
    ...(query.step !== undefined ? { step: query.step } : {}),
    dateFilters: `${query.state ?? ''}:${query.within_days ?? ''}`,
    range,
    limit,
    cursor: query.cursor,
  });
  const [cases, names] = await Promise.all([
    caseSummaries(page.items.map((q) => q.case_id)),
    ownerNames(page.items.map((q) => q.user_id)),
  ]);
  // A case deleted since its entry was written is not shown (its entry stays until the purge).
  const rows = page.items.filter((q) => cases.has(q.case_id));
  audit(event).touched(
    'case',
    rows.map((q) => q.case_id),
  );
  return {
    success: true,
    items: rows.map((q) => {
      const c = cases.get(q.case_id)!;
      return {
        case_id: q.case_id,
        case_number: c.case_number,
        user_id: q.user_id,
        owner_name: names.get(q.user_id) ?? '',
        patient_last: c.patient_last,
        payer_name: q.payer_name ?? '',
        case_status: c.case_status,
        step: q.step,
        due: q.due,
        state: pendingState(q.due, today),
      };
    }),
    ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}),
  };
}

/** GET /dispute/awards: unpaid (default), overdue or paid awards, with the totals of every award. */
export async function awardsAnswer(event: ApiEvent) {
  await requireBackOffice(event);
  const query = parseInput(DisputeAwardsQuerySchema.omit({ limit: true }), listQuery(event, ['state', 'cursor']));
  const limit = parseLimit(queryParam(event, 'limit'));
  const state = query.state ?? 'unpaid';
  const today = todayInNewYork();
  const yesterday = addCalendarDays(today, -1);
  const [page, totals, overdueCount] = await Promise.all([
    awardsPage({
      state: state === 'paid' ? 'paid' : 'unpaid',
      dateFilters: state,
      range: state === 'overdue' ? { to: yesterday } : {},
      limit,
      cursor: query.cursor,
    }),
    readAwardTotals(),
    countDue({ kind: 'award-unpaid' }, undefined, yesterday),
  ]);
  const [names, cases] = await Promise.all([
    ownerNames(page.items.map((a) => a.user_id)),
    caseSummaries(page.items.map((a) => a.case_id)),
  ]);
  audit(event).touched(
    'case',
    page.items.map((a) => a.case_id),
  );
  return {
    success: true,
    items: page.items.map((a) => ({
      case_id: a.case_id,
      case_number: cases.get(a.case_id)?.case_number ?? null,
      owner_name: names.get(a.user_id) ?? '',
      determination_date: a.determination_date,
      award: centsToDollars(a.award_cents),
      paid: centsToDollars(a.paid_cents),
      award_payment_due: a.due,
      days_overdue: a.state === 'unpaid' && a.due < today ? calendarDaysBetween(a.due, today) : 0,
    })),
    ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}),
    totals: {
      awarded: centsToDollars(totals.awarded_cents),
      paid: centsToDollars(totals.award_paid_cents),
      unpaid: centsToDollars(totals.unpaid_cents),
      overdue_count: overdueCount,
    },
  };
}
