/**
 * A thin local answer to Secrets Manager's GetSecretValue (`AWS_ENDPOINT_URL_SECRETS_MANAGER` points
 * here), so that the handlers read their secrets through the SDK exactly as on AWS. The one secret is
 * the list cursors' key material (lambdas/lib/cursor-seal.ts): random text generated once into a file
 * under the data directory (mode 0600) and kept across restarts, so cursors survive a restart.
 *
 * - The request must carry a valid SigV4 header signature for service `secretsmanager` made with the
 *   runtime's credentials (local/sigv4.ts), else 403.
 * - `X-Amz-Target: secretsmanager.GetSecretValue` with `{ SecretId }` naming a known secret (its ARN
 *   or name): `{ ARN, Name, SecretString, VersionId, VersionStages }`; unknown secret: 400
 *   ResourceNotFoundException; any other operation: 400 UnknownOperationException; a body over
 *   64 KB: 413 as soon as the limit is passed.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { verifySignedPost } from './sigv4';
import { BodyTooLargeError, readBody, readOrCreateFile } from './util';

/** Name of the local cursor key secret; its ARN is {@link localSecretArn}. */
export const CURSOR_KEY_SECRET_NAME = 'suture-local-cursor-key';

/** The ARN the local runtime gives a secret name (account 000000000000, as the other emulators). */
export function localSecretArn(region: string, name: string): string {
  return `arn:aws:secretsmanager:${region}:000000000000:secret:${name}`;
}

/**
 * The text of the cursor key secret in `dataDir`: `cursor-key` holds 32 random bytes in base64,
 * written (mode 0600) the first time and read afterwards.
 */
export function ensureCursorKeyFile(dataDir: string): string {
  return readOrCreateFile(join(dataDir, 'cursor-key'), () => `${randomBytes(32).toString('base64')}\n`).trim();
}

export interface SecretsApiOptions {
  /** Path prefix on the public server, e.g. `/secretsmanager`. */
  prefix: string;
  credentials: Readonly<Record<string, string>>;
  /** Secrets by ARN: name and text. */
  secrets: Readonly<Record<string, { name: string; text: string }>>;
}

export interface SecretsApi {
  handle(req: IncomingMessage, res: ServerResponse, rawPath: string, rawQuery: string): Promise<number>;
}

/** A GetSecretValue request is a few hundred bytes; 64 KB is Secrets Manager's largest secret. */
const MAX_REQUEST_BYTES = 64 * 1024;

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): number {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/x-amz-json-1.1',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
  return status;
}

/** The GetSecretValue answerer over `options.secrets` (see module doc). */
export function createSecretsApi(options: SecretsApiOptions): SecretsApi {
  const byId = new Map<string, { arn: string; name: string; text: string }>();
  for (const [arn, secret] of Object.entries(options.secrets)) {
    byId.set(arn, { arn, ...secret });
    byId.set(secret.name, { arn, ...secret });
  }
  return {
    async handle(req, res, rawPath, rawQuery) {
      let body: Buffer;
      try {
        body = await readBody(req, MAX_REQUEST_BYTES);
      } catch (err) {
        if (!(err instanceof BodyTooLargeError)) throw err;
        return answer(res, 413, { message: 'Request Entity Too Large' }, { connection: 'close' });
      }
      if (req.method !== 'POST') return answer(res, 405, { message: 'Method Not Allowed' });
      const verdict = await verifySignedPost(
        { headers: req.headers, rawPath, rawQuery, body },
        { credentials: options.credentials, service: 'secretsmanager' },
      );
      if (!verdict.ok) return answer(res, 403, { __type: verdict.code, message: verdict.message });
      if (req.headers['x-amz-target'] !== 'secretsmanager.GetSecretValue') {
        return answer(res, 400, { __type: 'UnknownOperationException', message: 'Only GetSecretValue is answered' });
      }
      let secretId: unknown;
      try {
        secretId = (JSON.parse(body.toString('utf8')) as { SecretId?: unknown }).SecretId;
      } catch {
        return answer(res, 400, { __type: 'SerializationException', message: 'The body is not JSON' });
      }
      const secret = typeof secretId === 'string' ? byId.get(secretId) : undefined;
      if (!secret) {
        return answer(res, 400, {
          __type: 'ResourceNotFoundException',
          message: "Secrets Manager can't find the specified secret.",
        });
      }
      return answer(res, 200, {
        ARN: secret.arn,
        Name: secret.name,
        SecretString: secret.text,
        VersionId: createHash('sha256').update(secret.text).digest('hex').slice(0, 32),
        VersionStages: ['AWSCURRENT'],
      });
    },
  };
}
