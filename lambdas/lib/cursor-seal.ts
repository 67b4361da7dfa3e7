/**
 * Sealed list cursors (docs/decisions/0011-sealed-cursors.md): AES-256-GCM with a per-stage key, so
 * that a cursor shows nothing of the index keys and names it carries, and opens only in the stage,
 * and for the scope (caller and query), that sealed it.
 *
 * The key is derived (HKDF-SHA-256) from the Secrets Manager secret named by `CURSOR_KEY_SECRET_ARN`,
 * read once per cold start where that variable is set ({@link loadCursorKey}, registered with
 * lambdas/lib/cold-start.ts). Locally
 * the runtime answers that GetSecretValue from a key file it generates under `.data/`, so the code
 * path is the same.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SDK_RETRY, withoutSdkLogging } from './aws';
import { beforeFirstRequest } from './cold-start';
import { getEnv } from './env';

/** First byte of every sealed cursor: the format (key derivation, cipher, layout). */
const FORMAT = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Shortest secret accepted (characters): the stack generates 64. */
export const MIN_SECRET_LENGTH = 32;

/** The cursor key could not be read (no secret ARN, the secret unreadable or too short): a 500. */
export class CursorKeyError extends Error {
  override name = 'CursorKeyError';
}

let key: Buffer | undefined;
let client: SecretsManagerClient | undefined;

/** The 32-byte AES key of a secret's text (HKDF-SHA-256, info `suture cursor v1`). */
export function deriveCursorKey(secret: string): Buffer {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new CursorKeyError(`The cursor key secret must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  return Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'suture cursor v1', 32));
}

/**
 * Read the secret named by `CURSOR_KEY_SECRET_ARN` (GetSecretValue, its `SecretString`) and keep the
 * derived key for the life of the Lambda. Resolves at once when already read.
 * @throws CursorKeyError without the variable or with a short secret; the SDK's error of a failed read
 */
export async function loadCursorKey(): Promise<void> {
  if (key) return;
  const arn = getEnv().CURSOR_KEY_SECRET_ARN;
  if (!arn) throw new CursorKeyError('CURSOR_KEY_SECRET_ARN is not set: this function cannot page');
  client ??= withoutSdkLogging(new SecretsManagerClient({ ...SDK_RETRY }));
  const out = await client.send(new GetSecretValueCommand({ SecretId: arn }));
  if (!out.SecretString) throw new CursorKeyError('The cursor key secret has no SecretString');
  key = deriveCursorKey(out.SecretString);
}

// Only where the stage gives the secret: a function may bundle this module without paging (the
// document Lambda reaches the case repository), and then never seals a cursor.
beforeFirstRequest(async () => {
  if (getEnv().CURSOR_KEY_SECRET_ARN) await loadCursorKey();
});

/** Forget the key, so that the next {@link loadCursorKey} reads the secret again (tests). */
export function resetCursorKey(): void {
  key = undefined;
}

function cursorKey(): Buffer {
  if (!key) {
    throw new CursorKeyError(
      getEnv().CURSOR_KEY_SECRET_ARN
        ? 'The cursor key is not loaded (loadCursorKey runs before the first request)'
        : 'CURSOR_KEY_SECRET_ARN is not set: give this function cursorKey in RESOURCE_ACCESS',
    );
  }
  return key;
}

/**
 * `state` (any JSON value) sealed for `scope`: base64url of format byte, 12-byte IV, ciphertext of
 * the JSON and 16-byte tag; `scope` is authenticated (GCM additional data), not carried.
 * @throws CursorKeyError before {@link loadCursorKey}
 */
export function sealCursor(scope: string, state: unknown): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', cursorKey(), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(scope, 'utf8'));
  const sealed = Buffer.concat([cipher.update(JSON.stringify(state) ?? 'null', 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.from([FORMAT]), iv, sealed, cipher.getAuthTag()]).toString('base64url');
}

/**
 * The state of a cursor made by {@link sealCursor} with this key for this `scope`.
 * @throws CursorKeyError before {@link loadCursorKey}; any other error when the cursor does not
 *   open (another format, stage, scope, or a changed byte)
 */
export function openCursor(raw: string, scope: string): unknown {
  const k = cursorKey();
  const bytes = Buffer.from(raw, 'base64url');
  if (bytes.length < 1 + IV_BYTES + TAG_BYTES || bytes[0] !== FORMAT) throw new Error('Not a sealed cursor');
  const decipher = createDecipheriv('aes-256-gcm', k, bytes.subarray(1, 1 + IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(scope, 'utf8'));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const plain = Buffer.concat([
    decipher.update(bytes.subarray(1 + IV_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]);
  return JSON.parse(plain.toString('utf8')) as unknown;
}
