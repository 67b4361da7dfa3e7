/**
 * TransactWriteItems / TransactGetItems for the local runtime, in front of dynalite 4 (which has
 * neither): all-or-nothing with conditions, tested as such (docs/decisions/0008-local-runtime-without-docker.md).
 * Source of the behaviour: AWS DynamoDB API reference,
 * TransactWriteItems and TransactGetItems (API version 2012-08-10).
 *
 * `createDynamoFront(dynaliteServer, access)` returns an http.Server to listen on the
 * public DynamoDB port. It reads each body (at most 16 MB, else 413 at once), checks the request's
 * signature and the append-only tables (./dynamo-access.ts), then routes by the `X-Amz-Target`
 * header: `DynamoDB_20120810.TransactWriteItems` and `DynamoDB_20120810.TransactGetItems` are
 * answered here; every other target is handed, in process, to dynalite's own request handler with
 * the body as read. The layer's own reads and writes are handed to that handler in process too.
 *
 * Supported (TransactWriteItems): 1 to 100 actions of ConditionCheck / Put / Update / Delete over
 * any tables; each action's ConditionExpression with its ExpressionAttributeNames/Values; the whole
 * request is all-or-nothing.
 * - Phase 1 (checks): for each action the current item is read (GetItem, ConsistentRead) and, when
 *   the action has a condition, the condition is evaluated by dynalite itself through a write that
 *   changes nothing: PutItem(current item, condition) when the item exists, DeleteItem(key,
 *   condition) when it does not. If any condition fails, nothing is written and the answer is
 *   HTTP 400 `{"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException",
 *   "Message":"Transaction cancelled, please refer cancellation reasons for specific reasons
 *   [None, ConditionalCheckFailed]","CancellationReasons":[{"Code":"None"},{"Code":
 *   "ConditionalCheckFailed","Message":"The conditional request failed"}]}` (one reason per action,
 *   in order; with `ReturnValuesOnConditionCheckFailure: 'ALL_OLD'` the failed reason carries
 *   `Item`, the current item, when there is one). The SDK throws `TransactionCanceledException` with
 *   `CancellationReasons`.
 * - Phase 2 (apply): Put -> PutItem(Item), Update -> UpdateItem(Key, UpdateExpression),
 *   Delete -> DeleteItem(Key), all without their conditions. If any apply fails, every item already
 *   changed is restored from its phase-1 snapshot (PutItem of the snapshot, or DeleteItem when the
 *   item did not exist) and the error is answered: a data-dependent UpdateItem error (wrong operand
 *   type, invalid document path, item too large) as a TransactionCanceledException whose reason at
 *   that index is `{"Code":"ValidationError","Message":<dynalite's message>}` (as AWS answers);
 *   any other error (e.g. an update expression's syntax) as dynalite answered it (ValidationException).
 * - Validation like AWS, before anything is read, as HTTP 400 `{"__type":
 *   "com.amazon.coral.validate#ValidationException","message":...}`: fewer than 1 or more than 100
 *   actions; an action with not exactly one of ConditionCheck/Put/Update/Delete ("TransactItems can
 *   only contain one of Check, Put, Update or Delete"); two actions on one item ("Transaction request
 *   cannot include multiple operations on one item"); ExpressionAttributeNames/Values that none of
 *   the action's expressions uses ("Value provided in ExpressionAttributeValues unused in
 *   expressions: keys: {:v}").
 * - ClientRequestToken: a request repeated with the same token within 10 minutes of the first
 *   success answers `{}` without applying again; the same token with a different request answers
 *   HTTP 400 `com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException`. At most
 *   10,000 tokens are remembered (oldest dropped first), in memory only.
 *
 * Isolation: a readers-writer lock (async-mutex Semaphore with weights). Every pass-through request
 * and every TransactGetItems holds weight 1 until its response closes; a TransactWriteItems holds the
 * whole capacity, so it never interleaves with any other request, while single requests still run
 * concurrently with each other. Waiters are served first come, first served (a queued transaction is
 * not starved by later single requests).
 *
 * Not emulated / ignored: TransactionConflictException and TransactionInProgressException
 * (concurrent transactions serialise here instead of conflicting), ReturnConsumedCapacity and
 * ReturnItemCollectionMetrics (no ConsumedCapacity in the answer), the 4 MB aggregate size limit,
 * crash safety (a process killed between phase 2's writes leaves them partly applied).
 * The key schema of each table is read once (DescribeTable) and cached for the server's lifetime.
 */
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { crc32 } from 'node:zlib';
import { PassThrough } from 'node:stream';
import { Semaphore } from 'async-mutex';
import { checkDynamoAccess, type DynamoAccessOptions } from './dynamo-access';
import { BodyTooLargeError, readBody } from './util';

const API = 'DynamoDB_20120810';
const TRANSACT_WRITE = `${API}.TransactWriteItems`;
const TRANSACT_GET = `${API}.TransactGetItems`;
/**
 * Weight of an exclusive holder; also the most single requests that run at once (more wait their
 * turn). Kept small on purpose: async-mutex's Semaphore walks every weight from its current value
 * down to 1 on each release (`_drainUnlockWaiters`), so a capacity of 2^20 made every pass-through
 * request cost ~1M loop steps (6x fewer requests per second than dynalite alone).
 */
const CAPACITY = 1024;
const MAX_ACTIONS = 100;
const TOKEN_TTL_MS = 10 * 60 * 1000;
const MAX_TOKENS = 10_000;
/** dynalite's and DynamoDB's request limit: beyond it 413, as dynalite answers. */
const MAX_REQUEST_BYTES = 16 * 1024 * 1024;

const VALIDATION = 'com.amazon.coral.validate#ValidationException';
const CANCELED = 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException';
const IDEMPOTENT_MISMATCH = 'com.amazonaws.dynamodb.v20120810#IdempotentParameterMismatchException';
/** dynalite's UpdateItem errors that depend on the stored item (AWS: a ValidationError reason). */
const DATA_DEPENDENT =
  /^(Item size to update has exceeded|Type mismatch for attribute to update|The document path provided in the update expression is invalid|An operand in the update expression has an incorrect data type|The update expression attempted to update the secondary index key)/;

type AttributeValue = Record<string, unknown>;
type DynamoItem = Record<string, AttributeValue>;

interface ActionBase {
  TableName: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: DynamoItem;
  ReturnValuesOnConditionCheckFailure?: string;
}
interface TransactWriteItem {
  ConditionCheck?: ActionBase & { Key: DynamoItem };
  Put?: ActionBase & { Item: DynamoItem };
  Delete?: ActionBase & { Key: DynamoItem };
  Update?: ActionBase & { Key: DynamoItem; UpdateExpression: string };
}
type Kind = 'ConditionCheck' | 'Put' | 'Delete' | 'Update';
const KINDS: readonly Kind[] = ['ConditionCheck', 'Put', 'Delete', 'Update'];

interface Action {
  kind: Kind;
  spec: ActionBase & { Key?: DynamoItem; Item?: DynamoItem; UpdateExpression?: string };
  key: DynamoItem;
}

interface CancellationReason {
  Code: string;
  Message?: string;
  Item?: DynamoItem;
}

/** A DynamoDB-shaped error answer (HTTP status and JSON body). */
class DynamoError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.message ?? body.Message ?? body.__type));
  }
}

const validation = (message: string) => new DynamoError(400, { __type: VALIDATION, message });

function canceled(reasons: CancellationReason[]): DynamoError {
  return new DynamoError(400, {
    __type: CANCELED,
    Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
    CancellationReasons: reasons,
  });
}

/** Tokens (`#name`, `:value`) an expression uses. */
function tokens(expression: string | undefined, sigil: '#' | ':'): Set<string> {
  const found = new Set<string>();
  if (!expression) return found;
  for (const m of expression.matchAll(sigil === '#' ? /#[A-Za-z0-9_]+/g : /:[A-Za-z0-9_]+/g)) found.add(m[0]);
  return found;
}

/** The names and values of `spec` that `expression` uses (absent members left out). */
function expressionParams(spec: ActionBase, expression: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const pick = <T>(all: Record<string, T> | undefined, used: Set<string>) => {
    if (!all) return undefined;
    const kept = Object.fromEntries(Object.entries(all).filter(([k]) => used.has(k)));
    return Object.keys(kept).length ? kept : undefined;
  };
  const names = pick(spec.ExpressionAttributeNames, tokens(expression, '#'));
  const values = pick(spec.ExpressionAttributeValues, tokens(expression, ':'));
  if (names) out.ExpressionAttributeNames = names;
  if (values) out.ExpressionAttributeValues = values;
  return out;
}

/** AWS rejects names/values that no expression of the action uses. */
function checkUnused(spec: ActionBase & { UpdateExpression?: string }): void {
  const expressions = `${spec.ConditionExpression ?? ''} ${spec.UpdateExpression ?? ''}`;
  for (const [member, sigil, all] of [
    ['ExpressionAttributeNames', '#', spec.ExpressionAttributeNames],
    ['ExpressionAttributeValues', ':', spec.ExpressionAttributeValues],
  ] as const) {
    if (!all) continue;
    const used = tokens(expressions, sigil);
    const unused = Object.keys(all).filter((k) => !used.has(k));
    if (unused.length)
      throw validation(`Value provided in ${member} unused in expressions: keys: {${unused.join(', ')}}`);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/x-amz-json-1.0');
  res.setHeader('x-amzn-RequestId', randomBytes(39).toString('base64').toUpperCase().replace(/\+|\//g, '0'));
  res.setHeader('x-amz-crc32', String(crc32(text)));
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export interface DynamoFront {
  /** The public server (not listening yet). */
  server: Server;
  /**
   * Stop the server: new connections and requests are refused (503), the requests in flight get
   * up to `graceMs` (ms) to be answered, then every connection is cut. Resolves once the server is
   * closed; after it, dynalite no longer reads LevelDB for this server, so LevelDB may close.
   */
  close(graceMs: number): Promise<void>;
}

/**
 * A copy of `req` whose body is `body` again, for dynalite's handler (it reads the body as a stream
 * through `data` and `end`, and the request's `headers`, `url` and `method`).
 */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = Object.assign(new PassThrough(), {
    headers: req.headers,
    url: req.url,
    method: req.method,
    httpVersion: req.httpVersion,
  });
  if (body.length) copy.end(body);
  else copy.end();
  return copy as unknown as IncomingMessage;
}

/**
 * Build the public DynamoDB server: every request checked by `access` (./dynamo-access.ts), then
 * transactions here and everything else to `dynaliteServer`'s own request handler.
 */
export function createDynamoFront(dynaliteServer: Server, access: DynamoAccessOptions): DynamoFront {
  const dynaliteHandler = dynaliteServer.listeners('request')[0] as RequestListener;
  const lock = new Semaphore(CAPACITY);
  const keySchemas = new Map<string, string[]>();
  /** ClientRequestToken -> request (JSON without the token) and time of success (ms). */
  const tokensSeen = new Map<string, { request: string; at: number }>();

  /**
   * One DynamoDB call to dynalite, handed in process to its request handler (no socket: a
   * transaction makes two calls an action); resolves with the answer's JSON, rejects with a
   * DynamoError.
   */
  function call(operation: string, input: unknown): Promise<Record<string, unknown>> {
    const body = Buffer.from(JSON.stringify(input), 'utf8');
    return new Promise((resolve, reject) => {
      const req = Object.assign(new PassThrough(), {
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'content-length': String(body.length),
          'x-amz-target': `${API}.${operation}`,
          'x-amz-date': '20260101T000000Z',
          // dynalite checks the shape of the header only.
          authorization:
            'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
        },
        url: '/',
        method: 'POST',
        httpVersion: '1.1',
      });
      // What dynalite's handler uses of a response: the status, headers (not read here) and end.
      const res = {
        statusCode: 200,
        contentType: undefined as string | undefined,
        setHeader: () => undefined,
        end: (raw?: string | Buffer) => {
          const text = raw === undefined ? '' : raw.toString();
          let json: Record<string, unknown>;
          try {
            json = text.length ? (JSON.parse(text) as Record<string, unknown>) : {};
          } catch {
            reject(new DynamoError(500, { __type: 'InternalServerError', message: text }));
            return;
          }
          if (res.statusCode >= 300) reject(new DynamoError(res.statusCode, json));
          else resolve(json);
        },
      };
      req.end(body);
      try {
        dynaliteHandler(req as unknown as IncomingMessage, res as unknown as ServerResponse);
      } catch (err) {
        reject(err as Error);
      }
    });
  }

  async function keyNames(table: string): Promise<string[]> {
    let names = keySchemas.get(table);
    if (!names) {
      const described = (await call('DescribeTable', { TableName: table })) as {
        Table: { KeySchema: { AttributeName: string; KeyType: string }[] };
      };
      const schema = described.Table.KeySchema;
      names = [...schema.filter((k) => k.KeyType === 'HASH'), ...schema.filter((k) => k.KeyType === 'RANGE')].map(
        (k) => k.AttributeName,
      );
      keySchemas.set(table, names);
    }
    return names;
  }

  /** Parse and validate the request into actions (no lock needed: reads table schemas only). */
  async function parseActions(input: { TransactItems?: unknown }): Promise<Action[]> {
    const items = input.TransactItems;
    if (!Array.isArray(items))
      throw validation(
        "1 validation error detected: Value null at 'transactItems' failed to satisfy constraint: Member must not be null",
      );
    if (items.length < 1 || items.length > MAX_ACTIONS)
      throw validation(
        `1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length ${items.length < 1 ? 'greater than or equal to 1' : `less than or equal to ${MAX_ACTIONS}`}`,
      );
    const actions: Action[] = [];
    const seen = new Set<string>();
    for (const raw of items as TransactWriteItem[]) {
      const kinds = KINDS.filter((k) => raw && typeof raw === 'object' && raw[k] !== undefined);
      if (kinds.length !== 1) throw validation('TransactItems can only contain one of Check, Put, Update or Delete');
      const kind = kinds[0]!;
      const spec = raw[kind] as Action['spec'];
      if (!spec || typeof spec.TableName !== 'string')
        throw validation(
          "1 validation error detected: Value null at 'transactItems.member.tableName' failed to satisfy constraint: Member must not be null",
        );
      if (kind === 'ConditionCheck' && !spec.ConditionExpression)
        throw validation(
          "1 validation error detected: Value null at 'transactItems.member.conditionCheck.conditionExpression' failed to satisfy constraint: Member must not be null",
        );
      if (kind === 'Update' && !spec.UpdateExpression)
        throw validation(
          "1 validation error detected: Value null at 'transactItems.member.update.updateExpression' failed to satisfy constraint: Member must not be null",
        );
      checkUnused(spec);
      const names = await keyNames(spec.TableName);
      const source = (kind === 'Put' ? spec.Item : spec.Key) ?? {};
      const key = Object.fromEntries(names.filter((n) => n in source).map((n) => [n, source[n]!]));
      const identity = JSON.stringify([spec.TableName, names.map((n) => key[n] ?? null)]);
      if (seen.has(identity)) throw validation('Transaction request cannot include multiple operations on one item');
      seen.add(identity);
      actions.push({ kind, spec, key: kind === 'Put' ? key : (spec.Key ?? {}) });
    }
    return actions;
  }

  /** Phase 1 for one action: its current item and its condition's outcome. */
  async function check(action: Action): Promise<{ snapshot?: DynamoItem; reason: CancellationReason }> {
    const { spec } = action;
    const got = await call('GetItem', { TableName: spec.TableName, Key: action.key, ConsistentRead: true });
    const snapshot = got.Item as DynamoItem | undefined;
    if (!spec.ConditionExpression) return { snapshot, reason: { Code: 'None' } };
    const condition = {
      TableName: spec.TableName,
      ConditionExpression: spec.ConditionExpression,
      ...expressionParams(spec, spec.ConditionExpression),
    };
    try {
      if (snapshot) await call('PutItem', { ...condition, Item: snapshot });
      else await call('DeleteItem', { ...condition, Key: action.key });
      return { snapshot, reason: { Code: 'None' } };
    } catch (err) {
      if (err instanceof DynamoError && String(err.body.__type).endsWith('#ConditionalCheckFailedException')) {
        const reason: CancellationReason = {
          Code: 'ConditionalCheckFailed',
          Message: 'The conditional request failed',
        };
        if (spec.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && snapshot) reason.Item = snapshot;
        return { snapshot, reason };
      }
      throw err;
    }
  }

  /** Phase 2 for one action: the write without its condition. */
  async function apply(action: Action): Promise<void> {
    const { spec, kind } = action;
    if (kind === 'Put') await call('PutItem', { TableName: spec.TableName, Item: spec.Item });
    else if (kind === 'Delete') await call('DeleteItem', { TableName: spec.TableName, Key: action.key });
    else if (kind === 'Update')
      await call('UpdateItem', {
        TableName: spec.TableName,
        Key: action.key,
        UpdateExpression: spec.UpdateExpression,
        ...expressionParams(spec, spec.UpdateExpression!),
      });
  }

  async function transactWrite(input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const actions = await parseActions(input);
    const token = typeof input.ClientRequestToken === 'string' ? input.ClientRequestToken : undefined;
    const fingerprint = token ? JSON.stringify({ ...input, ClientRequestToken: undefined }) : '';
    return lock.runExclusive(async () => {
      if (token) {
        const now = Date.now();
        for (const [t, v] of tokensSeen) {
          if (now - v.at < TOKEN_TTL_MS && tokensSeen.size <= MAX_TOKENS) break;
          tokensSeen.delete(t);
        }
        const previous = tokensSeen.get(token);
        if (previous && previous.request === fingerprint) return {};
        if (previous)
          throw new DynamoError(400, {
            __type: IDEMPOTENT_MISMATCH,
            message: 'The request uses the same client token as a previous, but non-identical request.',
          });
      }
      const checks = await Promise.all(actions.map(check));
      if (checks.some((c) => c.reason.Code !== 'None')) throw canceled(checks.map((c) => c.reason));

      const applied = await Promise.allSettled(actions.map(apply));
      const failedAt = applied.findIndex((r) => r.status === 'rejected');
      if (failedAt >= 0) {
        await Promise.all(
          actions.map((action, i) => {
            if (applied[i]!.status !== 'fulfilled' || action.kind === 'ConditionCheck') return undefined;
            const { snapshot } = checks[i]!;
            return snapshot
              ? call('PutItem', { TableName: action.spec.TableName, Item: snapshot })
              : call('DeleteItem', { TableName: action.spec.TableName, Key: action.key });
          }),
        );
        const err = (applied[failedAt] as PromiseRejectedResult).reason as unknown;
        if (
          err instanceof DynamoError &&
          actions[failedAt]!.kind === 'Update' &&
          err.body.__type === VALIDATION &&
          DATA_DEPENDENT.test(String(err.body.message))
        )
          throw canceled(
            actions.map((_, i) =>
              i === failedAt ? { Code: 'ValidationError', Message: String(err.body.message) } : { Code: 'None' },
            ),
          );
        throw err;
      }
      if (token) tokensSeen.set(token, { request: fingerprint, at: Date.now() });
      return {};
    }, CAPACITY);
  }

  async function transactGet(input: Record<string, unknown>): Promise<Record<string, unknown>> {
    const items = input.TransactItems;
    if (!Array.isArray(items) || items.length < 1 || items.length > MAX_ACTIONS)
      throw validation(
        `1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length between 1 and ${MAX_ACTIONS}`,
      );
    const gets = (items as { Get?: Record<string, unknown> }[]).map((i) => i?.Get);
    if (gets.some((g) => !g)) throw validation('TransactItems can only contain Get');
    const [, release] = await lock.acquire(1);
    try {
      const answers = await Promise.all(gets.map((g) => call('GetItem', { ...g, ConsistentRead: true })));
      return { Responses: answers.map((a) => (a.Item ? { Item: a.Item } : {})) };
    } finally {
      release();
    }
  }

  /** Answer a transaction whose body `raw` was read and checked. */
  function handleTransaction(
    res: ServerResponse,
    run: (input: Record<string, unknown>) => Promise<Record<string, unknown>>,
    raw: Buffer,
  ): void {
    Promise.resolve()
      .then(() => {
        let input: Record<string, unknown>;
        try {
          input = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
        } catch {
          throw new DynamoError(400, { __type: 'com.amazon.coral.service#SerializationException' });
        }
        return run(input);
      })
      .then(
        (body) => send(res, 200, body),
        (err: unknown) => {
          if (err instanceof DynamoError) send(res, err.status, err.body);
          else send(res, 500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: String(err) });
        },
      );
  }

  /** Hand a request whose body was read to dynalite, holding weight 1 until the response closes. */
  function passThrough(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    let closed = false;
    let release: (() => void) | undefined;
    res.once('close', () => {
      closed = true;
      release?.();
      release = undefined;
    });
    void lock.acquire(1).then(([, releaser]) => {
      if (closed) return releaser();
      release = releaser;
      dynaliteHandler(replay(req, body), res);
    });
  }

  // Requests not yet answered; close() waits for them, since dynalite reading a LevelDB store that
  // is closing throws in its stream, and that ends the emulator's thread with an error.
  let inFlight = 0;
  let closing = false;
  let settled: (() => void) | undefined;

  const server = createServer((req, res) => {
    if (closing) {
      res.writeHead(503, { connection: 'close', 'content-length': '0' });
      res.end();
      return;
    }
    inFlight++;
    res.once('close', () => {
      inFlight--;
      if (inFlight === 0) settled?.();
    });
    readBody(req, MAX_REQUEST_BYTES).then(
      async (body) => {
        const refusal = await checkDynamoAccess(req, body, access);
        if (refusal) return send(res, refusal.status, refusal.body);
        const target = req.headers['x-amz-target'];
        if (target === TRANSACT_WRITE) return handleTransaction(res, transactWrite, body);
        if (target === TRANSACT_GET) return handleTransaction(res, transactGet, body);
        passThrough(req, res, body);
      },
      (err: unknown) => {
        if (err instanceof BodyTooLargeError) {
          // Closing the connection after the answer: the rest of the body is never read.
          res.writeHead(413, { connection: 'close', 'content-length': '0' });
          res.end();
        } else res.destroy();
      },
    );
  });

  async function close(graceMs: number): Promise<void> {
    closing = true;
    const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (inFlight > 0) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        settled = resolve;
        timer = setTimeout(resolve, graceMs);
      });
      clearTimeout(timer);
    }
    server.closeAllConnections();
    await stopped;
  }

  return { server, close };
}
