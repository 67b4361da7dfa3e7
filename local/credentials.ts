/**
 * The local runtime's own AWS credentials: an access key id and secret generated at the first start
 * into `<dataDir>/local-credentials.json` (mode 0600) and kept across restarts, so that the import
 * CLIs and the `aws` CLI can use them while `npm start` runs. They are the only credentials the
 * runtime's AWS-facing layers accept (`/s3`, `/lambda`, `/secretsmanager` and the DynamoDB
 * endpoint); the emulators' well-known keys (`S3RVER`, any key dynalite would take) are refused
 * (docs/decisions/0017-security-findings.md). A process that can read the file can read the data
 * directory's stores anyway.
 *
 * Small on purpose: the CLIs import it without the whole runtime.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { readOrCreateFile } from './util';

export const CREDENTIALS_FILE = 'local-credentials.json';

export interface LocalCredentials {
  /** 20 characters, `LOCAL` and 15 of A-Z2-7 (the shape of an AWS access key id). */
  accessKeyId: string;
  /** 40 characters of base64, as an AWS secret access key. */
  secretAccessKey: string;
}

/**
 * s3rver's own key: only the S3 layer's calls to s3rver itself use it (s3rver knows no other key,
 * and checks no SigV4 signature).
 */
export const S3RVER_CREDENTIALS: LocalCredentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const CredentialsSchema = z.object({
  accessKeyId: z.string().regex(/^[A-Z0-9]{16,128}$/),
  secretAccessKey: z.string().min(16),
});

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function generate(): string {
  const id = `LOCAL${[...randomBytes(15)].map((b) => BASE32[b % 32]).join('')}`;
  const credentials: LocalCredentials = { accessKeyId: id, secretAccessKey: randomBytes(30).toString('base64') };
  return `${JSON.stringify(credentials, null, 2)}\n`;
}

/**
 * The credentials of the runtime on `dataDir`, generated the first time (see the module doc).
 * @throws Error when the file exists but does not hold credentials (delete it to get new ones)
 */
export function ensureLocalCredentials(dataDir: string): LocalCredentials {
  const file = join(dataDir, CREDENTIALS_FILE);
  const text = readOrCreateFile(file, generate);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = CredentialsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${file} does not hold local credentials: delete it to generate new ones`);
  return parsed.data;
}

/** `{ [accessKeyId]: secretAccessKey }`, the shape the verifying layers take (local/sigv4.ts). */
export function credentialMap(credentials: LocalCredentials): Record<string, string> {
  return { [credentials.accessKeyId]: credentials.secretAccessKey };
}
