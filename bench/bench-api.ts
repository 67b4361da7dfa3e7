/**
 * `npm run bench:api`: the Lambda bundles, their cold init, and the local API
 * against the raw DynamoDB Query it runs, side by side in one run.
 *
 * 1. Bundles: every `lambdas/<resource>/handler.ts` built with the esbuild options CDK deploys
 *    (`esbuildOptionsFor` of infra/bundling.ts, the same LAMBDA_BUNDLING as infra/api.ts), plus a
 *    hello-world handler built the same way. Size of `index.mjs` in KB (1 KB = 1024 bytes) against
 *    the 300 KB goal, and the three largest packages of each (esbuild metafile). Reference rows, built
 *    the same way with no project code, give the floors the goals meet before Suture writes a line:
 *    `node builtins` (the Node modules the bundled SDK imports at its top level), `ddb alone` (a
 *    handler that builds the DynamoDB DocumentClient the way lambdas/lib/aws.ts does: every Lambda
 *    has it, since every signed-in call writes its audit entry), `ddb+s3 alone` (plus the S3 client
 *    and presigner: document, lists) and `pdf-lib alone` (the design card's PDF library: report).
 * 2. Cold init: a fresh `node` process imports the bundle and gets `handler`; the time is
 *    CPU time (`process.cpuUsage()`, user + system) and wall time (`performance.now()`) at that point,
 *    both from the process's start, so Node's own bootstrap is in every figure, as in a Lambda's init.
 *    Median of `--runs` (default 9) per bundle, the bundles taken in turns; the ratio against hello
 *    world (goal 1.5x) is of CPU time: wall time on a machine shared with other work measures the
 *    neighbours as much as the bundle.
 * 3. API vs raw: the local runtime runs in a process of its own (as in bench-documents), a provider
 *    with `--cases` cases (default 300, created through the API), then autocannon at `--connections`
 *    (default 10) for `--duration` seconds (default 10) each, after a 2 s warm-up:
 *    (a) `GET /api/case?user_id=<sub>&limit=50` with the provider's access token;
 *    (b) the same Query straight to the local DynamoDB endpoint: a SigV4-signed POST (signed once,
 *        body built once) with `X-Amz-Target: DynamoDB_20120810.Query` on index byUser, Limit 50,
 *        ScanIndexForward false, and the SAME ProjectionExpression as the list's Query (built by
 *        `listProjection` of lambdas/data/case/lists.ts: the attributes the list answer reads, not the
 *        case's index keys), so both sides read and send the same items.
 *    (c) that Query and the audit entry's PutItem in turn (every signed-in call writes
 *        one): the raw Query's req/s over these pairs/s is the floor of the API's ratio.
 *    Requests/s, p50 and p99 latency (ms) and items per answer of each; the ratio raw/API of
 *    requests/s against the 1.3x goal; the server process's peak RSS (VmHWM of /proc/<pid>/status).
 *
 * Not a test: figures depend on the machine. Options: `--runs N`, `--cases N`, `--duration S`,
 * `--connections N`, `--sdk external` (build with the AWS SDK left to the Lambda runtime, for
 * comparison), `--only bundles|api`, `--server-cpu-prof DIR` (a V8 CPU profile of the server, one
 * file per thread), `--lambda-workers N` (threads of the server's Lambda pool; 0 = handlers on its
 * main thread; default the runtime's). Each phase also reports the server's CPU ms per request (main
 * thread, other threads) and the client's, and the machine's load average.
 */
import { serveUntilStdinCloses, spawnBenchServer, startBenchStack, stopBenchServer } from './lib/server-process';
import { benchApi as apiClient, createBenchProvider } from './lib/bench-provider';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { SignatureV4 } from '@smithy/signature-v4';
import { marshall } from '@aws-sdk/util-dynamodb';
import { build, type Metafile } from 'esbuild';
import { LAMBDA_BUNDLING, LAMBDA_RESOURCES, esbuildOptionsFor, handlerEntry } from '../infra/bundling';
import { PROJECT_ROOT } from '../infra/paths';
import { DEFAULT_LAMBDA_WORKERS, LOCAL_PREFIX, LOCAL_REGION } from '../local';
import type { LocalCredentials } from '../local/credentials';
import { NodeSha256 } from '../local/sigv4';
import { listProjection } from '../lambdas/data/case/lists';
import { AUDIT_TABLE, auditKeys } from '../lambdas/data/audit/keys';
import { CASES_TABLE } from '../lambdas/data/case/keys';
import { TABLES, physicalTableName } from '../lambdas/lib/tables';

const GOALS = { bundleKb: 300, initRatio: 1.5, apiRatio: 1.3, rssMiB: 1024 } as const;
const PAGE = 50;

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new RangeError(`--${name} must be a positive number`);
  return v;
}
function textOption(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** The machine's 1-minute load average (/proc/loadavg), or '?': the neighbours' share of the cores. */
function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ')[0] ?? '?';
  } catch {
    return '?';
  }
}

/** Peak resident set size of a process in bytes (VmHWM of /proc/<pid>/status, Linux), or undefined. */
export function peakRssBytes(pid: number): number | undefined {
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * CPU time (ms, user + system) of every thread of a process so far: the main thread (the one whose
 * id is the pid) and the sum of all the others (Lambda pool, dynalite, GC and libuv threads), from
 * /proc/<pid>/task/<tid>/stat (Linux; clock ticks of 1000/`ticksPerSecond` ms). Undefined without /proc.
 */
export function threadCpuMs(pid: number, ticksPerSecond = 100): { main: number; others: number } | undefined {
  try {
    let main = 0;
    let others = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      } catch {
        continue; // a thread that ended meanwhile
      }
      // Fields after the command (which may hold spaces) in parentheses: utime and stime are 14 and 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
      if (Number(tid) === pid) main += ms;
      else others += ms;
    }
    return { main, others };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// 1 and 2: bundles and cold init

interface BundleRow {
  name: string;
  file: string;
  bytes: number;
  largest: string;
  /** A reference bundle (hello world, ddb alone), not judged against the goals. */
  reference: boolean;
  /** CPU ms of each cold init. */
  initMs: number[];
  /** Wall ms of each cold init. */
  wallMs: number[];
}

/** The three largest packages (or project folders) of a bundle, from esbuild's metafile. */
function largestInputs(metafile: Metafile): string {
  const output = Object.values(metafile.outputs).find((o) => o.entryPoint);
  const groups = new Map<string, number>();
  for (const [file, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const pkg =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ??
      (file.startsWith('..') ? '(handler)' : file.split('/').slice(0, 2).join('/'));
    groups.set(pkg, (groups.get(pkg) ?? 0) + bytesInOutput);
  }
  return [...groups]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name, bytes]) => `${name} ${kb(bytes)}`)
    .join(', ');
}

/**
 * Build every Lambda and the reference bundles (hello world, node builtins, ddb alone, ddb+s3 alone,
 * pdf-lib alone) into `dir` (which has a node_modules link for external SDKs).
 */
async function buildBundles(dir: string, externalSdk: boolean): Promise<BundleRow[]> {
  const bundling = externalSdk
    ? { ...LAMBDA_BUNDLING, bundleAwsSDK: false, externalModules: ['@aws-sdk/*'] }
    : LAMBDA_BUNDLING;
  const reference = (name: string, source: string) => {
    const file = join(dir, `${name.replace(/\W/g, '-')}.ts`);
    writeFileSync(file, source);
    return [name, file] as const;
  };
  const ddbSource =
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\n" +
    "import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';\n" +
    'const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });\n';
  // Reference bundles (REFERENCES): what Node and the design card's libraries cost before any project code.
  const references = [
    reference('hello world', "export const handler = async () => ({ statusCode: 200, body: 'hello' });\n"),
    reference(
      'node builtins',
      // The Node modules the bundled SDK imports at its top level (node:http comes with node:https).
      // (Used, so that esbuild keeps them: it drops bare imports of Node's modules.)
      ['crypto', 'fs', 'fs/promises', 'https', 'os', 'path', 'stream', 'zlib']
        .map((m, i) => `import * as m${i} from 'node:${m}';\n`)
        .join('') + 'export const handler = async () => [m0, m1, m2, m3, m4, m5, m6, m7].length;\n',
    ),
    reference(
      'ddb alone',
      ddbSource +
        "export const handler = async () => doc.send(new GetCommand({ TableName: 't', Key: { id: 'x' } }));\n",
    ),
    reference(
      'ddb+s3 alone',
      ddbSource +
        "import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';\n" +
        "import { getSignedUrl } from '@aws-sdk/s3-request-presigner';\n" +
        'const s3 = new S3Client({});\n' +
        'export const handler = async () => {\n' +
        "  await doc.send(new GetCommand({ TableName: 't', Key: { id: 'x' } }));\n" +
        "  return getSignedUrl(s3, new GetObjectCommand({ Bucket: 'b', Key: 'k' }), { expiresIn: 300 });\n" +
        '};\n',
    ),
    reference(
      'pdf-lib alone',
      "import { PDFDocument, StandardFonts } from 'pdf-lib';\n" +
        'export const handler = async () => {\n' +
        '  const pdf = await PDFDocument.create();\n' +
        '  await pdf.embedFont(StandardFonts.Helvetica);\n' +
        '  pdf.addPage();\n' +
        '  return pdf.save();\n' +
        '};\n',
    ),
  ];
  const entries = [...references, ...LAMBDA_RESOURCES.map((r) => [r as string, handlerEntry(r)] as const)];
  const rows: BundleRow[] = [];
  for (const [name, entry] of entries) {
    const file = join(dir, name.replace(/\W/g, '_'), 'index.mjs');
    const result = await build({ ...esbuildOptionsFor(entry, file, bundling), metafile: true });
    rows.push({
      name,
      file,
      bytes: statSync(file).size,
      largest: largestInputs(result.metafile),
      reference: references.some(([ref]) => ref === name),
      initMs: [],
      wallMs: [],
    });
  }
  return rows;
}

const run = promisify(execFile);

/**
 * A fresh node process imports the bundle and gets its handler: the CPU time (user + system, all
 * threads) and the wall time (ms) from the process's start to that point.
 */
async function coldInit(file: string): Promise<{ cpu: number; wall: number }> {
  const script =
    `const m = await import(${JSON.stringify(pathToFileURL(file).href)});` +
    `if (typeof m.handler !== 'function') throw new Error('no handler');` +
    `const c = process.cpuUsage();` +
    `process.stdout.write(JSON.stringify({ cpu: (c.user + c.system) / 1000, wall: performance.now() }));`;
  // The Lambda environment (table names etc.), as a deployed function has it.
  const env = Object.fromEntries(TABLES.map((def) => [def.envVar, `suture-bench-${def.id}`]));
  const { stdout } = await run(process.execPath, ['--no-warnings', '--input-type=module', '-e', script], {
    env: {
      PATH: process.env.PATH,
      ...env,
      DOCUMENTS_BUCKET: 'suture-bench-documents',
      AWS_REGION: 'us-east-1',
      LOG_LEVEL: 'ERROR',
    },
  });
  return JSON.parse(stdout) as { cpu: number; wall: number };
}

async function benchBundles(runs: number, externalSdk: boolean): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'suture-bundles-'));
  // Bundles that leave the SDK out resolve it from the project's node_modules, as a Lambda does from its runtime's.
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  try {
    const rows = await buildBundles(dir, externalSdk);
    for (let i = 0; i < runs; i++) {
      for (const row of rows) {
        const { cpu, wall } = await coldInit(row.file);
        row.initMs.push(cpu);
        row.wallMs.push(wall);
      }
    }
    const hello = median(rows[0]!.initMs);
    const lambdas = rows.filter((r) => !r.reference);
    const lines = [
      `Bundles (${externalSdk ? 'AWS SDK left to the Lambda runtime: --sdk external' : 'as deployed: infra/bundling.ts LAMBDA_BUNDLING'}); cold init = median of ${runs} fresh node processes,`,
      `from process start to the handler: CPU ms (user + system; the ratio uses it, as wall time on a shared machine measures the neighbours) and wall ms`,
      `${'bundle'.padEnd(12)} ${'KB'.padStart(7)} ${'<=300'.padStart(6)} ${'CPU ms'.padStart(7)} ${'wall ms'.padStart(8)} ${'x hello'.padStart(8)} ${'<=1.5'.padStart(6)}  largest parts (KB)`,
    ];
    for (const row of rows) {
      const init = median(row.initMs);
      const ratio = init / hello;
      const isHello = row.reference;
      lines.push(
        `${row.name.padEnd(12)} ${kb(row.bytes).padStart(7)} ${(isHello ? '' : row.bytes <= GOALS.bundleKb * 1024 ? 'yes' : 'NO').padStart(6)} ` +
          `${init.toFixed(1).padStart(7)} ${median(row.wallMs).toFixed(1).padStart(8)} ${ratio.toFixed(2).padStart(8)} ${(isHello ? '' : ratio <= GOALS.initRatio ? 'yes' : 'NO').padStart(6)}  ${row.largest}`,
      );
    }
    const maxKb = Math.max(...lambdas.map((r) => r.bytes)) / 1024;
    const maxRatio = Math.max(...lambdas.map((r) => median(r.initMs) / hello));
    const met = lambdas.filter((r) => r.bytes <= GOALS.bundleKb * 1024).map((r) => r.name);
    const ref = (name: string) => rows.find((r) => r.name === name)!;
    const refRatio = (name: string) => (median(ref(name).initMs) / hello).toFixed(2);
    lines.push(
      `goal: bundles <= ${GOALS.bundleKb} KB -> ${verdict(maxKb <= GOALS.bundleKb)} (largest ${maxKb.toFixed(1)} KB; at or under: ${met.join(', ') || 'none'}); ` +
        `cold init <= ${GOALS.initRatio}x hello world -> ${verdict(maxRatio <= GOALS.initRatio)} (worst ${maxRatio.toFixed(2)}x)`,
      `floors (reference bundles, no project code): the Node modules the SDK loads ${refRatio('node builtins')}x; ` +
        `the DynamoDB client ${kb(ref('ddb alone').bytes)} KB, ${refRatio('ddb alone')}x; with the S3 client and presigner ` +
        `${kb(ref('ddb+s3 alone').bytes)} KB, ${refRatio('ddb+s3 alone')}x; pdf-lib ${kb(ref('pdf-lib alone').bytes)} KB, ${refRatio('pdf-lib alone')}x`,
    );
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// 3: API vs raw Query

/** What the server process tells the client process (one JSON line on stdout). */
interface ServerInfo {
  apiUrl: string;
  dynamodb: string;
  /** The runtime's own credentials, the only ones its DynamoDB endpoint accepts. */
  credentials: LocalCredentials;
  casesTable: string;
  auditTable: string;
  accessToken: string;
  sub: string;
}

/**
 * `--serve DIR [--lambda-workers N]`: the local runtime on DIR in this process (N threads in its
 * Lambda pool, default the runtime's), a signed-in provider; runs until stdin closes.
 */
async function serve(dataDir: string, lambdaWorkers?: number): Promise<void> {
  const stack = await startBenchStack(dataDir, lambdaWorkers);
  const email = `bench-${Date.now()}@example.com`;
  const sub = await stack.createAccount(email, 'Bench-Passw0rd!', ['surgeon']);
  const { accessToken } = await stack.signIn(email, 'Bench-Passw0rd!');
  const info: ServerInfo = {
    apiUrl: stack.apiUrl,
    dynamodb: stack.endpoints.dynamodb,
    credentials: stack.credentials,
    casesTable: physicalTableName(LOCAL_PREFIX, CASES_TABLE),
    auditTable: physicalTableName(LOCAL_PREFIX, AUDIT_TABLE),
    accessToken,
    sub,
  };
  await serveUntilStdinCloses(stack, info);
}

/** The parts of autocannon's result this bench reads. */
interface LoadResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: Record<string, unknown>) => Promise<LoadResult>;
// eslint-disable-next-line @typescript-eslint/no-require-imports -- autocannon ships no types
const autocannon = require('autocannon') as Autocannon;

/** A load phase's result and the CPU it cost: ms per request of the server's threads and of the client. */
interface Measured extends LoadResult {
  /** Server main thread, server's other threads (pool, dynalite, GC), the autocannon client: CPU ms per request. */
  cpu?: { main: number; others: number; client: number };
}

async function load(
  target: {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    requests?: { method: string; headers: Record<string, string>; body: string }[];
  },
  connections: number,
  seconds: number,
  serverPid?: number,
): Promise<Measured> {
  const before = serverPid === undefined ? undefined : threadCpuMs(serverPid);
  const client = process.cpuUsage();
  const result = await autocannon({ ...target, connections, duration: seconds, pipelining: 1 });
  const clientUs = process.cpuUsage(client);
  const after = serverPid === undefined ? undefined : threadCpuMs(serverPid);
  const requests = result.requests.average * seconds;
  if (!before || !after || requests <= 0) return result;
  return {
    ...result,
    cpu: {
      main: (after.main - before.main) / requests,
      others: (after.others - before.others) / requests,
      client: (clientUs.user + clientUs.system) / 1000 / requests,
    },
  };
}

/** Create the provider's profile, a surgeon, a facility and `count` cases through the API. */
async function seedCases(info: ServerInfo, count: number): Promise<void> {
  const api = apiClient(info.apiUrl, info.accessToken);
  const { surgeon, facility } = await createBenchProvider(api, 170000000);
  const codes = [['27447'], ['29881', '20610'], ['99213']];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < count; i = next++) {
      await api('POST', '/case', {
        case_date: new Date(Date.UTC(2026, 0, 1 + (i % 300))).toISOString().slice(0, 10),
        surgeon_id: surgeon.surgeon_id,
        facility_id: facility.facility_id,
        patient: { first: 'Bench', last: `Testpatient${i}`, ins_provider: 'Aetna' },
        procedure_codes: codes[i % codes.length],
      });
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
}

/**
 * The raw Query request, signed once (the local DynamoDB checks no clock skew within a run): the
 * Query the provider list sends (lambdas/data/case/lists.ts), with the same projection (`listProjection`:
 * the attributes the list answer reads), Limit 50 where the list asks 51 (one more, to know whether
 * a next page exists).
 */
async function rawQueryRequest(
  info: ServerInfo,
): Promise<{ url: string; headers: Record<string, string>; body: string }> {
  const projected = listProjection({
    input: {
      TableName: info.casesTable,
      IndexName: 'byUser',
      KeyConditionExpression: 'user_id = :u',
      ScanIndexForward: false,
    },
    keyNames: ['case_id', 'user_id', 'created_at'],
  });
  const body = JSON.stringify({
    ...projected,
    ExpressionAttributeValues: { ':u': { S: info.sub } },
    Limit: PAGE,
  });
  return signedDynamoRequest(info, 'Query', body);
}

/** A DynamoDB JSON-protocol request (`operation`, `body`) to the local endpoint, SigV4-signed once. */
async function signedDynamoRequest(
  info: ServerInfo,
  operation: string,
  body: string,
): Promise<{ url: string; headers: Record<string, string>; body: string }> {
  const url = new URL(info.dynamodb);
  const signer = new SignatureV4({
    service: 'dynamodb',
    region: LOCAL_REGION,
    credentials: info.credentials,
    sha256: NodeSha256,
  });
  const signed = await signer.sign({
    method: 'POST',
    protocol: url.protocol,
    hostname: url.hostname,
    port: Number(url.port),
    path: '/',
    headers: {
      host: url.host,
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDB_20120810.${operation}`,
    },
    body,
  });
  return { url: `${info.dynamodb}/`, headers: signed.headers as Record<string, string>, body };
}

/**
 * The audit PutItem the list request makes (lambdas/lib/audit.ts): an entry of the
 * same shape and size (the page's 50 case ids), to the audit table with its indexes, signed once (so
 * each run overwrites one item, which costs dynalite the same index updates as a new one).
 */
async function rawAuditPutRequest(
  info: ServerInfo,
  caseIds: string[],
): Promise<{ url: string; headers: Record<string, string>; body: string }> {
  const at = new Date().toISOString();
  const requestId = '5c13029f-6d60-4a3a-a548-fab6c303ea30';
  const entry = {
    ...auditKeys(at, requestId, 'GET /case'),
    at,
    action: 'GET /case',
    status: 200,
    outcome: 'allowed',
    resource_type: 'case',
    resource_ids: caseIds,
    request_id: requestId,
    source_ip: '127.0.0.1',
    user_agent: 'autocannon',
    expires_at: Math.floor(Date.now() / 1000) + 6 * 366 * 86_400,
    user_id: info.sub,
    user_type: 0,
    username: info.sub,
  };
  return signedDynamoRequest(info, 'PutItem', JSON.stringify({ TableName: info.auditTable, Item: marshall(entry) }));
}

/** A Query+PutItem phase counted in pairs: requests/s and CPU per request of a pair (two calls). */
function halve(x: Measured): Measured {
  return {
    ...x,
    requests: { average: x.requests.average / 2 },
    cpu: x.cpu && { main: x.cpu.main * 2, others: x.cpu.others * 2, client: x.cpu.client * 2 },
  };
}

async function benchApi(options: {
  cases: number;
  seconds: number;
  connections: number;
  cpuProfDir?: string;
  lambdaWorkers?: number;
}): Promise<string[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'suture-bench-api-'));
  const { child, info } = await spawnBenchServer<ServerInfo>(__filename, dataDir, {
    nodeArgs: options.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', options.cpuProfDir] : [],
    args: options.lambdaWorkers === undefined ? [] : ['--lambda-workers', String(options.lambdaWorkers)],
  });
  try {
    const t = performance.now();
    await seedCases(info, options.cases);
    const seeded = ((performance.now() - t) / 1000).toFixed(1);

    const apiTarget = {
      url: `${info.apiUrl}/case?user_id=${encodeURIComponent(info.sub)}&limit=${PAGE}`,
      method: 'GET',
      headers: { authorization: `Bearer ${info.accessToken}` },
    };
    const raw = await rawQueryRequest(info);
    const rawTarget = { url: raw.url, method: 'POST', headers: raw.headers, body: raw.body };

    // One answer of each, checked, for the items and bytes per answer.
    const apiRes = await fetch(apiTarget.url, { headers: apiTarget.headers });
    const apiText = await apiRes.text();
    if (apiRes.status !== 200) throw new Error(`GET /case answered ${apiRes.status}: ${apiText.slice(0, 200)}`);
    const apiItems = (JSON.parse(apiText) as { cases: unknown[] }).cases.length;
    const rawRes = await fetch(raw.url, { method: 'POST', headers: raw.headers, body: raw.body });
    const rawText = await rawRes.text();
    if (rawRes.status !== 200) throw new Error(`raw Query answered ${rawRes.status}: ${rawText.slice(0, 200)}`);
    const rawItems = (JSON.parse(rawText) as { Items: unknown[] }).Items.length;
    const caseIds = (JSON.parse(rawText) as { Items: { case_id: { S: string } }[] }).Items.map((i) => i.case_id.S);
    const put = await rawAuditPutRequest(info, caseIds);
    const putRes = await fetch(put.url, { method: 'POST', headers: put.headers, body: put.body });
    if (putRes.status !== 200) throw new Error(`raw PutItem answered ${putRes.status}: ${await putRes.text()}`);
    // Query then PutItem on each connection, in turn: autocannon counts each; a pair is two.
    const pairTarget = {
      url: raw.url,
      requests: [
        { method: 'POST', headers: raw.headers, body: raw.body },
        { method: 'POST', headers: put.headers, body: put.body },
      ],
    };

    await load(apiTarget, options.connections, 2);
    await load(rawTarget, options.connections, 2);
    const loadBefore = loadAverage();
    const a = await load(apiTarget, options.connections, options.seconds, child.pid);
    const r = await load(rawTarget, options.connections, options.seconds, child.pid);
    const pairs = halve(await load(pairTarget, options.connections, options.seconds, child.pid));
    const rss = peakRssBytes(child.pid!);

    const cpu = (x: Measured) =>
      x.cpu
        ? `${x.cpu.main.toFixed(2).padStart(6)} ${x.cpu.others.toFixed(2).padStart(6)} ${x.cpu.client.toFixed(2).padStart(6)}`
        : `${'?'.padStart(6)} ${'?'.padStart(6)} ${'?'.padStart(6)}`;
    const row = (label: string, x: Measured, items: number, bytes: number) =>
      `${label.padEnd(34)} ${x.requests.average.toFixed(0).padStart(8)} ${x.latency.p50.toFixed(1).padStart(8)} ${x.latency.p99.toFixed(1).padStart(8)} ` +
      `${String(items).padStart(6)} ${kb(bytes).padStart(8)} ${String(x.non2xx + x.errors + x.timeouts).padStart(7)} ${cpu(x)}`;
    const ratio = r.requests.average / a.requests.average;
    const p50Ratio = a.latency.p50 / Math.max(r.latency.p50, 0.001);
    return [
      `API vs raw Query: ${options.cases} cases of one provider, ${options.connections} connections, ${options.seconds} s each (seeded through the API in ${seeded} s)`,
      `${'call'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'items'.padStart(6)} ${'KB/ans'.padStart(8)} ${'errors'.padStart(7)} ${'main'.padStart(6)} ${'others'.padStart(6)} ${'client'.padStart(6)}`,
      row(`GET /api/case?user_id&limit=${PAGE}`, a, apiItems, Buffer.byteLength(apiText)),
      row(`raw Query byUser Limit ${PAGE}`, r, rawItems, Buffer.byteLength(rawText)),
      row('raw Query + audit PutItem (pairs)', pairs, rawItems, Buffer.byteLength(rawText)),
      `CPU ms per request: main = the server's main thread (gateway, token check, answer writing), others = its other`,
      `threads (the Lambda pool's ${options.lambdaWorkers ?? DEFAULT_LAMBDA_WORKERS} handler threads: 0 = handlers on the main thread; dynalite's; GC), client = autocannon; load average ${loadBefore} -> ${loadAverage()}`,
      `ratio raw/API requests/s ${ratio.toFixed(2)}x, p50 API/raw ${p50Ratio.toFixed(2)}x` +
        (apiItems !== rawItems
          ? ` (the API answered ${apiItems} items, the Query ${rawItems}: limit not honoured yet)`
          : ''),
      `goal: API within ${GOALS.apiRatio}x of the raw Query -> ${verdict(ratio <= GOALS.apiRatio)} (${ratio.toFixed(2)}x)`,
      `for comparison (not the goal): every API call also appends its audit entry; the raw Query and that PutItem`,
      `in turn give ${pairs.requests.average.toFixed(0)} pairs/s, ${(pairs.requests.average / a.requests.average).toFixed(2)}x the API's requests/s (p50 of each call of the pair ${pairs.latency.p50.toFixed(1)} ms)`,
      `floor: the raw Query serves ${(r.requests.average / pairs.requests.average).toFixed(2)}x the pairs/s, so an API layer that cost nothing and wrote its audit entry would still be at ${(r.requests.average / pairs.requests.average).toFixed(2)}x (goal ${GOALS.apiRatio}x)`,
      rss === undefined
        ? 'server peak RSS: unknown (no /proc)'
        : `server peak RSS (VmHWM, the whole local runtime incl. seeding): ${(rss / 2 ** 20).toFixed(0)} MiB -> goal < 1 GiB ${verdict(rss < GOALS.rssMiB * 2 ** 20)}`,
    ];
  } finally {
    // Let the last answered requests' work finish before the emulators close.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await stopBenchServer(child, dataDir);
  }
}

async function main(): Promise<void> {
  const serveAt = process.argv.indexOf('--serve');
  const workersText = textOption('lambda-workers');
  const lambdaWorkers = workersText === undefined ? undefined : Number(workersText);
  if (lambdaWorkers !== undefined && !(Number.isInteger(lambdaWorkers) && lambdaWorkers >= 0)) {
    throw new RangeError('--lambda-workers must be a whole number, 0 or more');
  }
  if (serveAt >= 0) return serve(process.argv[serveAt + 1] as string, lambdaWorkers);
  const only = textOption('only');
  const sdk = textOption('sdk');
  if (sdk !== undefined && sdk !== 'external') throw new RangeError('--sdk takes only "external"');
  const lines: string[] = [];
  if (only !== 'api') lines.push(...(await benchBundles(Math.round(option('runs', 9)), sdk === 'external')), '');
  if (only !== 'bundles') {
    lines.push(
      ...(await benchApi({
        cases: Math.round(option('cases', 300)),
        seconds: option('duration', 10),
        connections: Math.round(option('connections', 10)),
        cpuProfDir: textOption('server-cpu-prof'),
        lambdaWorkers,
      })),
    );
  }
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
