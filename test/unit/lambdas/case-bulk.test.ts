/**
 * POST /case/bulk's own checks (lambdas/case/bulk.ts, shared/schemas/case-bulk.ts): the body's shape
 * (1 to 100 items, each case once, a known action) and each item's body for the single call (the
 * action's fields only; the other action's field or a missing one refused for that item).
 */
import './support/env';
import { itemBody } from '../../../lambdas/case/bulk';
import { ValidationError } from '../../../lambdas/lib/errors';
import { CaseBulkBodySchema, MAX_BULK_ITEMS } from '../../../shared/schemas/case-bulk';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ case_id: `c-${i}`, case_status: 20 }));

describe('CaseBulkBodySchema', () => {
  it('takes 1 to 100 items of distinct cases under a known action', () => {
    // Act
    const outcomes = [
      CaseBulkBodySchema.safeParse({ action: 'status', items: items(MAX_BULK_ITEMS) }).success,
      CaseBulkBodySchema.safeParse({ action: 'status', items: items(MAX_BULK_ITEMS + 1) }).success,
      CaseBulkBodySchema.safeParse({ action: 'status', items: [] }).success,
      CaseBulkBodySchema.safeParse({ action: 'close', items: items(1) }).success,
      CaseBulkBodySchema.safeParse({ action: 'pay_amount', items: [...items(1), ...items(1)] }).success,
    ];
    // Assess
    expect(outcomes).toEqual([true, false, false, false, false]);
  });
});

describe('itemBody', () => {
  it("passes the action's fields only and refuses a missing or foreign field", () => {
    // Act
    const status = itemBody('status', { case_id: 'c-1', case_status: 10, reason: 'Undo', version: 3 });
    const pay = itemBody('pay_amount', { case_id: 'c-1', pay_amount: null, reason: 'ignored' });
    // Assess
    expect(status).toEqual({ case_id: 'c-1', case_status: 10, reason: 'Undo', version: 3 });
    expect(pay).toEqual({ case_id: 'c-1', pay_amount: null });
    expect(() => itemBody('status', { case_id: 'c-1' })).toThrow(
      new ValidationError([{ field: 'case_status', message: 'case_status is required for this action' }]),
    );
    expect(() => itemBody('pay_amount', { case_id: 'c-1', pay_amount: 5, case_status: 20 })).toThrow(
      "case_status is not taken by action 'pay_amount'",
    );
  });
});
