/**
 * A stage's settings of the deadline engine (docs/decisions/0018-nsa-deadline-engine.md): the
 * applicability dates of the 2026-IDR-Ops provisions, the due-soon window and the switch of the
 * Executive Order closures. CDK validates them from the `disputeDeadlines` context (infra/stage.ts)
 * and writes them, complete, into the `DISPUTE_DEADLINES` variable of the functions that compute
 * deadlines, which parse it again at cold start (lambdas/data/dispute/calendar.ts). Not exported by
 * ./index.ts: the SPA computes with the defaults and does not bundle this.
 */
import * as z from 'zod';
import { DEFAULT_DEADLINE_CONFIG, EXECUTIVE_ORDER_CLOSURES, isIsoDate, type DeadlineConfig } from './events';

/** Name of the Lambda environment variable (and of the local runtime's) that holds the settings as JSON. */
export const DISPUTE_DEADLINES_ENV = 'DISPUTE_DEADLINES';

/** Largest due-soon window accepted, in business days (about six weeks). */
export const MAX_DUE_SOON_BUSINESS_DAYS = 30;

/** A provision's date: YYYY-MM-DD (open negotiations sent on or after it), or null (never). */
const appliesFrom = z.union([
  z.string().refine(isIsoDate, { error: 'must be a date that exists (YYYY-MM-DD) or null (never)' }),
  z.null(),
]);

/** The settings; every one optional (the engine's defaults), unknown names refused (a typo fails synth). */
export const DeadlineSettingsSchema = z.strictObject({
  /** Open negotiation starts on the later of filing and notice, for negotiations sent from this date. */
  openNegotiationStartFrom: appliesFrom.default(
    DEFAULT_DEADLINE_CONFIG.provisions2026.openNegotiationStart.appliesFrom,
  ),
  /** The Open Negotiation Response Notice is due by business day 15, from this date. */
  responseNoticeFrom: appliesFrom.default(DEFAULT_DEADLINE_CONFIG.provisions2026.responseNotice.appliesFrom),
  /** Cooling-off of batched disputes as 30 business days (unconfirmed rule), from this date. */
  batchedCoolingOffFrom: appliesFrom.default(DEFAULT_DEADLINE_CONFIG.provisions2026.batchedCoolingOff.appliesFrom),
  /** An open deadline due within this many business days is `due_soon`. */
  dueSoonBusinessDays: z
    .number({ error: `must be a whole number of business days from 1 to ${MAX_DUE_SOON_BUSINESS_DAYS}` })
    .int({ error: `must be a whole number of business days from 1 to ${MAX_DUE_SOON_BUSINESS_DAYS}` })
    .min(1, { error: `must be a whole number of business days from 1 to ${MAX_DUE_SOON_BUSINESS_DAYS}` })
    .max(MAX_DUE_SOON_BUSINESS_DAYS, {
      error: `must be a whole number of business days from 1 to ${MAX_DUE_SOON_BUSINESS_DAYS}`,
    })
    .default(DEFAULT_DEADLINE_CONFIG.dueSoonBusinessDays),
  /** true: the Executive Order closures of the reference are not business days (unconfirmed rule). */
  executiveOrderClosures: z.boolean({ error: 'must be true or false' }).default(false),
});
export type DeadlineSettings = z.output<typeof DeadlineSettingsSchema>;

/** Thrown for settings that are not JSON or fail {@link DeadlineSettingsSchema}; the message names each field. */
export class InvalidDeadlineSettingsError extends Error {
  override name = 'InvalidDeadlineSettingsError';
}

/**
 * The complete settings of `raw`: an object, JSON text of one, or undefined/empty (every default).
 * @param source what `raw` is, for the message (e.g. `DISPUTE_DEADLINES` or `disputeDeadlines`)
 * @throws InvalidDeadlineSettingsError naming `source` and each field at fault
 */
export function parseDeadlineSettings(raw: unknown, source: string): DeadlineSettings {
  let value: unknown = raw;
  if (raw === undefined || raw === '') value = {};
  else if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new InvalidDeadlineSettingsError(
        `Invalid ${source}: not JSON (give an object, e.g. {"dueSoonBusinessDays":3})`,
      );
    }
  }
  const parsed = DeadlineSettingsSchema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(the value)'} ${i.message}`).join('; ');
    throw new InvalidDeadlineSettingsError(`Invalid ${source}: ${problems}`);
  }
  return parsed.data;
}

/** The engine's configuration of complete settings. */
export function deadlineConfigOf(settings: DeadlineSettings): DeadlineConfig {
  return {
    extraClosures: settings.executiveOrderClosures ? EXECUTIVE_ORDER_CLOSURES : [],
    dueSoonBusinessDays: settings.dueSoonBusinessDays,
    provisions2026: {
      openNegotiationStart: {
        appliesFrom: settings.openNegotiationStartFrom,
        requireNoticeToOtherParty:
          DEFAULT_DEADLINE_CONFIG.provisions2026.openNegotiationStart.requireNoticeToOtherParty,
      },
      responseNotice: { appliesFrom: settings.responseNoticeFrom },
      batchedCoolingOff: { appliesFrom: settings.batchedCoolingOffFrom },
    },
  };
}
