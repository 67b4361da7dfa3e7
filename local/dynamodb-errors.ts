/**
 * Errors of the local DynamoDB emulator that cross from its worker thread to the caller of
 * `startDynamo` (local/dynamodb.ts): a tiny module of its own so that neither side loads the
 * other's dependencies (the worker no AWS SDK, the main thread no dynalite).
 */

/**
 * The LevelDB store of a directory is open elsewhere: another process (e.g. a running `npm start`)
 * or another emulator of this process on the same directory. Code `LEVEL_LOCKED` (level's code).
 */
export class DynamoStoreInUseError extends Error {
  readonly code = 'LEVEL_LOCKED';
  /** `dir`: the store's directory, named in the message. */
  constructor(dir: string) {
    super(
      `The local DynamoDB store ${dir} is in use by another process or emulator (its LevelDB lock is held): stop it first`,
    );
    this.name = 'DynamoStoreInUseError';
  }
}

/** The message's directory back from a DynamoStoreInUseError's message (for rebuilding it across threads). */
export function storeInUseDir(message: string): string | undefined {
  return /^The local DynamoDB store (.*) is in use by another process/.exec(message)?.[1];
}
