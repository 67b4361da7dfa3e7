/**
 * Stage names and the settings derived from them (docs/operations.md).
 *
 * A stage is the unit of deployment: `dev`, `prod`, or an ephemeral QA stage such as `qa-123`.
 * Only `prod` keeps its data when the stack is destroyed; every other stage is disposable.
 */
import * as z from 'zod';
import {
  InvalidDeadlineSettingsError,
  parseDeadlineSettings,
  type DeadlineSettings,
} from '../shared/dispute/settings';

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
}

/**
 * Derive the stage settings from a validated stage name and the context's settings (strings, as `-c`
 * passes them, or numbers).
 * @throws InvalidStageSettingError when `alarmEmail` is not an email address, `wafBlockedBaseline`
 *   is not a whole number of 1 or more, or `disputeDeadlines` fails shared/dispute/settings.ts.
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
    resourcePrefix: `suture-${stage}`,
    ...(given(alarmEmail) ? { alarmEmail: alarmEmail as string } : {}),
    wafBlockedBaseline: baseline,
    disputeDeadlines,
  };
}
