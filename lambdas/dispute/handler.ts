/**
 * /dispute Lambda: the dispute desk of the No Surprises Act (shared/reference/nsa-idr-rules.md;
 * decision record 0019). What each call takes and answers: shared/api-contract.ts. Deadlines are
 * computed on read by the engine (shared/dispute) as of today in America/New_York; a write stores the
 * event, the case's next open deadline for the queue, its award and the counters in one transaction
 * with the case's forward status move.
 */
import { API_MESSAGES } from '../../shared';
import {
  checkPrerequisites,
  computeDeadlines,
  dollarsToCents,
  statusAfterEvent,
  DisputeEventInputSchema,
} from '../../shared/dispute';
import { CalculateBodySchema, DisputeFieldsBodySchema, type DisputeAnswer } from '../../shared/schemas/dispute-api';
import { DisputeEventBodySchema } from '../../shared/schemas/dispute-api';
import { requireCaller } from '../lib/auth';
import { ConflictError, NotFoundError, ValidationError } from '../lib/errors';
import { bodyObject, ok, queryParam, type ApiEvent } from '../lib/http';
import { audit } from '../lib/audit';
import { writeAuditEntry } from '../lib/audit-writer';
import { apiHandler } from '../lib/middleware';
import { logger } from '../lib/logger';
import { parseInput } from '../lib/validation';
import { getCase } from '../data/case/repository';
import { accessibleCase } from '../data/case/access';
import { forwardStatusMove, liveCaseCheck } from '../data/case/status-move';
import { CptCatalogReadError, readMedicareBenchmark } from '../data/cpt_codes/benchmark';
import { ownerNames } from '../data/user/owners';
import {
  DisputeConflictError,
  MAX_EVENTS_PER_CASE,
  deleteEvent,
  getDispute,
  nextEventSeq,
  recordEvent,
  type StoredDispute,
} from '../data/dispute/repository';
import { EVENT_ID_PATTERN, eventIdOf, type DisputeFields } from '../data/dispute/items';
import { deadlineConfig, todayInNewYork } from '../data/dispute/calendar';
import { awardsAnswer, queueAnswer, requireBackOffice } from '../data/dispute/list-answers';
import { amountsOf, derive, eventAnswer, fromEngineEvent, liveEvents, toEngineEvent } from './rules';

/** Messages of the dispute calls' refusals. */
export const DISPUTE_MESSAGES = {
  eventNotFound: 'Dispute event not found',
  conflict: 'The dispute was changed by someone else at the same time; please try again',
  tooManyEvents: `A case holds at most ${MAX_EVENTS_PER_CASE} dispute events`,
  afterToday: (today: string) => `date must not be after today (${today}, America/New_York)`,
  beforeCase: (caseDate: string) => `date must not be before the case date (${caseDate})`,
  reasonRequired: 'reason is required',
} as const;

/** Attempts of a write that lost to a concurrent one (each reads the dispute and the case again). */
const WRITE_ATTEMPTS = 3;

function requiredParam(event: ApiEvent, name: string, maxLength?: number): string {
  const value = queryParam(event, name, maxLength);
  if (value === undefined) throw new ValidationError([{ field: name, message: `${name} is required` }]);
  return value;
}

/**
 * The Medicare benchmark of the case's procedure codes (section 4 of the dispute desk: the facility
 * total RVU times the conversion factor of the imported CMS file). Null when the catalog could not
 * be read in full: the answer of a write that already happened must not fail for it.
 */
async function benchmarkOf(codes: readonly string[]): Promise<DisputeAnswer['medicare_benchmark']> {
  try {
    return await readMedicareBenchmark(codes);
  } catch (err) {
    if (!(err instanceof CptCatalogReadError)) throw err;
    logger.warn('Medicare benchmark left out: the CPT catalog read did not complete', { error: err.message });
    return null;
  }
}

/** The answer of GET /dispute and of every write, as of `today`; `codes` are the case's procedure codes. */
async function disputeAnswer(
  caseId: string,
  codes: readonly string[],
  stored: StoredDispute,
  today: string,
): Promise<DisputeAnswer> {
  const live = liveEvents(stored.events);
  const deleted = stored.events.filter((e) => e.deleted !== undefined);
  const derived = derive(live, today);
  const [names, medicareBenchmark] = await Promise.all([
    ownerNames([...stored.events.map((e) => e.recorded_by), ...deleted.map((e) => e.deleted!.by)]),
    benchmarkOf(codes),
  ]);
  const record = stored.record;
  return {
    success: true,
    case_id: caseId,
    events: live.map((e) => eventAnswer(e, names)),
    deleted_events: deleted.map((e) => eventAnswer(e, names)),
    amounts: amountsOf(record, live),
    dispute_reference: record?.dispute_reference ?? null,
    payer_name: record?.payer_name ?? null,
    payer_contact: record?.payer_contact ?? null,
    deadlines: derived.deadlines,
    next_deadline: derived.next,
    medicare_benchmark: medicareBenchmark,
  };
}

/** POST /dispute/calculate: the engine on the dates given, by the stage's rules; nothing stored. */
async function calculate(event: ApiEvent) {
  requireCaller(event);
  const input = parseInput(CalculateBodySchema, bodyObject(event));
  const asOf = input.as_of ?? todayInNewYork();
  return ok({ success: true, deadlines: computeDeadlines(input.events, { asOf, config: deadlineConfig }) });
}

/** GET /dispute?case_id=. */
async function getOne(event: ApiEvent) {
  const caseId = requiredParam(event, 'case_id');
  const item = await accessibleCase(event, caseId);
  return ok(await disputeAnswer(caseId, item.procedure_codes, await getDispute(caseId), todayInNewYork()));
}

/** The per-case fields of a write body, amounts in cents. */
function fieldsOf(body: ReturnType<typeof DisputeFieldsBodySchema.parse>): DisputeFields {
  const fields: DisputeFields = {};
  if (body.billed_amount !== undefined) fields.billed_amount_cents = dollarsToCents(body.billed_amount);
  if (body.qpa !== undefined) fields.qpa_cents = dollarsToCents(body.qpa);
  if (body.dispute_reference) fields.dispute_reference = body.dispute_reference;
  if (body.payer_name) fields.payer_name = body.payer_name;
  if (body.payer_contact) fields.payer_contact = body.payer_contact;
  return fields;
}

/** Runs `write` (which reads what it needs) again when it lost to a concurrent write; then 409. */
async function withRetries<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (!(err instanceof DisputeConflictError)) throw err;
      if (attempt >= WRITE_ATTEMPTS) throw new ConflictError(DISPUTE_MESSAGES.conflict, { cause: err });
    }
  }
}

/** POST /dispute/event: back office only; checks, then the event, status move and counters at once. */
async function recordOne(event: ApiEvent) {
  const caller = requireCaller(event);
  await requireBackOffice(event);
  const raw = bodyObject(event);
  parseInput(DisputeEventBodySchema, raw);
  const input = parseInput(DisputeEventInputSchema, raw);
  const fields = fieldsOf(parseInput(DisputeFieldsBodySchema, raw));
  const caseId = (raw.case_id as string).trim();
  audit(event).touched('case', [caseId]);
  const now = new Date();
  const today = todayInNewYork(now);
  const codes = await withRetries(async () => {
    const item = await getCase(caseId, true);
    if (!item) throw new NotFoundError(API_MESSAGES.caseNotFound);
    if (input.date > today) throw new ValidationError([{ field: 'date', message: DISPUTE_MESSAGES.afterToday(today) }]);
    if (input.date < item.case_date) {
      throw new ValidationError([{ field: 'date', message: DISPUTE_MESSAGES.beforeCase(item.case_date) }]);
    }
    const stored = await getDispute(caseId, true);
    const seq = nextEventSeq(stored);
    if (seq > MAX_EVENTS_PER_CASE)
      throw new ValidationError([{ field: 'type', message: DISPUTE_MESSAGES.tooManyEvents }]);
    const live = liveEvents(stored.events);
    const problem = checkPrerequisites(live.map(toEngineEvent), input);
    if (problem) throw new ValidationError([problem]);
    const recorded = fromEngineEvent(input, {
      event_id: eventIdOf(seq),
      recorded_by: caller.sub,
      recorded_at: now.toISOString(),
    });
    const derived = derive([...live, recorded], today);
    const target = statusAfterEvent(item.case_status, input.type);
    const move =
      target === null
        ? { actions: [] }
        : forwardStatusMove(item, target, {
            actor: caller.sub,
            now,
            reason: `Dispute event recorded: ${input.type} (${input.date})`,
          });
    await recordEvent(caseId, stored, recorded, {
      userId: item.user_id,
      fields,
      ...(derived.queue ? { queue: derived.queue } : {}),
      ...(derived.award ? { award: derived.award } : {}),
      // The move's own condition says the case is live; without a move, a check does.
      extra: move.actions.length ? move.actions : [liveCaseCheck(caseId)],
      actor: caller.sub,
      now,
    });
    return item.procedure_codes;
  });
  return ok(await disputeAnswer(caseId, codes, await getDispute(caseId, true), today));
}

/** DELETE /dispute/event?case_id=&event_id=&reason=: a soft delete with its reason; the case never moves back. */
async function deleteOne(event: ApiEvent) {
  const caller = requireCaller(event);
  await requireBackOffice(event);
  const caseId = requiredParam(event, 'case_id');
  const eventId = requiredParam(event, 'event_id');
  const reason = queryParam(event, 'reason', 500);
  if (reason === undefined) throw new ValidationError([{ field: 'reason', message: DISPUTE_MESSAGES.reasonRequired }]);
  audit(event).touched('case', [caseId]);
  const item = await getCase(caseId);
  if (!item) throw new NotFoundError(API_MESSAGES.caseNotFound);
  if (!EVENT_ID_PATTERN.test(eventId)) throw new NotFoundError(DISPUTE_MESSAGES.eventNotFound);
  const now = new Date();
  const today = todayInNewYork(now);
  await withRetries(async () => {
    const stored = await getDispute(caseId, true);
    const target = stored.events.find((e) => e.event_id === eventId);
    if (!stored.record || !target || target.deleted) throw new NotFoundError(DISPUTE_MESSAGES.eventNotFound);
    const derived = derive(
      liveEvents(stored.events).filter((e) => e.event_id !== eventId),
      today,
    );
    await deleteEvent(caseId, { ...stored, record: stored.record }, eventId, reason, {
      userId: stored.record.user_id,
      ...(derived.queue ? { queue: derived.queue } : {}),
      ...(derived.award ? { award: derived.award } : {}),
      extra: [liveCaseCheck(caseId)],
      actor: caller.sub,
      now,
    });
  });
  return ok(await disputeAnswer(caseId, item.procedure_codes, await getDispute(caseId, true), today));
}

/** The Lambda entry point (API Gateway HTTP API, payload v2.0). */
export const handler = apiHandler(
  'dispute',
  {
    'POST /dispute/calculate': calculate,
    'GET /dispute/queue': async (event: ApiEvent) => ok(await queueAnswer(event)),
    'GET /dispute/awards': async (event: ApiEvent) => ok(await awardsAnswer(event)),
    'POST /dispute/event': recordOne,
    'DELETE /dispute/event': deleteOne,
    'GET /dispute': getOne,
  },
  { writeAudit: writeAuditEntry },
);
