/**
 * The list of cases as GET /case answers it without `case_id`: its query parameters read and
 * checked, the page read through the data module (lambdas/data/case/lists.ts) with the caller's
 * scope. Shared by the case Lambda and the export job (lambdas/export/job.ts), which pages through
 * the same answers.
 */
import { CASE_STATUSES, caseStatusByKey, isCalendarDate, isCaseStatus, API_MESSAGES } from '../../../shared';
import { requireCaller, resolveScope } from '../../lib/auth';
import { ValidationError, type FieldError } from '../../lib/errors';
import { queryParam, type ApiEvent } from '../../lib/http';
import { audit } from '../../lib/audit';
import { MAX_CURSOR_LENGTH, parseLimit } from '../../lib/paging';
import { CASE_SORTS, listCases, type CaseListQuery, type CasePage } from './lists';
import { toApiCases } from './repository';
import { ownerNames } from '../user/owners';

export const STATUS_PARAM_MESSAGE = `status must be one of ${CASE_STATUSES.map((s) => s.value).join(', ')} or a status filter key`;

/** Parse a status query parameter: a number, a filter key, or ''/'all' (= undefined). */
export function parseStatusParam(value: string | undefined, field = 'status'): number | undefined {
  if (value === undefined || value === '' || value.toLowerCase() === 'all') return undefined;
  const n = /^\d+$/.test(value) ? Number(value) : caseStatusByKey(value.toLowerCase())?.value;
  if (n === undefined || !isCaseStatus(n)) throw new ValidationError([{ field, message: STATUS_PARAM_MESSAGE }]);
  return n;
}

/** Largest `min_days_in_status` (a century). */
const MAX_DAYS_IN_STATUS = 36_500;
/** Messages of the 400s of GET /case's order parameters. */
export const LIST_PARAM_MESSAGES = {
  date: (field: string) => `${field} must be a date (YYYY-MM-DD)`,
  range: 'from must be on or before to',
  sort: `sort must be one of ${CASE_SORTS.join(', ')}`,
  minDays: `min_days_in_status must be a whole number from 0 to ${MAX_DAYS_IN_STATUS}`,
} as const;

/**
 * GET /case's `from`, `to` (case dates, YYYY-MM-DD), `sort` and `min_days_in_status`; empty = absent.
 * Every bad one is named in one `ValidationError` (400).
 */
export function listOrderParams(event: ApiEvent): Pick<CaseListQuery, 'from' | 'to' | 'sort' | 'minDaysInStatus'> {
  const errors: FieldError[] = [];
  const text = (name: string) => {
    const value = queryParam(event, name)?.trim();
    return value === '' ? undefined : value;
  };
  const date = (field: 'from' | 'to') => {
    const value = text(field);
    if (value === undefined) return undefined;
    if (isCalendarDate(value)) return value;
    errors.push({ field, message: LIST_PARAM_MESSAGES.date(field) });
    return undefined;
  };
  const from = date('from');
  const to = date('to');
  if (from !== undefined && to !== undefined && from > to)
    errors.push({ field: 'from', message: LIST_PARAM_MESSAGES.range });
  const sortText = text('sort');
  const sort = CASE_SORTS.find((s) => s === sortText);
  if (sortText !== undefined && sort === undefined) errors.push({ field: 'sort', message: LIST_PARAM_MESSAGES.sort });
  const daysText = text('min_days_in_status');
  let minDaysInStatus: number | undefined;
  if (daysText !== undefined) {
    if (/^\d{1,5}$/.test(daysText) && Number(daysText) <= MAX_DAYS_IN_STATUS) minDaysInStatus = Number(daysText);
    else errors.push({ field: 'min_days_in_status', message: LIST_PARAM_MESSAGES.minDays });
  }
  if (errors.length) throw new ValidationError(errors);
  return { from, to, sort, minDaysInStatus };
}

/** GET /case without `case_id`: one page of cases in the caller's scope (403 outside it, 400 for bad parameters). */
export async function caseListAnswer(event: ApiEvent) {
  const status = parseStatusParam(queryParam(event, 'status'));
  const limit = parseLimit(queryParam(event, 'limit'));
  const userId = await resolveScope(event, queryParam(event, 'user_id'), {
    allowAll: true,
    forbiddenMessage: API_MESSAGES.noCasesOrPermission,
  });
  const page = await listCases({
    ownerId: userId,
    status,
    search: queryParam(event, 'search'),
    ...listOrderParams(event),
    limit,
    cursor: queryParam(event, 'cursor', MAX_CURSOR_LENGTH),
  });
  audit(event).touched(
    'case',
    page.items.map((c) => c.case_id),
  );
  // Back-office reads (all owners, or another owner's cases) name each case's owner.
  const backOffice = userId === undefined || userId !== requireCaller(event).sub;
  return pageAnswer(page, backOffice);
}

/**
 * `{ success, cases, count, next_cursor? }` (spec wrappers kept). With
 * `withOwners`, each case carries `owner_name` from one batched read of the page's owners.
 */
export async function pageAnswer(page: CasePage, withOwners: boolean) {
  const [cases, names] = await Promise.all([
    toApiCases(page.items),
    withOwners ? ownerNames(page.items.map((c) => c.user_id)) : Promise.resolve(undefined),
  ]);
  const rows = names ? cases.map((c) => ({ ...c, owner_name: names.get(c.user_id) ?? '' })) : cases;
  return {
    success: true,
    cases: rows,
    count: rows.length,
    ...(page.next_cursor ? { next_cursor: page.next_cursor } : {}),
  };
}
