/**
 * Dispute answers for the web component tests' fake API (shapes of shared/schemas/dispute-api.ts):
 * an event as GET /dispute answers it, and a dispute with no events or amounts unless overridden.
 */
import {
  DisputeAmountsSchema,
  type DisputeAnswer,
  type DisputeEventAnswer,
} from '../../../../shared/schemas/dispute-api';

/** A recorded event of `type` on `date` (id `<type>-<date>`), recorded by admin1 (Casey Admin). */
export function disputeEvent(type: string, date: string, extra: Partial<DisputeEventAnswer> = {}): DisputeEventAnswer {
  return {
    event_id: `${type}-${date}`,
    type,
    date,
    recorded_by: 'admin1',
    recorded_by_name: 'Casey Admin',
    recorded_at: '2026-03-01T12:00:00Z',
    ...extra,
  };
}

/** Every amount null (not recorded). */
export const NO_AMOUNTS = Object.fromEntries(
  Object.keys(DisputeAmountsSchema.shape).map((key) => [key, null]),
) as DisputeAnswer['amounts'];

/** The dispute of `caseId`: empty, with `overrides`. */
export function disputeOf(caseId: string, overrides: Partial<DisputeAnswer> = {}): DisputeAnswer {
  return {
    success: true,
    case_id: caseId,
    events: [],
    deleted_events: [],
    amounts: NO_AMOUNTS,
    dispute_reference: null,
    payer_name: null,
    payer_contact: null,
    deadlines: [],
    next_deadline: null,
    medicare_benchmark: null,
    ...overrides,
  };
}
