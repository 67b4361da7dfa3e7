/**
 * The local runtime: Suture on 127.0.0.1 with in-process emulators.
 *
 * `startLocal()` starts dynalite (DynamoDB), s3rver (S3) and cognito-local (user pool), keeps their
 * data under `dataDir` (default `<root>/.data`), creates the tables, bucket, user pool, app client
 * and groups idempotently, and serves on ONE port:
 * - `/api/*`: the local gateway (route table + JWT checks -> the Lambda handlers, which run in a
 *   pool of worker threads on machines with 4 cores or more: local/lambda-pool.ts, option
 *   `lambdaWorkers`);
 * - `/cognito/*`: cognito-local through the AWS shims (Amplify's `userPoolEndpoint`);
 * - `/s3/*`: s3rver behind a SigV4-verifying layer (local/s3-gateway.ts; `AWS_ENDPOINT_URL_S3`),
 *   so presigned URLs are browser-reachable, same-origin, and checked as S3 checks them; the
 *   documents bucket keeps object versions as on AWS (local/s3-versions.ts);
 * - `/lambda/*`: the Lambda Invoke API answered by the handlers (local/lambda-api.ts;
 *   `AWS_ENDPOINT_URL_LAMBDA`), for one Lambda invoking another;
 * - `/secretsmanager`: GetSecretValue of the cursor key secret (local/secrets.ts;
 *   `AWS_ENDPOINT_URL_SECRETS_MANAGER`), its text generated once into `<dataDir>/cursor-key`;
 * - `/nppes/api/`: the NPPES NPI Registry emulator;
 * - `/ses/emails`: the mailbox of the SES emulator (aws-ses-v2-local on its own port, local/ses.ts;
 *   `AWS_ENDPOINT_URL_SESV2`), for a token of user_type 100 or more (the debug pages' email viewer);
 * - `/config.json`: the SPA runtime configuration (shared/config.ts);
 * - everything else: the built SPA (`web/dist`) with fallback to index.html.
 *
 * The SPA, `/config.json` and `/api/*` answer with the security headers and Content-Security-Policy
 * of infra/security-headers.ts, the same as CloudFront's (connect-src: the runtime's own origin,
 * which serves the API, Cognito and S3); the API answers CORS for the runtime's own origins only
 * (`http://127.0.0.1:<port>` and `http://localhost:<port>`) and limits each caller to
 * `rateLimit` (default the deployed stage's: 20 requests per second, burst 40).
 *
 * The Lambda environment (table names, bucket, SDK endpoints, the runtime's generated credentials,
 * NPPES URL; `DISPUTE_DEADLINES`, the deadline rules, when the caller's environment has it) is set in `process.env` before any handler is imported, and the pool's threads get a
 * copy of it (Powertools Metrics and Tracer off unless `SUTURE_OBSERVABILITY=1`:
 * ./observability.ts). process.env is process-wide, so only one runtime may run per process at a time; a restart in the same process reuses the previous ports
 * when they are free, so handler modules that cached SDK clients keep working.
 *
 * For development and demos only: never real patient data.
 */
// First: Powertools reads its switches when the handler modules below are loaded.
import './observability';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { RuntimeConfigSchema, type RuntimeConfig } from '../shared/config';
import { DISPUTE_DEADLINES_ENV, parseDeadlineSettings } from '../shared/dispute/settings';
import { resetAwsClients } from '../lambdas/lib/aws';
import { resetEnvCache } from '../lambdas/lib/env';
import { TABLES, physicalTableName } from '../lambdas/lib/tables';
import { RATE_LIMIT, contentSecurityPolicy, securityHeaders, type RateLimit } from '../infra/security-headers';
import { ensureUserPool, localCognitoClient, proxyCognito, startCognito, type CognitoEmulator } from './cognito';
import { credentialMap, ensureLocalCredentials, S3RVER_CREDENTIALS, type LocalCredentials } from './credentials';
import { appendOnlyTableNames, ensureTables, localDynamoClient, startDynamo, type DynamoEmulator } from './dynamodb';
import { MAX_PAYLOAD_BYTES, createGateway } from './gateway';
import { pickEncoding } from './encoding';
import { createLambdaApi } from './lambda-api';
import { inProcessInvoker, type LambdaInvoker } from './lambda-handlers';
import { startLambdaPool } from './lambda-pool';
import { createS3Gateway } from './s3-gateway';
import { createS3Versioning } from './s3-versions';
import { removeRunningEndpoints, writeRunningEndpoints } from './running';
import { handleNppesRequest } from './nppes';
import { startS3, type S3Emulator } from './s3';
import { handleSesViewer, startSes, type SesEmulator } from './ses';
import { loadUserType } from '../lambdas/lib/user-type';
import { canReadSupport } from '../shared/roles';
import { DEFAULT_SUPPORT_EMAIL } from '../shared/config';
import { DEFAULT_SENDER_EMAIL } from '../infra/stage';
import { REMINDERS_EVENT } from '../shared/schemas/reminders';
import { startReminderTimer } from './reminder-timer';
import { numberExistingCases } from '../lambdas/data/case/numbering';
import { refreshIndexKeys } from '../lambdas/data/refresh-keys';
import { recountAnalytics } from '../lambdas/data/counters/recount-analytics';
import { createDemoAccount, DEMO_PASSWORD, seedDemoData, seedResources, type SeedSummary } from './seed';
import { BodyTooLargeError, closeServer, listen, readBody } from './util';
import { CURSOR_KEY_SECRET_NAME, createSecretsApi, ensureCursorKeyFile, localSecretArn } from './secrets';

/** Project root (this file is `<root>/local/index.ts`). */
export const PROJECT_ROOT = resolve(__dirname, '..');

/** Stack prefix of local resource names: tables `suture-local-<id>`, bucket `suture-local-documents`. */
export const LOCAL_PREFIX = 'suture-local';
export const LOCAL_DOCUMENTS_BUCKET = `${LOCAL_PREFIX}-documents`;
export const LOCAL_REGION = 'us-east-1';
export { DEMO_PASSWORD };

export interface LocalOptions {
  /** Data directory (default `<root>/.data`). */
  dataDir?: string;
  /** Port (default env PORT or 3000; 0 = random). */
  port?: number;
  /** Host (default 127.0.0.1). */
  host?: string;
  /** Seed demo accounts and data on first start (default false). */
  seed?: boolean;
  /** Built SPA directory (default `<root>/web/dist`). */
  webDist?: string;
  /** Output for request logs and notices (default console.log). */
  log?: (line: string) => void;
  /** No request log lines (notices such as verification codes still go to `log`). */
  quiet?: boolean;
  /**
   * Threads of the Lambda pool that runs the handlers (default {@link DEFAULT_LAMBDA_WORKERS}: 2 with
   * 4 cores or more, else 0). 0 runs them on the main thread instead, through the
   * same call (local/lambda-handlers.ts).
   */
  lambdaWorkers?: number;
  /**
   * The API's rate limit per caller: default {@link RATE_LIMIT} (20 requests per
   * second, burst 40), what `npm start` and the deployed stage apply; `false` turns it off (the
   * benchmarks and the integration tests, which send many requests from one caller).
   */
  rateLimit?: RateLimit | false;
  /**
   * The rate limiter's clock, epoch milliseconds (default `Date.now`): a test holds it still to send
   * a burst "at once", which a busy machine would otherwise spread over seconds of refills.
   */
  rateLimitClock?: () => number;
  /**
   * Run the reminder emails daily at 07:00 America/New_York, as the deployed schedule does
   * (local/reminder-timer.ts; default false: `npm start` turns it on, tests run the job by call).
   */
  reminderSchedule?: boolean;
}

/**
 * Default threads of the Lambda pool: 2 when the machine has cores beyond the main thread's and
 * dynalite's (4 or more), else 0, the handlers on the main thread. Measured with bench:api on 2
 * cores: there, every core is already busy during the API phase (main thread
 * about 1.9 ms per list call, dynalite about 1.45 ms, GC threads and the client the rest), so the
 * pool cannot add throughput, and it costs CPU of its own (a second heap and JIT per thread, thread
 * hand-offs): 0.5 to 1 ms more per call in all, which lowered the API's requests/s in every paired
 * run. With spare cores the pool takes the handlers off the main thread, the bottleneck there.
 */
export const DEFAULT_LAMBDA_WORKERS = Math.min(2, Math.max(0, availableParallelism() - 2));

export interface SignInResult {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  /** The user's id (`sub` claim). */
  sub: string;
}

export interface LocalStack {
  /** Base URL, e.g. `http://127.0.0.1:3000` (no trailing slash). */
  url: string;
  /** API base, `${url}/api`. */
  apiUrl: string;
  port: number;
  dataDir: string;
  /** The runtime configuration served at `/config.json`. */
  config: RuntimeConfig;
  userPoolId: string;
  clientId: string;
  /**
   * The runtime's own AWS credentials (`<dataDir>/local-credentials.json`, local/credentials.ts),
   * also in the Lambdas' `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY`: the only ones `s3`,
   * `lambda`, `/secretsmanager` and `dynamodb` accept.
   */
  credentials: LocalCredentials;
  /**
   * Emulator endpoints (SDK-facing), e.g. for tests that inspect tables directly. `s3` is the
   * verifying layer on the public port (what the Lambdas use); `s3Direct` is s3rver itself (no
   * checks, its own key `S3RVER`: benchmarks and tests only); `lambda` the local Invoke API;
   * `dynamodb` dynalite behind its verifying layer; `ses` the SES emulator (its `GET /store` lists
   * the emails sent).
   */
  endpoints: { dynamodb: string; s3: string; s3Direct: string; cognito: string; lambda: string; ses: string };
  /** Resolves when every asynchronous Lambda invocation started so far has finished. */
  lambdaIdle(): Promise<void>;
  /** What seeding did on this start (undefined when seed was false). */
  seedSummary?: SeedSummary;
  /**
   * Create (or update) a confirmed account with a permanent password and the given groups;
   * idempotent. Resolves with the user's sub.
   */
  createAccount(email: string, password: string, groups?: readonly string[]): Promise<string>;
  /** USER_PASSWORD_AUTH through `/cognito` (the shims apply). Rejects with NotAuthorizedException on bad credentials. */
  signIn(email: string, password: string): Promise<SignInResult>;
  /** Last verification code sent to a user (forgot password), if any. */
  lastVerificationCode(email: string): string | undefined;
  /** Stop everything and flush the data to disk. */
  close(): Promise<void>;
}

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

const NO_BUILD_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Suture (local)</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto">
<h1>Suture is running, but the web app is not built</h1>
<p>Run <code>npm run build:web</code> (or start with <code>npm start</code>, which builds it) and reload this page.</p>
<p>The API is at <code>/api</code>, the runtime configuration at <a href="/config.json">/config.json</a>.</p>
</body></html>`;

/**
 * Serve a file of the built SPA, or index.html for unknown paths (SPA fallback, like CloudFront).
 * When the build wrote a precompressed `.br`/`.gz` beside the file and `acceptEncoding` accepts it,
 * that variant is sent with `Content-Encoding`; every answer carries `Vary: Accept-Encoding`
 * (local/encoding.ts).
 */
function serveStatic(
  res: ServerResponse,
  webDist: string,
  pathname: string,
  method: string,
  acceptEncoding: string | undefined,
  headers: Readonly<Record<string, string>>,
): number {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) {
    res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(method === 'HEAD' ? undefined : NO_BUILD_PAGE);
    return 200;
  }
  let file = index;
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const candidate = normalize(join(webDist, decoded));
  if (candidate.startsWith(webDist + sep) && existsSync(candidate) && statSync(candidate).isFile()) file = candidate;
  const immutable = file !== index && decoded.startsWith('/assets/');
  const variant = pickEncoding(acceptEncoding, (suffix) => existsSync(file + suffix));
  const body = method === 'HEAD' ? undefined : readFileSync(variant ? file + variant.suffix : file);
  res.writeHead(200, {
    ...headers,
    'content-type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    vary: 'Accept-Encoding',
    ...(variant ? { 'content-encoding': variant.encoding } : {}),
  });
  res.end(body);
  return 200;
}

/** The origin of a URL (`http://127.0.0.1:3000/api` -> `http://127.0.0.1:3000`); '' for '' or an invalid URL. */
function originOf(url: string): string {
  try {
    return url ? new URL(url).origin : '';
  } catch {
    return '';
  }
}

/** Thrown when another process runs a local runtime on the same data directory. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

/**
 * One runtime per data directory: LevelDB allows one process only. `<dataDir>/local.pid` holds
 * the owner's pid; a file left by a process that is gone is taken over.
 */
function acquireDataDirLock(dataDir: string): void {
  const file = join(dataDir, 'local.pid');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (pid && pid !== process.pid) {
      let alive = true;
      try {
        process.kill(pid, 0);
      } catch (err) {
        alive = (err as NodeJS.ErrnoException).code === 'EPERM';
      }
      if (alive) {
        throw new DataDirInUseError(`Another Suture local runtime (pid ${pid}) is using ${dataDir}: stop it first`);
      }
    }
  }
  writeFileSync(file, String(process.pid));
}

function releaseDataDirLock(dataDir: string): void {
  const file = join(dataDir, 'local.pid');
  try {
    if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
  } catch {
    // already gone
  }
}

/** Ports used by the previous runtime of this process (reused on restart when free). */
let previousPorts: { http?: number; dynamodb?: number; s3?: number; cognito?: number; ses?: number } = {};
let running = false;

/**
 * Start the local runtime. Resolves once every emulator is up, the tables, bucket, user pool,
 * client and groups exist, and (with `seed`) the demo data is in place.
 * Throws when another runtime is already running in this process, when the port is taken, or when
 * `DISPUTE_DEADLINES` is not valid (InvalidDeadlineSettingsError, shared/dispute/settings.ts).
 */
export async function startLocal(options: LocalOptions = {}): Promise<LocalStack> {
  if (running) throw new Error('A local runtime is already running in this process (process.env is shared)');
  // The deadline rules come from the same variable as a deployed function's: refuse a bad one now
  // rather than on the first dispute call.
  parseDeadlineSettings(process.env[DISPUTE_DEADLINES_ENV], DISPUTE_DEADLINES_ENV);
  running = true;
  // The SDK v3 warns once per process on Node < 22; the engines field already says what is supported.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const closers: (() => Promise<void>)[] = [];
  let publicServer: ReturnType<typeof createServer> | undefined;
  const closeAll = async () => {
    // Stop taking requests first, then the emulators in reverse start order.
    if (publicServer) await closeServer(publicServer).catch(() => undefined);
    for (const close of closers.reverse()) {
      try {
        await close();
      } catch {
        // keep closing the others
      }
    }
    closers.length = 0;
    running = false;
  };

  try {
    const dataDir = resolve(options.dataDir ?? join(PROJECT_ROOT, '.data'));
    const host = options.host ?? '127.0.0.1';
    const requestedPort = options.port ?? (process.env.PORT ? Number(process.env.PORT) : 3000);
    if (!Number.isInteger(requestedPort) || requestedPort < 0 || requestedPort > 65535) {
      throw new RangeError(`Invalid port ${options.port ?? process.env.PORT}: use 0..65535 (0 = random)`);
    }
    const webDist = resolve(options.webDist ?? join(PROJECT_ROOT, 'web', 'dist'));
    const log = options.log ?? ((line: string) => console.log(line));
    mkdirSync(dataDir, { recursive: true });
    acquireDataDirLock(dataDir);
    closers.push(async () => releaseDataDirLock(dataDir));

    // 1. The public server first: its address is the token issuer and the CORS origin.
    // Requests that arrive before everything is ready get 503.
    const router: { app?: (req: IncomingMessage, res: ServerResponse) => Promise<void> } = {};
    const server = createServer((req, res) => {
      const app = router.app;
      if (!app) {
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
        res.end(JSON.stringify({ message: 'Starting' }));
        return;
      }
      app(req, res).catch((err: unknown) => {
        console.error(`[local] ${req.method} ${(req.url ?? '').split('?')[0]} failed: ${(err as Error)?.message}`);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Internal Server Error' }));
      });
    });
    const port = await listen(server, requestedPort, host, previousPorts.http);
    publicServer = server;
    const url = `http://${host}:${port}`;
    const origins = [url, `http://localhost:${port}`];
    const cognitoOrigins: ReadonlySet<string> = new Set(origins);

    // 2. Emulators.
    // The runtime's own credentials: the only ones its AWS-facing layers accept (local/credentials.ts).
    const credentials = ensureLocalCredentials(dataDir);
    const dynamo: DynamoEmulator = await startDynamo(join(dataDir, 'dynamodb'), {
      credentials,
      appendOnlyTables: appendOnlyTableNames(LOCAL_PREFIX),
      preferredPort: previousPorts.dynamodb,
    });
    closers.push(() => dynamo.close());
    // The import CLIs write through this emulator while the runtime runs (local/running.ts).
    writeRunningEndpoints(dataDir, { dynamodb: dynamo.endpoint, lambda: `${url}/lambda` });
    closers.push(async () => removeRunningEndpoints(dataDir));
    const s3: S3Emulator = await startS3(join(dataDir, 's3'), LOCAL_DOCUMENTS_BUCKET, origins, previousPorts.s3);
    closers.push(() => s3.close());
    const cognito: CognitoEmulator = await startCognito({
      dir: join(dataDir, 'cognito'),
      issuerDomain: `${url}/cognito`,
      preferredPort: previousPorts.cognito,
      log,
    });
    closers.push(() => cognito.close());
    const ses: SesEmulator = await startSes(previousPorts.ses);
    closers.push(() => ses.close());
    previousPorts = {
      http: port,
      dynamodb: dynamo.port,
      s3: s3.port,
      cognito: Number(new URL(cognito.endpoint).port),
      ses: ses.port,
    };

    // 3. The Lambda environment, before any handler is imported.
    const cursorKeyArn = localSecretArn(LOCAL_REGION, CURSOR_KEY_SECRET_NAME);
    const cursorKeyText = ensureCursorKeyFile(dataDir);
    const originVerify = randomUUID();
    const env: Record<string, string> = {
      AWS_REGION: LOCAL_REGION,
      AWS_DEFAULT_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: `${url}/s3`,
      AWS_ENDPOINT_URL_LAMBDA: `${url}/lambda`,
      DOCUMENT_FUNCTION_NAME: `${LOCAL_PREFIX}-document`,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      // The cursor key secret, answered by local/secrets.ts from a file under the data dir.
      AWS_ENDPOINT_URL_SECRETS_MANAGER: `${url}/secretsmanager`,
      CURSOR_KEY_SECRET_ARN: cursorKeyArn,
      // Email: the SES emulator, from and to the stage defaults (the support address is /config.json's).
      AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      SENDER_EMAIL: DEFAULT_SENDER_EMAIL,
      SUPPORT_EMAIL: DEFAULT_SUPPORT_EMAIL,
      // The links to a case in the reminder emails.
      APP_URL: url,
      S3_FORCE_PATH_STYLE: 'true',
      DOCUMENTS_BUCKET: LOCAL_DOCUMENTS_BUCKET,
      NPPES_API_URL: `${url}/nppes/api/?version=2.1`,
      // As CloudFront's /api origin header (lambdas/lib/origin.ts): the gateway sends it, the handlers check it.
      ORIGIN_VERIFY: originVerify,
    };
    for (const def of TABLES) env[def.envVar] = physicalTableName(LOCAL_PREFIX, def);
    delete process.env.AWS_SESSION_TOKEN;
    delete process.env.AWS_PROFILE;
    Object.assign(process.env, env);
    process.env.LOG_LEVEL ??= options.quiet ? 'WARN' : 'INFO';
    resetEnvCache();
    resetAwsClients();

    // 4. Tables, user pool, app client, groups.
    const ddb = localDynamoClient(dynamo.endpoint, credentials);
    try {
      await ensureTables(ddb, LOCAL_PREFIX);
    } finally {
      ddb.destroy();
    }
    const admin: CognitoIdentityProviderClient = localCognitoClient(cognito.endpoint);
    closers.push(async () => admin.destroy());
    const { userPoolId, clientId } = await ensureUserPool(admin, dataDir);
    // The user Lambda's administrator calls (RESOURCE_ACCESS cognitoAdmin).
    process.env.USER_POOL_ID = userPoolId;
    resetEnvCache();
    const issuer = `${url}/cognito/${userPoolId}`;

    const config = RuntimeConfigSchema.parse({
      region: LOCAL_REGION,
      apiUrl: `${url}/api`,
      userPoolId,
      userPoolClientId: clientId,
      userPoolEndpoint: `${url}/cognito`,
      stage: 'local',
      // The debug pages are on locally.
      debugPages: true,
    });

    // 5. The Lambda handlers: a pool of threads with a copy of the Lambda environment, or this thread.
    const lambdaWorkers = options.lambdaWorkers ?? DEFAULT_LAMBDA_WORKERS;
    if (!Number.isInteger(lambdaWorkers) || lambdaWorkers < 0) {
      throw new RangeError(`Invalid lambdaWorkers ${lambdaWorkers}: use 0 (main thread) or more`);
    }
    const invoker: LambdaInvoker =
      lambdaWorkers === 0
        ? inProcessInvoker(PROJECT_ROOT)
        : await startLambdaPool({ root: PROJECT_ROOT, size: lambdaWorkers, env: { ...process.env } });
    closers.push(() => invoker.close());

    // The same headers as CloudFront (infra/web.ts); the API, Cognito and S3 are all on this port.
    const headers = securityHeaders(
      contentSecurityPolicy(
        [config.apiUrl, config.userPoolEndpoint ?? '', env.AWS_ENDPOINT_URL_S3 ?? ''].map(originOf),
      ),
    );
    const gateway = createGateway({
      root: PROJECT_ROOT,
      invoker,
      allowedOrigins: origins,
      responseHeaders: headers,
      rateLimit: options.rateLimit ?? RATE_LIMIT,
      now: options.rateLimitClock,
      issuer,
      jwksUri: `${cognito.endpoint}/${userPoolId}/.well-known/jwks.json`,
      clientId,
      domainName: `${host}:${port}`,
      originVerify,
    });

    // The email viewer: a token the gateway accepts, of a profile of user_type 100 or more.
    const sesViewerAccess = async (authorization: string | undefined) => {
      const claims = await gateway.verify(authorization);
      if (typeof claims?.sub !== 'string') return 'unauthorized' as const;
      return canReadSupport(await loadUserType(claims.sub)) ? ('ok' as const) : ('forbidden' as const);
    };

    const accepted = credentialMap(credentials);
    // The documents bucket is versioned on AWS (infra/storage.ts); s3rver is not: the layer of s3-versions.ts.
    const versioning = createS3Versioning({
      target: s3.endpoint,
      bucket: LOCAL_DOCUMENTS_BUCKET,
      indexFile: join(dataDir, 's3-versions.json'),
      ...S3RVER_CREDENTIALS,
    });
    closers.push(async () => versioning.close());
    const s3Gateway = createS3Gateway({
      target: s3.endpoint,
      prefix: '/s3',
      credentials: accepted,
      emulatorAccessKeyId: S3RVER_CREDENTIALS.accessKeyId,
      origins,
      versioning,
    });
    const secretsApi = createSecretsApi({
      prefix: '/secretsmanager',
      credentials: accepted,
      secrets: { [cursorKeyArn]: { name: CURSOR_KEY_SECRET_NAME, text: cursorKeyText } },
    });
    const lambdaApi = createLambdaApi({
      prefix: '/lambda',
      functionPrefix: LOCAL_PREFIX,
      credentials: accepted,
      invoke: (resource, payload, timeoutMs) => gateway.invoke(resource, payload, timeoutMs),
      log,
    });
    closers.push(() => lambdaApi.idle());
    if (options.reminderSchedule) {
      const timer = startReminderTimer(() => gateway.invoke('reminders', { type: REMINDERS_EVENT }, 60_000), log);
      closers.push(async () => timer.stop());
    }

    // 6. The router of the public server.
    /** Requests from this time on are logged (not those of starting and seeding). */
    let readyAt = Number.POSITIVE_INFINITY;
    router.app = async (req, res) => {
      const started = Date.now();
      const method = req.method ?? 'GET';
      const parsed = new URL(req.url ?? '/', url);
      const pathname = parsed.pathname;
      const rawQuery = parsed.search.startsWith('?') ? parsed.search.slice(1) : '';
      let status: number;
      let label = pathname;
      // The path and query exactly as sent (signatures cover them; the URL parser re-encodes some characters).
      const rawUrl = req.url ?? '/';
      const q = rawUrl.indexOf('?');
      const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
      const rawSignedQuery = q < 0 ? '' : rawUrl.slice(q + 1);
      if (pathname === '/s3' || pathname.startsWith('/s3/')) {
        // Streamed: bodies of up to 100 MB are never buffered here.
        status = await s3Gateway.handle(req, res, rawPath, rawSignedQuery);
        label = '/s3'; // keys are not logged
      } else if (pathname.startsWith('/lambda/')) {
        status = await lambdaApi.handle(req, res, rawPath, rawSignedQuery);
      } else if (pathname === '/secretsmanager' || pathname.startsWith('/secretsmanager/')) {
        status = await secretsApi.handle(req, res, rawPath, rawSignedQuery);
      } else if (pathname === '/api' || pathname.startsWith('/api/')) {
        status = await gateway.handle(req, res, pathname.slice(4) || '/', rawQuery);
      } else if (pathname === '/cognito' || pathname.startsWith('/cognito/')) {
        const body = await readBody(req, MAX_PAYLOAD_BYTES).catch((err: unknown) => {
          if (err instanceof BodyTooLargeError) return undefined;
          throw err;
        });
        const op = String(req.headers['x-amz-target'] ?? '').split('.')[1];
        if (op) label = `${pathname} ${op}`;
        if (!body) {
          res.writeHead(413, { ...headers, 'content-type': 'application/json', connection: 'close' });
          res.end(JSON.stringify({ message: 'Request Entity Too Large' }));
          status = 413;
        } else {
          status = await proxyCognito(
            cognito.endpoint,
            req,
            res,
            (pathname.slice(8) || '/') + parsed.search,
            body,
            `${url}/cognito`,
            cognitoOrigins,
          );
        }
      } else if (pathname.startsWith('/ses/')) {
        status = await handleSesViewer(req, res, pathname.slice(4), ses.endpoint, sesViewerAccess, headers);
      } else if (pathname === '/nppes/api' || pathname === '/nppes/api/') {
        handleNppesRequest(req, res, parsed);
        status = 200;
      } else if (pathname === '/config.json') {
        res.writeHead(200, {
          ...headers,
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        res.end(JSON.stringify(config));
        status = 200;
      } else if (method === 'GET' || method === 'HEAD') {
        serveStatic(res, webDist, pathname, method, req.headers['accept-encoding'], headers);
        return; // static files are not logged
      } else {
        res.writeHead(405, { ...headers, 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Method Not Allowed' }));
        status = 405;
      }
      // Requests made while starting (the demo seed's uploads) are not logged: the console opens on the banner.
      if (!options.quiet && started >= readyAt) log(`${method} ${label} ${status} ${Date.now() - started}ms`);
    };

    // 7. Account helpers.
    const publicCognito = localCognitoClient(`${url}/cognito`);
    closers.push(async () => publicCognito.destroy());

    // The administrator calls the seed makes too (local/seed.ts; seed:stage makes them on AWS).
    const createAccount = (email: string, password: string, groups: readonly string[] = []): Promise<string> =>
      createDemoAccount(admin, userPoolId, email, password, groups);

    const signIn = async (email: string, password: string): Promise<SignInResult> => {
      const out = await publicCognito.send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: clientId,
          AuthParameters: { USERNAME: email, PASSWORD: password },
        }),
      );
      const r = out.AuthenticationResult;
      if (!r?.IdToken || !r.AccessToken || !r.RefreshToken) {
        throw new Error(`Sign-in of ${email} did not return tokens (challenge ${out.ChallengeName ?? 'none'})`);
      }
      const payload = JSON.parse(Buffer.from(r.IdToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
        sub: string;
      };
      return { idToken: r.IdToken, accessToken: r.AccessToken, refreshToken: r.RefreshToken, sub: payload.sub };
    };

    // 8. Demo data.
    let seedSummary: SeedSummary | undefined;
    if (options.seed) {
      seedSummary = await seedDemoData({
        dataDir,
        cognito: admin,
        userPoolId,
        resources: seedResources(LOCAL_PREFIX, LOCAL_DOCUMENTS_BUCKET),
        log,
      });
    }
    // Cases from before case numbers get theirs; after one complete run this is one GetItem.
    const numbering = await numberExistingCases({ unlessComplete: true });
    if (numbering.numbered > 0) log(`Numbered ${numbering.numbered} cases created before case numbers.`);
    // Cases and profiles written before today's index keys get them; then one GetItem a start.
    const refreshed = await refreshIndexKeys({ unlessComplete: true });
    if (refreshed.casesRewritten + refreshed.profilesRewritten > 0) {
      log(`Refreshed the index keys of ${refreshed.casesRewritten} cases and ${refreshed.profilesRewritten} profiles.`);
    }
    // Counters of the analytics charts for cases written before them; then one GetItem a start.
    const recounted = await recountAnalytics({ unlessComplete: true });
    if (recounted.items > 0) log(`Recounted the analytics counters of ${recounted.cases} cases.`);
    readyAt = Date.now();

    let closed = false;
    return {
      url,
      apiUrl: `${url}/api`,
      port,
      dataDir,
      config,
      userPoolId,
      clientId,
      credentials,
      endpoints: {
        dynamodb: dynamo.endpoint,
        s3: `${url}/s3`,
        s3Direct: s3.endpoint,
        cognito: cognito.endpoint,
        lambda: `${url}/lambda`,
        ses: ses.endpoint,
      },
      lambdaIdle: () => lambdaApi.idle(),
      seedSummary,
      createAccount,
      signIn,
      lastVerificationCode: (email) => cognito.codes.get(email),
      close: async () => {
        if (closed) return;
        closed = true;
        await closeAll();
      },
    };
  } catch (err) {
    await closeAll();
    throw err;
  }
}
