/**
 * Stage names and the settings derived from them (issue 2, section 7).
 *
 * A stage is the unit of deployment: `dev`, `prod`, or an ephemeral QA stage such as `qa-123`.
 * Only `prod` keeps its data when the stack is destroyed; every other stage is disposable.
 */

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
}

/** Derive the stage settings from a validated stage name. */
export function stageSettings(stage: string): StageSettings {
  return { stage, isProd: stage === PROD_STAGE, resourcePrefix: `suture-${stage}` };
}
