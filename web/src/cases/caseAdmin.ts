/**
 * The back office's case actions, shared by Case Details and the Case
 * Management list (web/src/back-office/cases): the calls, their mutation hooks and their messages.
 *
 * - {@link setCaseStatus}: PUT /case `{ case_id, case_status, reason? }` (user_type 10 or more). A
 *   move to a lower status code needs a non-blank reason: the server answers 400 'A reason is
 *   required to move a case back to an earlier status' otherwise (the screens ask for one first).
 * - {@link setPayAmount}: PATCH /case `{ case_id, pay_amount }`, pay_amount in DOLLARS with at most
 *   2 decimals (the server stores integer cents), null to remove it. Providers get 403.
 * - {@link undoCaseStatus}: PATCH /case back to the status before a move, reason "Undo", on the
 *   version the move answered (409 when the case changed since; docs/decisions/0025-bulk-and-undo.md).
 * - {@link bulkUpdateCases}: POST /case/bulk, one result per item.
 * Each resolves with the updated case ({@link CaseView}) and throws `ApiError` with the server's
 * message. After a change, the hooks put the answer in the case's query and in the cached lists that
 * hold it, and mark every list stale without reading it again: a row that leaves a filtered list
 * stays, greyed, until the list is read again (decision 0025). Counts are read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_PAY_AMOUNT_DOLLARS } from '../../../shared/constants';
import type { BulkResult, CaseBulkBody } from '../../../shared/schemas/case-bulk';
import { apiFetch } from '../lib/api';
import { normalizeCase, type CaseView } from './api';
import { caseKeys } from '../lib/queryKeys';

export const CASE_ADMIN_MESSAGES = {
  /** Same words as the server's 400 (shared CASE_MESSAGES.reasonRequired). */
  reasonRequired: 'A reason is required to move a case back to an earlier status',
  reasonHelp: "Moving a case to an earlier status needs a reason. It is kept in the case's status history.",
  payAmountInvalid: `Enter an amount in dollars from 0 to ${MAX_PAY_AMOUNT_DOLLARS.toLocaleString('en-US')} with at most 2 decimals (e.g. 1234.56)`,
  payAmountSaved: 'Pay amount saved',
  payAmountCleared: 'Pay amount removed',
  statusChanged: (label: string) => `Status changed to ${label}`,
  /** The reason an undo leaves in the status history. */
  undoReason: 'Undo',
  statusUndone: (label: string) => `Undone: the status is ${label} again`,
  /** A move made by recording its dispute event: no Undo (the event stays). */
  statusChangedByEvent: (label: string) =>
    `Status changed to ${label} and its dispute event recorded. To take it back, delete the event in the Dispute panel, then move the status back.`,
} as const;

function caseFrom(body: unknown): CaseView {
  const raw = typeof body === 'object' && body !== null && 'case' in body ? (body as { case: unknown }).case : body;
  return normalizeCase(raw);
}

/** PUT /case: set the status; `reason` sent only when non-blank (trimmed). */
export async function setCaseStatus(caseId: string, status: number, reason?: string): Promise<CaseView> {
  const why = reason?.trim();
  const body = await apiFetch<unknown>('/case', {
    method: 'PUT',
    body: { case_id: caseId, case_status: status, ...(why ? { reason: why } : {}) },
  });
  return caseFrom(body);
}

/**
 * Undo a status move: PATCH /case `{ case_id, case_status: before, reason: 'Undo', version }`, where
 * `version` is the one the move answered (a later change by anyone makes it 409, nothing written).
 */
export async function undoCaseStatus(caseId: string, before: number, version: number | undefined): Promise<CaseView> {
  const body = await apiFetch<unknown>('/case', {
    method: 'PATCH',
    body: {
      case_id: caseId,
      case_status: before,
      reason: CASE_ADMIN_MESSAGES.undoReason,
      ...(version !== undefined ? { version } : {}),
    },
  });
  return caseFrom(body);
}

/** POST /case/bulk: each item applied on its own; resolves with one result per item, in order. */
export async function bulkUpdateCases(body: CaseBulkBody): Promise<BulkResult[]> {
  const answer = await apiFetch<{ results?: BulkResult[] }>('/case/bulk', { method: 'POST', body });
  return answer.results ?? [];
}

/** PATCH /case: set (dollars) or remove (null) the pay amount. */
export async function setPayAmount(caseId: string, dollars: number | null): Promise<CaseView> {
  const body = await apiFetch<unknown>('/case', { method: 'PATCH', body: { case_id: caseId, pay_amount: dollars } });
  return caseFrom(body);
}

/**
 * Read a pay amount typed in dollars: '1234.5', '$1,234.56', ' 0 '. Empty text = remove (null).
 * Returns `{ value }` or `{ error }` ({@link CASE_ADMIN_MESSAGES}.payAmountInvalid): more than 2
 * decimals, a negative or non-numeric text, or more than MAX_PAY_AMOUNT_DOLLARS.
 */
export function parseDollarsInput(input: string): { value: number | null } | { error: string } {
  const text = input.trim().replace(/^\$\s*/, '');
  if (text === '') return { value: null };
  const plain = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(text) ? text.replace(/,/g, '') : text;
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return { error: CASE_ADMIN_MESSAGES.payAmountInvalid };
  const value = Number(plain);
  if (!Number.isFinite(value) || value > MAX_PAY_AMOUNT_DOLLARS) return { error: CASE_ADMIN_MESSAGES.payAmountInvalid };
  return { value };
}

/** Cached list pages (`{ pages: [{ cases }] }`) with `updated` merged into its row, when present. */
export function withUpdatedRow<T>(data: T, updated: CaseView): T {
  const pages = (data as { pages?: unknown } | undefined)?.pages;
  if (!Array.isArray(pages)) return data;
  let changed = false;
  const next = pages.map((page: { cases?: CaseView[] }) => {
    if (!Array.isArray(page?.cases) || !page.cases.some((c) => c.case_id === updated.case_id)) return page;
    changed = true;
    return { ...page, cases: page.cases.map((c) => (c.case_id === updated.case_id ? { ...c, ...updated } : c)) };
  });
  return changed ? ({ ...(data as object), pages: next } as T) : data;
}

/** After a change: the case's query and its rows in the cached lists updated, lists marked stale, counts read again. */
export function useCaseUpdated() {
  const queryClient = useQueryClient();
  return async (updated: CaseView) => {
    queryClient.setQueryData(caseKeys.one(updated.case_id), updated);
    queryClient.setQueriesData({ queryKey: caseKeys.lists }, (data: unknown) => withUpdatedRow(data, updated));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: caseKeys.lists, refetchType: 'none' }),
      queryClient.invalidateQueries({ queryKey: caseKeys.stats }),
    ]);
  };
}

/** Mutation of {@link undoCaseStatus}: `mutate({ caseId, before, version })`. */
export function useUndoCaseStatus() {
  const onUpdated = useCaseUpdated();
  return useMutation({
    mutationFn: (v: { caseId: string; before: number; version: number | undefined }) =>
      undoCaseStatus(v.caseId, v.before, v.version),
    onSuccess: onUpdated,
  });
}

/** Mutation of {@link setCaseStatus}: `mutate({ caseId, status, reason? })`. */
export function useSetCaseStatus() {
  const onUpdated = useCaseUpdated();
  return useMutation({
    mutationFn: (v: { caseId: string; status: number; reason?: string }) => setCaseStatus(v.caseId, v.status, v.reason),
    onSuccess: onUpdated,
  });
}

/** Mutation of {@link setPayAmount}: `mutate({ caseId, dollars })`. */
export function useSetPayAmount() {
  const onUpdated = useCaseUpdated();
  return useMutation({
    mutationFn: (v: { caseId: string; dollars: number | null }) => setPayAmount(v.caseId, v.dollars),
    onSuccess: onUpdated,
  });
}
