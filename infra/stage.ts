/**
 * Stage names and the settings derived from them (docs/operations.md).
 *
 * A stage is the unit of deployment: `dev`, `prod`, or an ephemeral QA stage such as `qa-123`.
 * Only `prod` keeps its data when the stack is destroyed; every other stage is disposable.
 */
import * as z from 'zod';
import { InvalidDeadlineSettingsError, parseDeadlineSettings, type DeadlineSettings } from '../shared/dispute/settings';
import { DEFAULT_SUPPORT_EMAIL } from '../shared/config';

/** The address email is sent from when the context gives no `senderEmail` (verify it, docs/operations.md). */
export const DEFAULT_SENDER_EMAIL = 'no-reply@suture.example';

/** Lowercase letters, digits and single dashes, starting and ending with a letter or digit, 1 to 24 chars. */
export const STAGE_PATTERN = /^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,23}$/;

/** The stage whose data is retained (tables, buckets, user pool) and protected against deletion. */
export const PROD_STAGE = 'prod';

/** Thrown when the `stage` context value is missing or not a valid stage name. */
export class InvalidStageError extends Error {
  override name = 'InvalidStageError';
}

/**
 * Validate a stage name taken from CDK context (`-c stage=...`).
 * @throws InvalidStageError when the value is not a string matching {@link STAGE_PATTERN}.
 */
export function parseStage(value: unknown): string {
  if (typeof value !== 'string' || !STAGE_PATTERN.test(value)) {
    throw new InvalidStageError(
      `Invalid stage ${JSON.stringify(value)}: use 1 to 24 lowercase letters, digits and single dashes, e.g. -c stage=qa-123`,
    );
  }
  return value;
}

/** Settings every construct derives from the stage. */
export interface StageSettings {
  /** The validated stage name. */
  stage: string;
  /** true only for {@link PROD_STAGE}: retain data, enable deletion protection. */
  isProd: boolean;
  /** Prefix of physical resource names, e.g. `suture-qa-123` (tables are `suture-qa-123-cases`). */
  resourcePrefix: string;
  /** Where the stage's alarms are mailed (infra/monitoring.ts); required in prod, optional elsewhere. */
  alarmEmail?: string;
  /** WAF requests blocked in 5 minutes above which the stage alarms (attacks, or a rule blocking users). */
  wafBlockedBaseline: number;
  /**
   * The deadline engine's settings (shared/dispute/settings.ts), complete: the 2026-IDR-Ops dates,
   * the due-soon window, the Executive Order closures switch; given to the functions as `DISPUTE_DEADLINES`.
   */
  disputeDeadlines: DeadlineSettings;
  /**
   * Email (docs/decisions/0027-email-and-support-messages.md): `sender`, the address email is sent
   * from; `identity`, the SES identity verified for it (that address, or its domain), the only one
   * the functions may send from; `support`, where messages to support go (also the SPA's `supportEmail`).
   */
  email: { sender: string; identity: string; support: string };
}

/** {@link StageSettings.wafBlockedBaseline} unless the context gives one. */
export const DEFAULT_WAF_BLOCKED_BASELINE = 100;

/** Thrown when a stage setting from the context is malformed. */
export class InvalidStageSettingError extends Error {
  override name = 'InvalidStageSettingError';
}

/** The settings CDK context may give a stage (`-c alarmEmail=ops@example.com -c wafBlockedBaseline=500`). */
export interface StageContext {
  alarmEmail?: unknown;
  wafBlockedBaseline?: unknown;
  /** An object (cdk.json) or its JSON text (`-c disputeDeadlines='{"dueSoonBusinessDays":3}'`). */
  disputeDeadlines?: unknown;
  /** `-c senderEmail=no-reply@example.com` (default {@link DEFAULT_SENDER_EMAIL}). */
  senderEmail?: unknown;
  /** `-c senderIdentity=example.com`: the verified identity, the sender's address or its domain (default the address). */
  senderIdentity?: unknown;
  /** `-c supportEmail=help@example.com` (default shared/config.ts DEFAULT_SUPPORT_EMAIL). */
  supportEmail?: unknown;
}

/**
 * Derive the stage settings from a validated stage name and the context's settings (strings, as `-c`
 * passes them, or numbers).
 * @throws InvalidStageSettingError when `alarmEmail` is not an email address, `wafBlockedBaseline`
 *   is not a whole number of 1 or more, `disputeDeadlines` fails shared/dispute/settings.ts,
 *   `senderEmail` or `supportEmail` is not an email address, or `senderIdentity` is neither the
 *   sender's address nor its domain.
 */
export function stageSettings(stage: string, context: StageContext = {}): StageSettings {
  const isProd = stage === PROD_STAGE;
  const given = (v: unknown) => v !== undefined && v !== '';
  const { alarmEmail, wafBlockedBaseline } = context;
  if (given(alarmEmail) && !z.email().safeParse(alarmEmail).success) {
    throw new InvalidStageSettingError(`Invalid alarmEmail ${JSON.stringify(alarmEmail)}: use an email address`);
  }
  const baseline = given(wafBlockedBaseline) ? Number(wafBlockedBaseline) : DEFAULT_WAF_BLOCKED_BASELINE;
  if (!Number.isInteger(baseline) || baseline < 1) {
    throw new InvalidStageSettingError(
      `Invalid wafBlockedBaseline ${JSON.stringify(wafBlockedBaseline)}: use a whole number of 1 or more`,
    );
  }
  let disputeDeadlines: DeadlineSettings;
  try {
    disputeDeadlines = parseDeadlineSettings(context.disputeDeadlines, 'disputeDeadlines');
  } catch (err) {
    if (err instanceof InvalidDeadlineSettingsError) throw new InvalidStageSettingError(err.message, { cause: err });
    throw err;
  }
  return {
    stage,
    isProd,
    email: emailSettings(context),
    resourcePrefix: `suture-${stage}`,
    ...(given(alarmEmail) ? { alarmEmail: alarmEmail as string } : {}),
    wafBlockedBaseline: baseline,
    disputeDeadlines,
  };
}

/** The email settings of the context (see {@link StageSettings.email}); throws InvalidStageSettingError. */
function emailSettings(context: StageContext): StageSettings['email'] {
  const text = (v: unknown, fallback: string) => (typeof v === 'string' && v !== '' ? v : fallback);
  const sender = text(context.senderEmail, DEFAULT_SENDER_EMAIL);
  const support = text(context.supportEmail, DEFAULT_SUPPORT_EMAIL);
  for (const [name, value] of [
    ['senderEmail', sender],
    ['supportEmail', support],
  ] as const) {
    if (!z.email().safeParse(value).success) {
      throw new InvalidStageSettingError(`Invalid ${name} ${JSON.stringify(value)}: use an email address`);
    }
  }
  const identity = text(context.senderIdentity, sender);
  if (identity !== sender && identity !== sender.slice(sender.indexOf('@') + 1)) {
    throw new InvalidStageSettingError(
      `Invalid senderIdentity ${JSON.stringify(identity)}: use the sender's address or its domain`,
    );
  }
  return { sender, identity, support };
}
