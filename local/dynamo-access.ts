/**
 * Who may call the local DynamoDB endpoint, and what (the layer of ./dynamo-transactions.ts checks
 * every request with {@link checkDynamoAccess} before dynalite sees it):
 * - the request must be signed (SigV4, service `dynamodb`, the body's hash) with the runtime's own
 *   credentials (local/credentials.ts); dynalite itself checks only the Authorization header's
 *   shape, so any key, the emulators' well-known ones included, would do;
 * - append-only tables (the audit trail, whose Lambda roles hold PutItem and nothing else on AWS:
 *   `append` of lambdas/routes.ts) refuse UpdateItem, DeleteItem, BatchWriteItem, the Update and
 *   Delete actions of TransactWriteItems, DeleteTable, UpdateTable and UpdateTimeToLive.
 *
 * Refusals are HTTP 400 in DynamoDB's JSON error shape (`__type` and message), as DynamoDB answers
 * them: UnrecognizedClientException, InvalidSignatureException, MissingAuthenticationTokenException,
 * IncompleteSignatureException, AccessDeniedException.
 *
 * Runs in the emulator's worker thread: it imports nothing of lambdas/ and no AWS SDK client.
 */
import type { IncomingMessage } from 'node:http';
import { jsonServiceRefusal, verifySignedPost } from './sigv4';

export interface DynamoAccessOptions {
  /** Secret per access key id: the runtime's own credentials. */
  credentials: Readonly<Record<string, string>>;
  /** Physical names of the append-only tables: reads and PutItem only. */
  appendOnlyTables: readonly string[];
}

/** A refusal: HTTP status and DynamoDB's JSON error body. */
export interface DynamoRefusal {
  status: number;
  body: { __type: string; message: string };
}

const CORAL = 'com.amazon.coral.service#';

/** Operations that change or remove what a table already holds. */
const CHANGING = new Set([
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'TransactWriteItems',
  'DeleteTable',
  'UpdateTable',
  'UpdateTimeToLive',
]);

/** The tables whose existing items or definition `operation` with `input` would change. */
function tablesChanged(operation: string, input: Record<string, unknown>): string[] {
  if (operation === 'BatchWriteItem') {
    const items = input.RequestItems;
    return items && typeof items === 'object' ? Object.keys(items) : [];
  }
  if (operation === 'TransactWriteItems') {
    const actions = Array.isArray(input.TransactItems) ? (input.TransactItems as Record<string, unknown>[]) : [];
    return actions.flatMap((a) =>
      [a?.Update, a?.Delete].flatMap((spec) => {
        const table = (spec as { TableName?: unknown } | undefined)?.TableName;
        return typeof table === 'string' ? [table] : [];
      }),
    );
  }
  return typeof input.TableName === 'string' ? [input.TableName] : [];
}

/**
 * Check one request (its whole `body` already read) against the rules of the module doc; resolves
 * with the refusal to answer, or undefined when dynalite may have it. Never throws.
 */
export async function checkDynamoAccess(
  req: IncomingMessage,
  body: Buffer,
  options: DynamoAccessOptions,
): Promise<DynamoRefusal | undefined> {
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const verdict = await verifySignedPost(
    { headers: req.headers, rawPath: q < 0 ? url : url.slice(0, q), rawQuery: q < 0 ? '' : url.slice(q + 1), body },
    { credentials: options.credentials, service: 'dynamodb' },
  );
  if (!verdict.ok) {
    const refusal = jsonServiceRefusal(verdict);
    return { status: 400, body: { __type: `${CORAL}${refusal.type}`, message: refusal.message } };
  }
  const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1] ?? '';
  if (!options.appendOnlyTables.length || !CHANGING.has(operation)) return undefined;
  let input: unknown;
  try {
    input = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined; // dynalite answers SerializationException
  }
  if (!input || typeof input !== 'object') return undefined;
  const table = tablesChanged(operation, input as Record<string, unknown>).find((t) =>
    options.appendOnlyTables.includes(t),
  );
  if (table === undefined) return undefined;
  return {
    status: 400,
    body: {
      __type: `${CORAL}AccessDeniedException`,
      message:
        `User: arn:aws:iam::000000000000:user/${verdict.accessKeyId} is not authorized to perform: ` +
        `dynamodb:${operation} on resource: arn:aws:dynamodb:us-east-1:000000000000:table/${table} ` +
        `because the table is append-only (PutItem and reads only)`,
    },
  };
}
