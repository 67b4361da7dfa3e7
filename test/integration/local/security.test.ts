/**
 * The local runtime's security line: the security headers and CSP of
 * infra/security-headers.ts on the SPA, /config.json and the API; CORS for the runtime's own
 * origins only; the rate limit per caller with the deployed numbers (20 per second, burst 40);
 * bodies over a server's limit refused with 413 as soon as the limit is passed; `/cognito` passing
 * only the Cognito operations the SPA calls; `/s3`, `/lambda` and DynamoDB accepting the runtime's
 * own generated credentials only, and the audit table append-only.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import {
  BatchWriteItemCommand,
  DeleteItemCommand,
  DeleteTableCommand,
  DynamoDBClient,
  GetItemCommand,
  ListTablesCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import '../api/quiet';
import { RATE_LIMIT } from '../../../infra/security-headers';
import { AUDIT_TABLE } from '../../../lambdas/data/audit/keys';
import { physicalTableName } from '../../../lambdas/lib/tables';
import { ORIGIN_VERIFY_HEADER } from '../../../lambdas/lib/origin';
import { LOCAL_DOCUMENTS_BUCKET, LOCAL_PREFIX } from '../../../local';
import type { LocalCredentials } from '../../../local/credentials';
import { useLocalStack } from '../../support/local';

jest.setTimeout(120_000);

// The limiter's clock, held still while a test sends a burst "at once" (else the real clock).
let heldAt: number | undefined;
const local = useLocalStack({ rateLimit: RATE_LIMIT, rateLimitClock: () => heldAt ?? Date.now() });
const AUDIT = physicalTableName(LOCAL_PREFIX, AUDIT_TABLE);

function expectSecurityHeaders(headers: Headers): void {
  expect(headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain(`connect-src 'self' ${local.url};`);
  expect(csp).toContain("frame-ancestors 'none'");
}

describe('the security headers', () => {
  it('come with the SPA, /config.json and API answers, the CSP naming the runtime as the only other origin', async () => {
    // Prepare
    mkdirSync(join(local.dataDir, 'web-dist'), { recursive: true });
    writeFileSync(join(local.dataDir, 'web-dist', 'index.html'), '<!doctype html><title>Suture</title>');
    // Act
    const page = await fetch(`${local.url}/case/123`);
    const config = await fetch(`${local.url}/config.json`);
    const health = await fetch(`${local.apiUrl}/case/health`);
    const denied = await fetch(`${local.apiUrl}/case`);
    // Assess
    expect([page.status, config.status, health.status, denied.status]).toEqual([200, 200, 200, 401]);
    for (const res of [page, config, health, denied]) expectSecurityHeaders(res.headers);
  });
});

describe('CORS', () => {
  it("answers a preflight from the runtime's own origins and not from another site", async () => {
    // Prepare
    const preflight = (origin: string) =>
      fetch(`${local.apiUrl}/case`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'PATCH' },
      });
    const localhost = `http://localhost:${local.stack.port}`;
    // Act
    const own = await preflight(local.url);
    const alias = await preflight(localhost);
    const other = await preflight('https://evil.example');
    // Assess
    expect(own.status).toBe(204);
    expect(own.headers.get('access-control-allow-origin')).toBe(local.url);
    expect(own.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(alias.headers.get('access-control-allow-origin')).toBe(localhost);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('names no other site as allowed on an answer either', async () => {
    // Act
    const res = await fetch(`${local.apiUrl}/case/health`, { headers: { origin: 'https://evil.example' } });
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the rate limit per caller', () => {
  it('answers 120 requests at once from one signed-in caller with some 429s and no 5xx, and leaves another caller alone', async () => {
    // Prepare
    const [a, b] = await Promise.all([local.createSignedInUser(), local.createSignedInUser()]);
    // Act: the limiter's clock held still, so that the burst arrives at once even when a busy
    // machine spreads its requests over seconds (the bucket would gain 20 tokens a second).
    heldAt = Date.now();
    let burst: Awaited<ReturnType<typeof local.api>>[];
    let other: typeof burst;
    try {
      burst = await Promise.all(
        Array.from({ length: 120 }, () => local.api('GET', '/doc_types', { token: a.accessToken })),
      );
      other = await Promise.all(
        Array.from({ length: 10 }, () => local.api('GET', '/doc_types', { token: b.accessToken })),
      );
    } finally {
      heldAt = undefined;
    }
    // Assess
    const statuses = burst.map((r) => r.status);
    const refused = burst.filter((r) => r.status === 429);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(RATE_LIMIT.burst);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.body).toEqual({ message: 'Too Many Requests' });
    expect(Number(refused[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused[0]?.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(other.map((r) => r.status)).toEqual(Array(10).fill(200));
  });

  it('counts anonymous callers by their source IP', async () => {
    // Act (the limiter's clock held still, as above)
    heldAt = Date.now();
    let burst: Awaited<ReturnType<typeof local.api>>[];
    try {
      burst = await Promise.all(Array.from({ length: 50 }, () => local.api('GET', '/case/health')));
    } finally {
      heldAt = undefined;
    }
    // Assess
    const statuses = burst.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});

describe('calls past CloudFront (the origin header)', () => {
  it('replaces the origin header a client sends, so that a forged one changes nothing', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    // Act
    const forged = await local.api('GET', '/doc_types', {
      token: user.accessToken,
      headers: { 'x-suture-origin-verify': 'forged-0000-0000-0000-000000000000' },
    });
    // Assess
    expect(forged.status).toBe(200);
  });

  it('refuses a handler call that did not come through the gateway (as a direct execute-api call) with 403', async () => {
    // Prepare: the same handler module the gateway runs, with the runtime's environment
    const { handler } = await import('../../../lambdas/document/handler');
    const event = {
      version: '2.0',
      routeKey: 'GET /doc_types',
      rawPath: '/doc_types',
      rawQueryString: '',
      headers: { host: 'abc.execute-api.us-east-1.amazonaws.com' },
      requestContext: {
        http: { method: 'GET', path: '/doc_types', protocol: 'HTTP/1.1', sourceIp: '203.0.113.5', userAgent: 'curl' },
        requestId: 'direct-1',
        routeKey: 'GET /doc_types',
        authorizer: { jwt: { claims: { sub: 'direct-caller' }, scopes: null } },
      },
      isBase64Encoded: false,
    };
    const token = process.env.ORIGIN_VERIFY ?? '';
    const withToken = { ...event, headers: { ...event.headers, 'x-suture-origin-verify': token } };
    // Act
    const answer = (await handler(event as never, {} as never)) as { statusCode: number };
    const through = (await handler(withToken as never, {} as never)) as { statusCode: number };
    // Assess
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.statusCode).toBe(403);
    expect(through.statusCode).toBe(200);
  });
});

/**
 * Send `bytes` bytes to `path` in 1 MB chunks without ever ending the body, and resolve with the
 * answer, or with status 0 when none came within 10 s (a server that waits for the whole body).
 */
function sendUnfinished(
  url: string,
  path: string,
  bytes: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', ...headers },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve({ status: 0, body: '' });
    }, 10_000);
    req.on('error', () => undefined); // the server may close the connection while we still send
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    for (let sent = 0; sent < bytes; sent += chunk.length) req.write(chunk);
  });
}

describe('bodies over the limit', () => {
  it('answers 413 on /api once 10 MB have come, before the body ends', async () => {
    // Act
    const res = await sendUnfinished(local.url, '/api/case', 12 * 1024 * 1024);
    // Assess
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: 'Request Entity Too Large' });
  });

  it('answers 413 at once when the declared length is over the limit', async () => {
    // Act
    const res = await sendUnfinished(local.url, '/api/case', 1024 * 1024, {
      'content-length': String(50 * 1024 * 1024),
    });
    // Assess
    expect(res.status).toBe(413);
  });

  it('answers 413 on /cognito, /lambda and /secretsmanager before the body ends', async () => {
    // Act
    const cognito = await sendUnfinished(local.url, '/cognito/', 12 * 1024 * 1024, {
      'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
    });
    const lambda = await sendUnfinished(local.url, '/lambda/2015-03-31/functions/x/invocations', 2 * 1024 * 1024);
    const secrets = await sendUnfinished(local.url, '/secretsmanager/', 2 * 1024 * 1024);
    // Assess
    expect([cognito.status, lambda.status, secrets.status]).toEqual([413, 413, 413]);
  });

  it('answers 413 on the DynamoDB transactions before the body ends', async () => {
    // Act
    const res = await sendUnfinished(local.stack.endpoints.dynamodb, '/', 17 * 1024 * 1024, {
      'x-amz-target': 'DynamoDB_20120810.TransactWriteItems',
      'content-type': 'application/x-amz-json-1.0',
    });
    // Assess
    expect(res.status).toBe(413);
  });
});

/** POST one Cognito JSON 1.1 call through the runtime's /cognito proxy. */
function cognitoCall(operation: string, body: unknown, origin?: string): Promise<Response> {
  return fetch(`${local.url}/cognito/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      ...(origin ? { origin } : {}),
    },
    body: JSON.stringify(body),
  });
}

describe('the /cognito proxy', () => {
  it('refuses the administrator operations with 400 and changes nothing', async () => {
    // Prepare
    const user = await local.createSignedInUser();
    const poolId = local.stack.userPoolId;
    // Act
    const reset = await cognitoCall('AdminSetUserPassword', {
      UserPoolId: poolId,
      Username: user.email,
      Password: 'Taken-0ver!pass',
      Permanent: true,
    });
    const list = await cognitoCall('ListUsers', { UserPoolId: poolId });
    const enable = await cognitoCall('AdminEnableUser', { UserPoolId: poolId, Username: user.email });
    const unknown = await cognitoCall('NoSuchOperation', {});
    // Assess
    expect([reset.status, list.status, enable.status, unknown.status]).toEqual([400, 400, 400, 400]);
    const listed = (await list.json()) as Record<string, unknown>;
    expect(listed.__type).toBe('NotAuthorizedException');
    expect(listed.Users).toBeUndefined();
    expect(((await reset.json()) as Record<string, unknown>).__type).toBe('NotAuthorizedException');
    await expect(local.stack.signIn(user.email, 'Taken-0ver!pass')).rejects.toThrow();
    await expect(local.stack.signIn(user.email, user.password)).resolves.toMatchObject({ sub: user.sub });
  });

  it("still signs in, from the runtime's own origin, with CORS for that origin only", async () => {
    // Prepare
    const user = await local.createSignedInUser();
    const auth = {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: local.stack.clientId,
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    };
    // Act
    const own = await cognitoCall('InitiateAuth', auth, local.url);
    const other = await cognitoCall('InitiateAuth', auth, 'https://evil.example');
    // Assess
    expect(own.status).toBe(200);
    expect(((await own.json()) as { AuthenticationResult?: unknown }).AuthenticationResult).toBeDefined();
    expect(own.headers.get('access-control-allow-origin')).toBe(local.url);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("answers a preflight from the runtime's own origin and not from another site", async () => {
    // Prepare
    const preflight = (origin: string) =>
      fetch(`${local.url}/cognito/`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-amz-target,x-amz-user-agent',
        },
      });
    // Act
    const own = await preflight(local.url);
    const other = await preflight('https://evil.example');
    // Assess
    expect(own.status).toBe(204);
    expect(own.headers.get('access-control-allow-origin')).toBe(local.url);
    expect(own.headers.get('access-control-allow-headers')).toContain('x-amz-target');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-methods')).toBeNull();
  });
});

/** Keys every local AWS emulator's documentation gives: s3rver's, DynamoDB Local's, cognito-local's. */
const WELL_KNOWN_KEYS = [
  { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  { accessKeyId: 'fakeMyKeyId', secretAccessKey: 'fakeSecretAccessKey' },
  { accessKeyId: 'local', secretAccessKey: 'local' },
];

describe("the runtime's own credentials", () => {
  const clients: { destroy(): void }[] = [];
  afterAll(() => clients.forEach((c) => c.destroy()));
  const keep = <T extends { destroy(): void }>(client: T): T => {
    clients.push(client);
    return client;
  };
  const s3 = (credentials: LocalCredentials) =>
    keep(
      new S3Client({
        endpoint: local.stack.endpoints.s3,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials,
        maxAttempts: 1,
      }),
    );
  const lambda = (credentials: LocalCredentials) =>
    keep(
      new LambdaClient({ endpoint: local.stack.endpoints.lambda, region: 'us-east-1', credentials, maxAttempts: 1 }),
    );
  const dynamo = (credentials: LocalCredentials) =>
    keep(
      new DynamoDBClient({
        endpoint: local.stack.endpoints.dynamodb,
        region: 'us-east-1',
        credentials,
        maxAttempts: 1,
      }),
    );

  /** `ok`, or the HTTP status and error name a call was refused with. */
  async function outcome(call: Promise<unknown>): Promise<string> {
    try {
      await call;
      return 'ok';
    } catch (err) {
      const e = err as { name: string; $metadata?: { httpStatusCode?: number } };
      return `${e.$metadata?.httpStatusCode} ${e.name}`;
    }
  }

  it('are generated into the data directory, not a well-known key', () => {
    // Act
    const saved = JSON.parse(readFileSync(join(local.dataDir, 'local-credentials.json'), 'utf8')) as LocalCredentials;
    // Assess
    expect(local.stack.credentials).toMatchObject(saved);
    expect(saved.accessKeyId).toMatch(/^LOCAL[A-Z2-7]{15}$/);
    expect(WELL_KNOWN_KEYS.map((k) => k.accessKeyId)).not.toContain(saved.accessKeyId);
    expect(process.env.AWS_ACCESS_KEY_ID).toBe(saved.accessKeyId);
  });

  it('are the only ones /s3 accepts: well-known keys and unsigned requests get 403', async () => {
    // Prepare
    const Key = `private/credentials-${Date.now()}.txt`;
    const get = (credentials: LocalCredentials) =>
      s3(credentials).send(new GetObjectCommand({ Bucket: LOCAL_DOCUMENTS_BUCKET, Key }));
    // Act
    const put = await outcome(
      s3(local.stack.credentials).send(new PutObjectCommand({ Bucket: LOCAL_DOCUMENTS_BUCKET, Key, Body: 'kept' })),
    );
    const wellKnown = await Promise.all(WELL_KNOWN_KEYS.map((k) => outcome(get(k))));
    const unsigned = await fetch(`${local.url}/s3/${LOCAL_DOCUMENTS_BUCKET}/${Key}`);
    const own = await get(local.stack.credentials);
    // Assess
    expect(put).toBe('ok');
    expect(wellKnown).toEqual(Array(WELL_KNOWN_KEYS.length).fill('403 InvalidAccessKeyId'));
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
    expect(await own.Body?.transformToString()).toBe('kept');
  });

  it('are the only ones /lambda accepts: well-known keys and unsigned requests get 403', async () => {
    // Prepare: the health route's event, as one Lambda would send it to another
    const event = {
      version: '2.0',
      routeKey: 'GET /case/health',
      rawPath: '/case/health',
      rawQueryString: '',
      headers: { [ORIGIN_VERIFY_HEADER]: process.env.ORIGIN_VERIFY ?? '' },
      requestContext: { http: { method: 'GET', path: '/case/health' } },
      isBase64Encoded: false,
    };
    const invoke = (credentials: LocalCredentials) =>
      lambda(credentials).send(
        new InvokeCommand({ FunctionName: 'suture-local-case', Payload: Buffer.from(JSON.stringify(event)) }),
      );
    // Act
    const wellKnown = await Promise.all(WELL_KNOWN_KEYS.map((k) => outcome(invoke(k))));
    const unsigned = await fetch(`${local.url}/lambda/2015-03-31/functions/suture-local-case/invocations`, {
      method: 'POST',
      body: JSON.stringify(event),
    });
    const own = await invoke(local.stack.credentials);
    // Assess
    expect(wellKnown).toEqual(Array(WELL_KNOWN_KEYS.length).fill('403 UnrecognizedClientException'));
    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    expect(own.FunctionError).toBeUndefined();
    expect(JSON.parse(Buffer.from(own.Payload ?? []).toString('utf8'))).toMatchObject({ statusCode: 200 });
  });

  it('are the only ones DynamoDB accepts: well-known keys, a wrong secret and unsigned requests are refused', async () => {
    // Prepare
    const list = (credentials: LocalCredentials) => dynamo(credentials).send(new ListTablesCommand({}));
    const wrongSecret = { accessKeyId: local.stack.credentials.accessKeyId, secretAccessKey: 'not-the-secret' };
    // Act
    const wellKnown = await Promise.all(WELL_KNOWN_KEYS.map((k) => outcome(list(k))));
    const forged = await outcome(list(wrongSecret));
    const unsigned = await fetch(local.stack.endpoints.dynamodb, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' },
      body: '{}',
    });
    const own = await list(local.stack.credentials);
    // Assess
    expect(wellKnown).toEqual(Array(WELL_KNOWN_KEYS.length).fill('400 UnrecognizedClientException'));
    expect(forged).toBe('400 InvalidSignatureException');
    expect(unsigned.status).toBe(400);
    expect(((await unsigned.json()) as { __type: string }).__type).toMatch(/#MissingAuthenticationTokenException$/);
    expect(own.TableNames).toContain(AUDIT);
  });

  it('may append to the audit table and read it, but not update or delete its entries', async () => {
    // Prepare: one entry, written as the Lambdas write theirs (their credentials, PutItem)
    const ddb = dynamo(local.stack.credentials);
    const Key = { day: { S: '2026-01-01' }, at_id: { S: `credentials-test-${Date.now()}` } };
    await ddb.send(new PutItemCommand({ TableName: AUDIT, Item: { ...Key, action: { S: 'kept' } } }));
    // Act
    const update = await outcome(
      ddb.send(
        new UpdateItemCommand({
          TableName: AUDIT,
          Key,
          UpdateExpression: 'SET #a = :v',
          ExpressionAttributeNames: { '#a': 'action' },
          ExpressionAttributeValues: { ':v': { S: 'changed' } },
        }),
      ),
    );
    const remove = await outcome(ddb.send(new DeleteItemCommand({ TableName: AUDIT, Key })));
    const batch = await outcome(
      ddb.send(new BatchWriteItemCommand({ RequestItems: { [AUDIT]: [{ DeleteRequest: { Key } }] } })),
    );
    const transaction = await outcome(
      ddb.send(new TransactWriteItemsCommand({ TransactItems: [{ Delete: { TableName: AUDIT, Key } }] })),
    );
    const dropTable = await outcome(ddb.send(new DeleteTableCommand({ TableName: AUDIT })));
    const read = await ddb.send(new GetItemCommand({ TableName: AUDIT, Key, ConsistentRead: true }));
    // Assess
    expect([update, remove, batch, transaction, dropTable]).toEqual(Array(5).fill('400 AccessDeniedException'));
    expect(read.Item?.action).toEqual({ S: 'kept' });
  });
});
