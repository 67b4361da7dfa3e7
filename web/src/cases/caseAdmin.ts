/**
 * The back office's case actions, shared by Case Details and the Case
 * Management list (web/src/back-office/cases): the calls, their mutation hooks and their messages.
 *
 * - {@link setCaseStatus}: PUT /case `{ case_id, case_status, reason? }` (user_type 10 or more). A
 *   move to a lower status code needs a non-blank reason: the server answers 400 'A reason is
 *   required to move a case back to an earlier status' otherwise (the screens ask for one first).
 * - {@link setPayAmount}: PATCH /case `{ case_id, pay_amount }`, pay_amount in DOLLARS with at most
 *   2 decimals (the server stores integer cents), null to remove it. Providers get 403.
 * Both resolve with the updated case ({@link CaseView}) and throw `ApiError` with the server's
 * message. After either, the hooks put the answer in the case's query and invalidate every case
 * list and every count (`['cases', 'list']`, `['cases', 'stats']`), so lists, badges and totals follow.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MAX_PAY_AMOUNT_DOLLARS } from '../../../shared/constants';
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

function useCaseUpdated() {
  const queryClient = useQueryClient();
  return async (updated: CaseView) => {
    queryClient.setQueryData(caseKeys.one(updated.case_id), updated);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: caseKeys.lists }),
      queryClient.invalidateQueries({ queryKey: caseKeys.stats }),
    ]);
  };
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
