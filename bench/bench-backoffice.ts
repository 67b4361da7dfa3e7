/**
 * `npm run bench:backoffice`: the back office's list, search and count calls at
 * 1,000 and at 100,000 cases. Not a test: the figures depend on the machine.
 *
 * What it does:
 * 1. Data sets. For each size (default 1,000 and 100,000 cases, `--sizes`), over 500 providers
 *    (`--providers`): the providers' profiles (fictitious names) through `createProfile`
 *    (lambdas/data/user/repository.ts), then the cases, `--concurrency` (default 16) writes in
 *    flight, with a progress line. `--load transact` (the default below 10,000 cases) writes each
 *    case through `createCase` (lambdas/data/case/repository.ts), one transaction each as the API
 *    does; `--load bulk` (the default from 10,000) writes the very items and counter updates
 *    `createCase` would (its `newCaseWrite`) with BatchWriteItem, the case numbers reserved in one
 *    block and the counter updates summed per counter item, one ADD each (bench/lib/bulk.ts):
 *    minutes instead of hours for 100,000 cases on a loaded machine. Cases are deterministic (a seeded PRNG per
 *    case index): providers drawn with a Zipf-like skew (s = 0.8), `created_at` spread over the last
 *    730 days, statuses over all ten values skewed by age (recent cases Incomplete/Submitted, old
 *    ones mostly Closed; IDR Decision Made, 80, is the rare one), patient last names and insurance
 *    providers from small fictitious lists (so a prefix search matches many), pay amounts (cents) on
 *    most cases from Paid (20) on. A built set is kept in `.bench-data/backoffice-<n>/` (gitignored)
 *    with `bench.json`; it is rebuilt with `--fresh`, or when the code (comments aside) of the files
 *    that define what is stored (lambdas/lib/tables.ts, lambdas/data/case/repository.ts,
 *    lambdas/data/user/repository.ts) or this data's version changed since it was built (`--reuse` keeps
 *    it anyway). How long writing took is printed and kept.
 *    Transactions go through the local transaction layer like the API's (measured on 2 shared
 *    cores: about 120 cases a second when the machine is quiet, 5 to 30 when other work loads it).
 *    The counters are checked afterwards: `GET /case/stats?range=all` must equal what was
 *    generated (total, every status, revenue), and `GET /case/analytics` too (cases and pay amounts
 *    over the payer mix, cases per status over the aging buckets), printed as "counters exact".
 * 2. The runtime. Each size runs in a process of its own (the same start for every size; its peak
 *    RSS is its own). The local runtime (local/) is started in that process on the set's data
 *    directory (random port), and a back-office account (user_type 100, GLOBAL_ADMIN) is signed in.
 *    Requests are made one at a time with `fetch` over HTTP to the local gateway, so a request's
 *    DynamoDB calls are exactly those between its start and its answer.
 * 3. Items read. A middleware on the Lambdas' shared DocumentClient (`ddb()`, lambdas/lib/aws.ts)
 *    asks for `ReturnConsumedCapacity: TOTAL` on every read and tallies, per table: Query/Scan
 *    `ScannedCount` (items DynamoDB read, before any filter), BatchGetItem `Responses` lengths,
 *    1 per GetItem/TransactGetItems item found; plus the read capacity units dynalite reports (RCU),
 *    the number of DynamoDB calls, and Scans (none should happen).
 * 4. The calls (as a back-office user): `GET /case?limit=50` (all), `?status=90&limit=50` (common),
 *    `?status=80&limit=50` (rare), `?user_id=<busiest provider>&limit=50`, `?search=<common last-name
 *    prefix>&limit=50`, `?search=<insurance prefix>&limit=50`, the second page of "all" (its
 *    `next_cursor`), the searches, orders and aging filters of decision 0024 (a whole name in both
 *    orders, a case-number prefix, the busiest provider's search, all cases by case date and by
 *    status change, over 30 days in status, Sent to Biller over 30 days, the busiest provider's
 *    quarter of case dates and latest status changes), `GET /case/stats?range=all`, `?range=30d` and `?range=1y`. Each: `--warmup` (5) calls, then
 *    `--runs` (30) measured calls. Reported: HTTP status, items returned (`cases.length`), case items
 *    read (cases table and its indexes), other items read (users: the caller's profile, owner names;
 *    case-stats counters), read/returned, DynamoDB calls, response bytes (the JSON body, uncompressed;
 *    the local gateway does not compress), latency p50 and p90 (ms, request start to body read).
 * 4b. The payment report: `POST /report/provider-payment {}` (every provider's
 *    cases in status Paid, 20), `--report-runs` (3) measured calls after one warm-up. Reported: HTTP
 *    status, cases in the report (`X-Report-Cases`), PDF pages (pdf-lib `getPageCount`), PDF bytes
 *    and base64 bytes (what the Lambda answer carries; limit 6 MB), case items read, DynamoDB calls,
 *    time p50 and max (ms), and the peak RSS of the process while reporting. The time is measured on
 *    this machine, in the server's process; the deployed function has 1,769 MB (one vCPU) and 29 s
 *    (FUNCTION_SIZING, lambdas/routes.ts). Goal: HTTP 200, base64 under 6 MB, max time under 29 s.
 * 4c. The server export of every case (bench/lib/export.ts): time, rows a second, the file, the
 *    export function's own heap peak (its state's, lambdas/export/memory.ts) and the process's RSS
 *    growth while it writes (goal: done, every case, heap peak flat and under 256 MB).
 * 5. Goals: case items read per page at most 1.2x the items returned (for the stats
 *    calls, which return counts and no cases: no case item read at all); p50 latency at the largest
 *    size within 1.3x of the p50 at the smallest. A Markdown table with PASS/MISS per call is
 *    printed last, for docs/figures.md.
 * 6. Peak RSS (MiB, VmHWM of the size's process, which is the server): while writing and while
 *    measuring (the peak is reset between phases through /proc/self/clear_refs where Linux allows).
 *
 * 7. The dispute desk (bench/lib/disputes.ts): at each size, that many cases with disputes over the
 *    same providers, in `.bench-data/disputes-<n>/` (rebuilt like the case sets when the dispute
 *    data module's item, key or counter code changes); the queue pages (all, second page, overdue,
 *    due soon, open, one step, one owner), the awards pages (unpaid, overdue, paid) and the counts,
 *    through the data module in the bench's process. Goals as in 5: items read from the disputes
 *    table at most 1.2x the items answered, p50 at the largest size within 1.3x of the smallest.
 *
 * Options: `--sizes 1000,100000`, `--providers 500`, `--runs 30`, `--warmup 5`, `--concurrency 16`,
 * `--load transact|bulk` (how sets are written, 1; default by size), `--fresh` (rebuild the data sets), `--reuse` (keep a set written by an older version of the shape
 * files), `--report-runs 3`, `--report-only` (measure only the payment report: no list calls), `--export-only` (only the server
 * export, 4c),
 * `--disputes-only` (measure only the dispute desk, 7), `--cases-only` (all but the dispute desk).
 * Units: ms, bytes, items, MiB.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { CASE_STATUSES, USER_TYPE, caseStatusLabel } from '../shared';
import { createRequire } from 'node:module';
import { PROJECT_ROOT, startLocal, type LocalStack } from '../local';
import { mulberry32 } from '../local/nppes-registry';
import { stableId } from '../local/seed';
import { createCase } from '../lambdas/data/case/repository';
import { loadCases } from './lib/bulk';
import { importStarterList, STARTER_CODES } from '../lambdas/cpt_codes/starter';
import { ddb } from '../lambdas/lib/aws';
import { createProfile } from '../lambdas/data/user/repository';
import { RSS_GOAL_MIB, readRss } from './lib/rss';
import { PDFDocument } from 'pdf-lib';
import { FUNCTION_SIZING } from '../lambdas/routes';
import { buildDisputes, disputeCalls, type DisputeSetMeta } from './lib/disputes';
import { EXPORT_TABLE_HEADER, exportRow, heapPeakRatios, measureExport, type ExportMeasured } from './lib/export';
import { loadCursorKey } from '../lambdas/lib/cursor-seal';

/* ---------------------------------------------------------------- peak RSS */

/** Peak resident set size of this process in bytes (VmHWM, bench/lib/rss.ts; the current RSS where /proc is missing). */
function peakRssBytes(): number {
  const { peakMiB } = readRss(process.pid);
  return Number.isFinite(peakMiB) ? peakMiB * 1024 * 1024 : process.memoryUsage().rss;
}

/** Start a new peak (Linux: writing 5 to /proc/self/clear_refs resets VmHWM); a no-op where not allowed. */
function resetPeakRss(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // the peak then covers the whole run so far
  }
}

/* ---------------------------------------------------------------- options */

function numberOption(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(v) || v <= 0) throw new RangeError(`--${name} must be a positive whole number`);
  return v;
}

function sizesOption(): number[] {
  const i = process.argv.indexOf('--sizes');
  const raw = i >= 0 ? String(process.argv[i + 1]) : '1000,100000';
  const sizes = raw.split(',').map((s) => Number(s.trim()));
  if (sizes.length < 2 || sizes.some((n) => !Number.isInteger(n) || n <= 0)) {
    throw new RangeError('--sizes must be two or more positive whole numbers separated by commas, e.g. 1000,100000');
  }
  return [...new Set(sizes)].sort((a, b) => a - b);
}

const OPTIONS = {
  sizes: sizesOption(),
  providers: numberOption('providers', 500),
  runs: numberOption('runs', 30),
  warmup: numberOption('warmup', 5),
  concurrency: numberOption('concurrency', 16),
  fresh: process.argv.includes('--fresh'),
  /** Use a cached data set even when the code that wrote it changed since (a warning is printed). */
  reuse: process.argv.includes('--reuse'),
  reportRuns: numberOption('report-runs', 3),
  /** Measure only the payment report (no list, search or stats calls). */
  reportOnly: process.argv.includes('--report-only'),
  /** Measure only the server export of every case (bench/lib/export.ts): no list calls, no report. */
  exportOnly: process.argv.includes('--export-only'),
  /** Measure only the dispute desk's queue and awards (module doc, 7). */
  disputesOnly: process.argv.includes('--disputes-only'),
  /** Measure only the cases (1 to 6): not the dispute desk. */
  casesOnly: process.argv.includes('--cases-only'),
  /** How a data set is written (module doc, 1); undefined: by size. */
  load: loadOption(),
};

function loadOption(): 'transact' | 'bulk' | undefined {
  const i = process.argv.indexOf('--load');
  if (i < 0) return undefined;
  const v = process.argv[i + 1];
  if (v !== 'transact' && v !== 'bulk') throw new RangeError('--load must be transact or bulk');
  return v;
}

/** Sizes from which a data set is bulk-loaded unless `--load` says otherwise. */
const BULK_FROM = 10_000;

/** Largest synchronous Lambda answer (bytes): the PDF travels in it base64-encoded. */
const LAMBDA_RESPONSE_LIMIT = 6 * 1024 * 1024;

/** Goals of the scale work (docs/figures.md). */
const GOAL_READ_RATIO = 1.2;
const GOAL_LATENCY_RATIO = 1.3;
const PAGE = 50;

/* ---------------------------------------------------------------- the data */

/** Bump when the generated data changes. */
const DATA_VERSION = 2;
/** Files whose code (comments aside) makes a cached data set stale when it changes (what is stored, and how). */
const SHAPE_FILES = [
  'lambdas/lib/tables.ts',
  'lambdas/data/case/keys.ts',
  'lambdas/data/user/keys.ts',
  'lambdas/data/case/repository.ts',
  'lambdas/data/user/repository.ts',
  'lambdas/data/counters/stats.ts',
];
const DAY_MS = 86_400_000;
const SPAN_DAYS = 730;

const PROVIDER_FIRST = [
  'Avery', 'Blair', 'Corin', 'Dana', 'Emery', 'Flynn', 'Greer', 'Harper', 'Indra', 'Jules',
  'Kendall', 'Linden', 'Marlo', 'Noel', 'Oakley', 'Perrin', 'Quinn', 'Rowan', 'Sasha', 'Tamsin',
]; // prettier-ignore
const PROVIDER_LAST = [
  'Quillfeather', 'Ashgrove', 'Brambleton', 'Copperfield', 'Dunmore', 'Elmswick', 'Fenwright', 'Glenholt',
  'Hollowell', 'Ivybridge', 'Juniperson', 'Kestrelby', 'Larkspur', 'Mossgate', 'Nettlefield', 'Orrinsby',
  'Pebblecourt', 'Rookwell', 'Sablethorn', 'Thistlewood', 'Umberly', 'Vellacott', 'Wrenfield', 'Yarrowby',
  'Zephyrine',
]; // prettier-ignore
const PATIENT_FIRST = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot', 'Golf', 'Hotel', 'India', 'Juliet'];
/** Fictitious patient last names; "Harrowgate" and "Hartwell" share the searched prefix `har`. */
const PATIENT_LAST = [
  'Harrowgate', 'Hartwell', 'Applewhite', 'Birchmont', 'Cloverdale', 'Driftwood', 'Everbright', 'Foxglove',
  'Greywater', 'Honeysett', 'Inglewood', 'Jasperfield', 'Kingsmere', 'Lowbridge', 'Merriweather', 'Northcott',
  'Oakenshaw', 'Pinecrest', 'Quarrington', 'Redfern', 'Silverton', 'Tumbleweed', 'Underhill', 'Valewood',
  'Whitlock', 'Yellowley', 'Zennor', 'Ashdown', 'Bellweather', 'Coldstream', 'Dewberry', 'Emberton',
  'Fairholm', 'Goldhawk', 'Hazelby', 'Ironside', 'Juniper', 'Kettleby', 'Lindqvist', 'Moorcroft',
]; // prettier-ignore
/** Fictitious payers; "Northwind" ones share the searched prefix `northw`. */
const INSURERS = [
  'Northwind Health', 'Northwind Medicare Plus', 'Bluegate Mutual', 'Cedar Valley Care', 'Harborline Insurance',
  'Summit Ridge Health', 'Lakeshore Benefit Co', 'Prairie Shield', 'Silverleaf Assurance', 'Meridian Oak Plan',
]; // prettier-ignore
const SEARCH_LAST = 'har';
const SEARCH_INSURER = 'northw';
/** A whole name in both orders (decision 0024), and a case-number prefix (C-000100 to C-000199). */
const SEARCH_FIRST_LAST = 'alpha harr';
const SEARCH_LAST_FIRST = 'harrowgate, alpha';
const SEARCH_NUMBER = 'C-0001';
/** Sent to Biller: the status of the aging quick filter. */
const SENT_TO_BILLER = 30;
/** A search text in a query string. */
const q = (text: string) => encodeURIComponent(text);
/** The UTC day `n` days before today, YYYY-MM-DD. */
const daysAgo = (n: number) => new Date(Date.now() - n * DAY_MS).toISOString().slice(0, 10);
/** Status values used for the by-status calls (the weights below make 90 common and 80 rare). */
const COMMON_STATUS = 90;
const RARE_STATUS = 80;

/** Status weights [value, weight] by the case's age. */
const STATUS_WEIGHTS: { maxAgeDays: number; weights: [number, number][] }[] = [
  { maxAgeDays: 30, weights: [[0, 40], [10, 35], [20, 10], [30, 10], [40, 5]] },
  {
    maxAgeDays: 180,
    weights: [[0, 10], [10, 10], [20, 20], [30, 15], [40, 15], [50, 10], [60, 8], [70, 7], [80, 2], [90, 3]],
  },
  {
    maxAgeDays: Infinity,
    weights: [[0, 3], [10, 2], [20, 15], [30, 5], [40, 10], [50, 5], [60, 10], [70, 3], [80, 1], [90, 46]],
  },
]; // prettier-ignore

function pickWeighted<T>(rand: () => number, weights: readonly [T, number][]): T {
  const total = weights.reduce((s, [, w]) => s + w, 0);
  let r = rand() * total;
  for (const [value, w] of weights) {
    r -= w;
    if (r < 0) return value;
  }
  return weights[weights.length - 1]![0];
}

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

interface Provider {
  user_id: string;
  first_name: string;
  last_name: string;
}

function providers(count: number): Provider[] {
  return Array.from({ length: count }, (_, i) => ({
    user_id: stableId('bench-backoffice-provider', String(i)),
    first_name: PROVIDER_FIRST[i % PROVIDER_FIRST.length]!,
    last_name: PROVIDER_LAST[Math.floor(i / PROVIDER_FIRST.length) % PROVIDER_LAST.length]!,
  }));
}

/** Cumulative Zipf-like weights (s = 0.8) over provider ranks: a few busy practices, many small ones. */
function providerCdf(count: number): Float64Array {
  const cdf = new Float64Array(count);
  let sum = 0;
  for (let k = 0; k < count; k++) cdf[k] = sum += 1 / Math.pow(k + 1, 0.8);
  for (let k = 0; k < count; k++) cdf[k] = cdf[k]! / sum;
  return cdf;
}

function drawProvider(cdf: Float64Array, r: number): number {
  let lo = 0;
  let hi = cdf.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid]! < r) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The case of index `i` (deterministic: its own PRNG), created relative to `nowMs`. */
function caseFor(i: number, nowMs: number, people: Provider[], cdf: Float64Array) {
  const rand = mulberry32(0x5eed0000 + i * 7919);
  const owner = people[drawProvider(cdf, rand())]!;
  const ageDays = rand() * SPAN_DAYS;
  const createdMs = Math.floor(nowMs - ageDays * DAY_MS);
  const status = pickWeighted(rand, STATUS_WEIGHTS.find((b) => ageDays < b.maxAgeDays)!.weights);
  const codes = [pick(rand, STARTER_CODES).cpt_code];
  if (rand() < 0.3) codes.push(pick(rand, STARTER_CODES).cpt_code);
  const paid = status >= 20 && rand() < 0.7;
  return {
    user_id: owner.user_id,
    case_date: new Date(createdMs - Math.floor(rand() * 14) * DAY_MS).toISOString().slice(0, 10),
    surgeon_id: stableId('bench-surgeon', owner.user_id),
    facility_id: stableId('bench-facility', owner.user_id),
    patient_first: pick(rand, PATIENT_FIRST),
    patient_last: pick(rand, PATIENT_LAST),
    ins_provider: pick(rand, INSURERS),
    procedure_codes: [...new Set(codes)],
    case_status: status,
    ...(paid ? { pay_amount_cents: 50_000 + Math.floor(rand() * 1_450_000) } : {}),
    created_at: new Date(createdMs).toISOString(),
  };
}

/** What `bench.json` of a built data set holds. */
interface DataMeta {
  version: number;
  fingerprint: string;
  cases: number;
  providers: number;
  builtAt: string;
  writeMs: number;
  peakRssWriteBytes: number;
  busiest: { user_id: string; cases: number };
  byStatus: Record<string, number>;
  /** Sum of the generated pay amounts, cents. */
  payCents: number;
  /**
   * How the cases were written: `transact` (through the transaction layer), `bulk` (module doc, 1);
   * `direct` in sets built by an earlier version of this script, which applied each transaction as
   * its single writes.
   */
  load: 'direct' | 'transact' | 'bulk';
}

function fingerprint(files: readonly string[] = SHAPE_FILES, version: number = DATA_VERSION): string {
  const h = createHash('sha256').update(`data v${version}`);
  for (const file of files) {
    // The code without comments and blank lines: a docstring edit does not make a set stale.
    const code = readFileSync(join(PROJECT_ROOT, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(/\n\s*\n/g, '\n');
    h.update(code);
  }
  return h.digest('hex').slice(0, 16);
}

const BENCH_EMAIL = 'bench-backoffice@example.com';
const BENCH_PASSWORD = 'Bench-Backoffice-Passw0rd!';

/** The bench's back-office account (Cognito + profile with user_type 100); idempotent. */
async function backOfficeAccount(stack: LocalStack): Promise<string> {
  const sub = await stack.createAccount(BENCH_EMAIL, BENCH_PASSWORD, ['admin']);
  await createProfile({
    user_id: sub,
    first_name: 'Bench',
    last_name: 'Backoffice',
    user_type: USER_TYPE.GLOBAL_ADMIN,
  }).catch((err: unknown) => {
    if ((err as Error).name !== 'ConflictError') throw err;
  });
  return sub;
}

type Next = (args: unknown) => Promise<{ output: unknown }>;
interface Stack {
  add(mw: (next: Next, context: unknown) => Next, options: { step: 'initialize'; name: string }): void;
  remove(name: string): boolean;
}
const stackOf = () => ddb().middlewareStack as unknown as Stack;

/** Run `task(0..count-1)` with `--concurrency` in flight; rejects on the first failure. */
async function pool(count: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(OPTIONS.concurrency, count) }, worker));
}

/** Write a data set of `n` cases (the runtime is running on its directory). */
async function build(n: number): Promise<Omit<DataMeta, 'version' | 'fingerprint' | 'builtAt'>> {
  const people = providers(OPTIONS.providers);
  const cdf = providerCdf(people.length);
  const nowMs = Date.now();
  resetPeakRss();
  const t0 = performance.now();
  await importStarterList();
  await pool(people.length, (i) => {
    const p = people[i]!;
    return createProfile({
      ...p,
      user_email: `${p.user_id.slice(0, 8)}@bench.example.com`,
      user_type: USER_TYPE.PROVIDER,
    });
  });
  const perOwner = new Map<string, number>();
  const byStatus: Record<string, number> = {};
  let payCents = 0;
  let done = 0;
  const tty = process.argv.includes('--tty');
  let lastShown = 0;
  const show = (final = false) => {
    const s = (performance.now() - t0) / 1000;
    const line = `  writing ${n.toLocaleString('en-US')} cases: ${done.toLocaleString('en-US')} (${Math.round(done / s)}/s, ${s.toFixed(0)} s)`;
    if (tty) process.stdout.write(`\r${line}${final ? '\n' : ''}`);
    else if (final || done - lastShown >= n / 10) {
      console.log(line);
      lastShown = done;
    }
  };
  const timer = setInterval(() => show(), 1000);
  const generated = (i: number) => {
    const input = caseFor(i, nowMs, people, cdf);
    perOwner.set(input.user_id, (perOwner.get(input.user_id) ?? 0) + 1);
    byStatus[input.case_status] = (byStatus[input.case_status] ?? 0) + 1;
    payCents += input.pay_amount_cents ?? 0;
    return input;
  };
  const load = OPTIONS.load ?? (n >= BULK_FROM ? 'bulk' : 'transact');
  let counterItems = 0;
  try {
    if (load === 'bulk') {
      const out = await loadCases(n, generated, {
        now: new Date(nowMs),
        concurrency: OPTIONS.concurrency,
        progress: (written) => (done = written),
      });
      counterItems = out.counterItems;
    } else {
      await pool(n, async (i) => {
        await createCase(generated(i), { now: new Date(nowMs) });
        done += 1;
      });
    }
  } finally {
    clearInterval(timer);
  }
  show(true);
  if (load === 'bulk') console.log(`  bulk load: ${fmt(counterItems)} counter items updated, one ADD each`);
  const [busiestId, busiestCount] = [...perOwner.entries()].sort((a, b) => b[1] - a[1])[0]!;
  return {
    cases: n,
    providers: people.length,
    writeMs: performance.now() - t0,
    peakRssWriteBytes: peakRssBytes(),
    busiest: { user_id: busiestId, cases: busiestCount },
    byStatus,
    payCents,
    load,
  };
}

/* ---------------------------------------------------------------- counting reads */

interface Tally {
  /** Items read per table (short name, e.g. `cases`, `users`, `case-stats`). */
  items: Map<string, number>;
  rcu: number;
  calls: number;
  scans: number;
}

const newTally = (): Tally => ({ items: new Map(), rcu: 0, calls: 0, scans: 0 });
let tally = newTally();

const READS = new Set([
  'QueryCommand',
  'ScanCommand',
  'GetItemCommand',
  'BatchGetItemCommand',
  'TransactGetItemsCommand',
]);
const shortName = (table: string) => table.replace(/^suture-local-/, '');

function addItems(table: string | undefined, count: number): void {
  const name = shortName(table ?? '?');
  tally.items.set(name, (tally.items.get(name) ?? 0) + count);
}

function addCapacity(cc: unknown): void {
  for (const c of Array.isArray(cc) ? cc : cc ? [cc] : []) {
    tally.rcu += Number((c as { CapacityUnits?: number }).CapacityUnits ?? 0);
  }
}

/** Count what every DynamoDB read of the shared DocumentClient reads (see module doc, 3). */
function installReadCounter(): void {
  stackOf().add(
    (next, context) => async (args) => {
      const command = (context as { commandName?: string }).commandName ?? '';
      const input = (args as { input: Record<string, unknown> }).input;
      if (READS.has(command)) input.ReturnConsumedCapacity ??= 'TOTAL';
      const result = await next(args);
      const out = result.output as Record<string, unknown>;
      tally.calls += 1;
      switch (command) {
        case 'ScanCommand':
        case 'QueryCommand':
          if (command === 'ScanCommand') tally.scans += 1;
          addItems(
            input.TableName as string,
            Number(out.ScannedCount ?? (out.Items as unknown[] | undefined)?.length ?? 0),
          );
          break;
        case 'GetItemCommand':
          addItems(input.TableName as string, out.Item ? 1 : 0);
          break;
        case 'BatchGetItemCommand':
          for (const [table, items] of Object.entries((out.Responses ?? {}) as Record<string, unknown[]>)) {
            addItems(table, items.length);
          }
          break;
        case 'TransactGetItemsCommand': {
          const responses = (out.Responses ?? []) as { Item?: unknown }[];
          const tables = ((input.TransactItems ?? []) as { Get?: { TableName?: string } }[]).map(
            (t) => t.Get?.TableName,
          );
          responses.forEach((r, k) => addItems(tables[k], r.Item ? 1 : 0));
          break;
        }
        default:
          break;
      }
      if (READS.has(command)) addCapacity(out.ConsumedCapacity);
      return result;
    },
    { step: 'initialize', name: 'benchBackofficeReadCounter' },
  );
}

/* ---------------------------------------------------------------- measuring */

interface Call {
  label: string;
  /** Path and query after the API base; a function for calls that need an earlier answer. */
  path: string | (() => Promise<string | undefined>);
  /** Returns counts (stats), not cases. */
  stats?: boolean;
}

interface Measured {
  label: string;
  status: number;
  returned: number;
  caseReads: number;
  otherReads: string;
  totalReads: number;
  rcu: number;
  calls: number;
  scans: number;
  bytes: number;
  p50: number;
  p90: number;
  note?: string;
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? NaN;
};

/** `--warmup` calls of `once`, then `--runs` measured ones: their times (ms) and the last answer. */
async function timed<T extends { ms: number }>(once: () => Promise<T>): Promise<{ times: number[]; last: T }> {
  for (let i = 0; i < OPTIONS.warmup; i++) await once();
  const times: number[] = [];
  let last = await once();
  times.push(last.ms);
  for (let i = 1; i < OPTIONS.runs; i++) {
    last = await once();
    times.push(last.ms);
  }
  return { times, last };
}

async function measure(apiUrl: string, token: string, call: Call): Promise<Measured> {
  const path = typeof call.path === 'string' ? call.path : await call.path();
  if (path === undefined) {
    return {
      label: call.label, status: 0, returned: 0, caseReads: 0, otherReads: '', totalReads: 0, rcu: 0, calls: 0,
      scans: 0, bytes: 0, p50: NaN, p90: NaN, note: 'no next_cursor on the first page',
    }; // prettier-ignore
  }
  const once = async () => {
    tally = newTally();
    const t = performance.now();
    const res = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    const ms = performance.now() - t;
    return { ms, status: res.status, text, reads: tally };
  };
  const { times, last } = await timed(once);
  let body: { cases?: unknown[]; message?: string } = {};
  try {
    body = JSON.parse(last.text) as typeof body;
  } catch {
    // not JSON: reported through the status
  }
  const caseReads = last.reads.items.get('cases') ?? 0;
  const others = [...last.reads.items.entries()].filter(([t]) => t !== 'cases');
  return {
    label: call.label,
    status: last.status,
    returned: Array.isArray(body.cases) ? body.cases.length : 0,
    caseReads,
    otherReads: others.map(([t, n]) => `${t} ${n}`).join(', '),
    totalReads: caseReads + others.reduce((s, [, n]) => s + n, 0),
    rcu: last.reads.rcu,
    calls: last.reads.calls,
    scans: last.reads.scans,
    bytes: Buffer.byteLength(last.text, 'utf8'),
    p50: quantile(times, 0.5),
    p90: quantile(times, 0.9),
    ...(last.status >= 300 ? { note: `HTTP ${last.status} ${(body.message ?? last.text).slice(0, 80)}` } : {}),
  };
}

function callsFor(meta: DataMeta, apiUrl: string, token: string): Call[] {
  const status = (v: number) => `${v} ${caseStatusLabel(v)}`;
  return [
    { label: 'all, first page', path: `/case?limit=${PAGE}` },
    {
      label: 'all, second page',
      path: async () => {
        const res = await fetch(`${apiUrl}/case?limit=${PAGE}`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { next_cursor?: string };
        return body.next_cursor ? `/case?limit=${PAGE}&cursor=${encodeURIComponent(body.next_cursor)}` : undefined;
      },
    },
    { label: `status ${status(COMMON_STATUS)} (common)`, path: `/case?status=${COMMON_STATUS}&limit=${PAGE}` },
    { label: `status ${status(RARE_STATUS)} (rare)`, path: `/case?status=${RARE_STATUS}&limit=${PAGE}` },
    { label: 'owner (busiest provider)', path: `/case?user_id=${meta.busiest.user_id}&limit=${PAGE}` },
    { label: `search "${SEARCH_LAST}" (last name)`, path: `/case?search=${SEARCH_LAST}&limit=${PAGE}` },
    { label: `search "${SEARCH_INSURER}" (insurer)`, path: `/case?search=${SEARCH_INSURER}&limit=${PAGE}` },
    // Decision 0024: whole names in either order, case numbers, one owner's search, orders, aging.
    { label: `search "${SEARCH_FIRST_LAST}" (first last)`, path: `/case?search=${q(SEARCH_FIRST_LAST)}&limit=${PAGE}` },
    {
      label: `search "${SEARCH_LAST_FIRST}" (last, first)`,
      path: `/case?search=${q(SEARCH_LAST_FIRST)}&limit=${PAGE}`,
    },
    { label: `search "${SEARCH_NUMBER}" (case number)`, path: `/case?search=${SEARCH_NUMBER}&limit=${PAGE}` },
    {
      label: `owner search "${SEARCH_LAST}" (busiest provider)`,
      path: `/case?user_id=${meta.busiest.user_id}&search=${SEARCH_LAST}&limit=${PAGE}`,
    },
    { label: 'all by case date, latest first', path: `/case?sort=-case_date&limit=${PAGE}` },
    { label: 'all by status change, oldest first', path: `/case?sort=status_changed&limit=${PAGE}` },
    { label: 'all over 30 days in status', path: `/case?min_days_in_status=30&limit=${PAGE}` },
    {
      label: `status ${status(SENT_TO_BILLER)} over 30 days`,
      path: `/case?status=${SENT_TO_BILLER}&min_days_in_status=30&limit=${PAGE}`,
    },
    {
      label: 'owner, case dates of one quarter',
      path: `/case?user_id=${meta.busiest.user_id}&from=${daysAgo(270)}&to=${daysAgo(180)}&limit=${PAGE}`,
    },
    {
      label: 'owner by status change, latest first',
      path: `/case?user_id=${meta.busiest.user_id}&sort=-status_changed&limit=${PAGE}`,
    },
    { label: 'stats, range all', path: '/case/stats?range=all', stats: true },
    { label: 'stats, range 30d', path: '/case/stats?range=30d', stats: true },
    { label: 'stats, range 1y', path: '/case/stats?range=1y', stats: true },
  ];
}

/** What one size's payment report measured (see module doc, 4b). */
interface ReportMeasured {
  status: number;
  cases: number;
  pages: number;
  pdfBytes: number;
  base64Bytes: number;
  caseReads: number;
  otherReads: string;
  calls: number;
  p50: number;
  max: number;
  peakRssBytes: number;
  note?: string;
}

/** POST /report/provider-payment for every provider: one warm-up, then `--report-runs` calls. */
async function measureReport(apiUrl: string, token: string): Promise<ReportMeasured> {
  const once = async () => {
    tally = newTally();
    const t = performance.now();
    const res = await fetch(`${apiUrl}/report/provider-payment`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { ms: performance.now() - t, res, bytes, reads: tally };
  };
  await once();
  resetPeakRss();
  const times: number[] = [];
  let last = await once();
  times.push(last.ms);
  for (let i = 1; i < OPTIONS.reportRuns; i++) {
    last = await once();
    times.push(last.ms);
  }
  const ok = last.res.status === 200;
  const pages = ok ? (await PDFDocument.load(last.bytes, { updateMetadata: false })).getPageCount() : 0;
  const others = [...last.reads.items.entries()].filter(([t]) => t !== 'cases');
  return {
    status: last.res.status,
    cases: Number(last.res.headers.get('x-report-cases') ?? 0),
    pages,
    pdfBytes: ok ? last.bytes.length : 0,
    base64Bytes: ok ? Math.ceil(last.bytes.length / 3) * 4 : 0,
    caseReads: last.reads.items.get('cases') ?? 0,
    otherReads: others.map(([t, n]) => `${t} ${n}`).join(', '),
    calls: last.reads.calls,
    p50: quantile(times, 0.5),
    max: Math.max(...times),
    peakRssBytes: peakRssBytes(),
    ...(ok ? {} : { note: `HTTP ${last.res.status} ${Buffer.from(last.bytes).toString('utf8').slice(0, 120)}` }),
  };
}

/**
 * Compare `GET /case/stats?range=all` with what was generated: total, every status, revenue
 * (dollars vs generated cents); and `GET /case/analytics`: the payer mix's cases and amounts, the
 * aging buckets' cases per status. Returns '' when exact, else what differs.
 */
async function checkCounters(apiUrl: string, token: string, meta: DataMeta): Promise<string> {
  const res = await fetch(`${apiUrl}/case/stats?range=all`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) return `GET /case/stats answered ${res.status}`;
  const stats = (await res.json()) as {
    total_cases?: number;
    total_revenue?: number;
    by_status?: Record<string, number>;
  };
  const diffs: string[] = [];
  if (stats.total_cases !== meta.cases) diffs.push(`total_cases ${stats.total_cases} (wrote ${meta.cases})`);
  for (const s of CASE_STATUSES) {
    const want = meta.byStatus[s.value] ?? 0;
    const got = stats.by_status?.[String(s.value)];
    if (got !== want) diffs.push(`status ${s.value}: ${got} (wrote ${want})`);
  }
  if (Math.round((stats.total_revenue ?? NaN) * 100) !== meta.payCents) {
    diffs.push(`total_revenue ${stats.total_revenue} (wrote ${(meta.payCents / 100).toFixed(2)})`);
  }
  // The analytics counters (decision 0028): every case in the payer mix, every open one in an aging bucket.
  const res2 = await fetch(`${apiUrl}/case/analytics`, { headers: { authorization: `Bearer ${token}` } });
  if (res2.status !== 200) return [...diffs, `GET /case/analytics answered ${res2.status}`].join('; ');
  const analytics = (await res2.json()) as {
    payer_mix?: { cases: number; amount: number }[];
    aging?: { status: number; buckets: number[] }[];
  };
  const mix = analytics.payer_mix ?? [];
  const mixCases = mix.reduce((sum, p) => sum + p.cases, 0);
  if (mixCases !== meta.cases) diffs.push(`payer mix ${mixCases} cases (wrote ${meta.cases})`);
  const mixCents = Math.round(mix.reduce((sum, p) => sum + p.amount, 0) * 100);
  if (mixCents !== meta.payCents) diffs.push(`payer mix ${mixCents} cents (wrote ${meta.payCents})`);
  for (const row of analytics.aging ?? []) {
    const got = row.buckets.reduce((sum, x) => sum + x, 0);
    const want = meta.byStatus[row.status] ?? 0;
    if (got !== want) diffs.push(`aging of status ${row.status}: ${got} (wrote ${want})`);
  }
  return diffs.join('; ');
}

/* ---------------------------------------------------------------- one size */

interface SizeResult {
  n: number;
  meta: DataMeta;
  cached: boolean;
  rows: Measured[];
  report?: ReportMeasured;
  exported: ExportMeasured;
  /** '' when the stats counters match the generated data, else what differs. */
  counters: string;
  peakRssMeasureBytes: number;
}

/**
 * Compact the LevelDB store of the local DynamoDB before measuring. dynalite keeps every overwrite
 * of an item (each case write ADDs to the same counter items) in LevelDB until its background
 * compaction catches up, and a Query then steps over those old versions: an artifact of the
 * emulator's storage, not of the calls (DynamoDB's own storage has no such cost). Measuring a
 * compacted store compares 1,000 and 100,000 cases on what the calls read. Prints how long it took.
 */
async function compactStore(dir: string): Promise<void> {
  const started = Date.now();
  const { Level } = createRequire(require.resolve('dynalite'))('level') as {
    Level: new (d: string) => {
      open(): Promise<void>;
      close(): Promise<void>;
      compactRange(a: string, b: string): Promise<void>;
    };
  };
  const db = new Level(dir);
  await db.open();
  try {
    await db.compactRange('\u0000', '\uffff');
  } finally {
    await db.close();
  }
  console.log(`  LevelDB store compacted in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function runSize(n: number): Promise<SizeResult> {
  const dir = join(PROJECT_ROOT, '.bench-data', `backoffice-${n}`);
  const metaFile = join(dir, 'bench.json');
  const dataDir = join(dir, 'data');
  const print = fingerprint();
  let meta: DataMeta | undefined;
  if (!OPTIONS.fresh && existsSync(metaFile)) {
    const read = JSON.parse(readFileSync(metaFile, 'utf8')) as DataMeta;
    const same = read.version === DATA_VERSION && read.providers === OPTIONS.providers;
    if (same && read.fingerprint === print) meta = read;
    else if (same && OPTIONS.reuse) {
      meta = read;
      console.log(`  ${dir}: written by an older version of ${SHAPE_FILES.join(', ')}; reused (--reuse)`);
    } else console.log(`  ${dir}: built by other code or options: rebuilding`);
  }
  const cached = meta !== undefined;
  if (!meta) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const start = () =>
    startLocal({
      dataDir,
      port: 0,
      quiet: true,
      log: () => undefined,
      webDist: join(dir, 'no-web'),
      // Measures the API's speed, not its rate limit.
      rateLimit: false,
    });
  if (meta) await compactStore(join(dataDir, 'dynamodb'));
  let stack = await start();
  try {
    const backOfficeSub = await backOfficeAccount(stack);
    if (!meta) {
      const built = await build(n);
      meta = { version: DATA_VERSION, fingerprint: print, builtAt: new Date().toISOString(), ...built };
      writeFileSync(metaFile, `${JSON.stringify(meta, null, 2)}\n`);
      await stack.close();
      await compactStore(join(dataDir, 'dynamodb'));
      stack = await start();
    }
    console.log(
      `  ${n.toLocaleString('en-US')} cases over ${meta.providers} providers: ${cached ? 'cached, ' : ''}written in ` +
        `${(meta.writeMs / 1000).toFixed(1)} s (${meta.load}, ${Math.round(n / (meta.writeMs / 1000))} cases/s, peak RSS ` +
        `${mib(meta.peakRssWriteBytes)} MiB${cached ? `, built ${meta.builtAt}` : ''}); busiest provider ${meta.busiest.cases} cases`,
    );
    const { accessToken } = await stack.signIn(BENCH_EMAIL, BENCH_PASSWORD);
    const counters = await checkCounters(stack.apiUrl, accessToken, meta);
    console.log(`  counters (GET /case/stats?range=all vs what was written): ${counters || 'exact'}`);
    installReadCounter();
    resetPeakRss();
    const rows: Measured[] = [];
    for (const call of OPTIONS.reportOnly || OPTIONS.exportOnly ? [] : callsFor(meta, stack.apiUrl, accessToken)) {
      const row = await measure(stack.apiUrl, accessToken, call);
      rows.push(row);
      console.log(
        `    ${row.label.padEnd(34)} ${String(row.returned).padStart(3)} returned, ${String(row.caseReads).padStart(5)} case items read` +
          ` (+ ${row.otherReads || 'nothing else'}), ${row.calls} DynamoDB calls, ${row.rcu.toFixed(1)} RCU, ` +
          `${row.bytes} B, p50 ${msText(row.p50)} ms, p90 ${msText(row.p90)} ms${row.note ? `  [${row.note}]` : ''}` +
          `${row.scans ? `  [${row.scans} SCANS]` : ''}`,
      );
    }
    const peakRssMeasureBytes = peakRssBytes();
    const report = OPTIONS.exportOnly ? undefined : await measureReport(stack.apiUrl, accessToken);
    if (report)
      console.log(
        `    payment report (all providers): HTTP ${report.status}, ${fmt(report.cases)} cases, ${report.pages} pages, ` +
          `PDF ${fmt(report.pdfBytes)} B (base64 ${fmt(report.base64Bytes)} B), ${fmt(report.caseReads)} case items read ` +
          `(+ ${report.otherReads || 'nothing else'}), ${report.calls} DynamoDB calls, p50 ${msText(report.p50)} ms, ` +
          `max ${msText(report.max)} ms, peak RSS ${mib(report.peakRssBytes)} MiB${report.note ? `  [${report.note}]` : ''}`,
      );
    const exported = await measureExport(
      stack.apiUrl,
      accessToken,
      { s3Direct: stack.endpoints.s3Direct, userId: backOfficeSub },
      resetPeakRss,
    );
    console.log(`    server export of every case: ${exportRow(n, exported)}`);
    return { n, meta, cached, rows, report, exported, counters, peakRssMeasureBytes };
  } finally {
    await stack.close();
  }
}

/* ---------------------------------------------------------------- report */

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
/** Milliseconds with one decimal; '-' for a call that was not made (NaN, or null after JSON). */
const msText = (x: number | null) => (x === null || !Number.isFinite(x) ? '-' : x.toFixed(1));
const fmt = (n: number) => n.toLocaleString('en-US');

/** Read/returned goal of one row: case items read at most 1.2x returned (stats: none). */
function readGoal(row: Measured, stats: boolean): { text: string; pass: boolean } {
  if (row.status === 0) return { text: row.note ?? '-', pass: false };
  if (row.status !== 200) return { text: `HTTP ${row.status}`, pass: false };
  if (stats)
    return {
      text: row.caseReads === 0 ? 'no case read' : `${fmt(row.caseReads)} cases read`,
      pass: row.caseReads === 0,
    };
  // An empty or short last page still reads the one item that tells there is no more.
  const ratio = row.returned === 0 ? (row.caseReads <= 1 ? 0 : Infinity) : row.caseReads / row.returned;
  return { text: `${ratio === Infinity ? '∞' : ratio.toFixed(2)}x`, pass: ratio <= GOAL_READ_RATIO };
}

function report(results: SizeResult[]): void {
  const small = results[0]!;
  const large = results[results.length - 1]!;
  const calls = large.rows.map((r) => r.label);
  const statsLabels = new Set(
    callsFor(large.meta, '', '')
      .filter((c) => c.stats)
      .map((c) => c.label),
  );
  const a = fmt(small.n);
  const b = fmt(large.n);
  const lines: string[] = [];
  lines.push(
    `| Call | Returned (${a} / ${b}) | Case items read (${a} / ${b}) | Other items read at ${b} | Read/returned at ${b} (goal ≤ ${GOAL_READ_RATIO}x) | Response bytes (${a} / ${b}) | p50 ms (${a} / ${b}) | Latency ratio (goal ≤ ${GOAL_LATENCY_RATIO}x) | Result |`,
    '|---|---|---|---|---|---|---|---|---|',
  );
  let misses = 0;
  for (const label of calls) {
    const s = small.rows.find((r) => r.label === label)!;
    const l = large.rows.find((r) => r.label === label)!;
    const stats = statsLabels.has(label);
    const goals = results.map((r) =>
      readGoal(
        r.rows.find((x) => x.label === label)!,
        stats,
      ),
    );
    const latency = l.p50 / s.p50;
    const latencyPass = Number.isFinite(latency) && latency <= GOAL_LATENCY_RATIO;
    const pass = goals.every((g) => g.pass) && latencyPass;
    if (!pass) misses += 1;
    lines.push(
      `| ${label} | ${s.returned} / ${l.returned} | ${fmt(s.caseReads)} / ${fmt(l.caseReads)} | ${l.otherReads || '0'} | ` +
        `${goals[goals.length - 1]!.text} | ${fmt(s.bytes)} / ${fmt(l.bytes)} | ${msText(s.p50)} / ${msText(l.p50)} | ` +
        `${Number.isFinite(latency) ? `${latency.toFixed(2)}x` : '-'} | ${pass ? 'PASS' : 'MISS'}${l.note || s.note ? ` (${l.note ?? s.note})` : ''} |`,
    );
  }
  console.log(
    `\n## bench:backoffice: ${a} vs ${b} cases over ${large.meta.providers} providers ` +
      `(${OPTIONS.runs} sequential calls after ${OPTIONS.warmup} warm-ups, limit ${PAGE}; ${new Date().toISOString().slice(0, 10)})\n`,
  );
  if (!OPTIONS.reportOnly && !OPTIONS.exportOnly) console.log(lines.join('\n'));
  if (!OPTIONS.exportOnly) reportTable(results);
  console.log(
    `\n### Server export (POST /export { list: 'cases' } as the back office, GET /export every 500 ms; ` +
      `deployed function ${FUNCTION_SIZING.export?.memorySize ?? '?'} MB, ${FUNCTION_SIZING.export?.timeoutSeconds ?? '?'} s; ` +
      `load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(', ')})\n`,
  );
  for (const line of [...EXPORT_TABLE_HEADER, ...results.map((r) => exportRow(r.n, r.exported))]) console.log(line);
  const ratios = heapPeakRatios(small.exported, large.exported);
  const ratio = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}x` : '-');
  console.log(
    `\nExport function heap peak at ${b} cases over ${a}: ${ratio(ratios.peak)}; after full GC: ${ratio(ratios.afterGc)} ` +
      `(flat: near 1). Heap: the export isolate's used heap plus its external memory (buffers), sampled at each page ` +
      `read and after each full collection (lambdas/export/memory.ts); RSS growth: this whole process, emulators included.`,
  );
  console.log(
    `\nCase items read: ScannedCount of the Queries on the cases table and its indexes, plus cases got by key. ` +
      `Other items read: the caller's profile and the owners' names (users), counters (case-stats). ` +
      `Bytes: the JSON body. Latency: request start to body read, in the server's process.`,
  );
  for (const r of results) {
    console.log(
      `- ${fmt(r.n)} cases: written in ${(r.meta.writeMs / 1000).toFixed(1)} s (${OPTIONS.concurrency} in flight, peak RSS ` +
        `${mib(r.meta.peakRssWriteBytes)} MiB, load ${r.meta.load}); peak RSS while measuring ${mib(r.peakRssMeasureBytes)} MiB ` +
        `(goal < ${fmt(RSS_GOAL_MIB)} MiB); counters ${r.counters ? `DIFFER: ${r.counters}` : 'exact (stats = what was written)'}`,
    );
  }
  if (!OPTIONS.reportOnly && !OPTIONS.exportOnly) {
    console.log(`\n${misses === 0 ? 'Every goal met.' : `${misses} of ${calls.length} calls miss a goal.`}`);
  }
}

/** The payment report per size (module doc, 4b), as a Markdown table. */
function reportTable(results: SizeResult[]): void {
  const sizing = FUNCTION_SIZING.report;
  const limitMs = (sizing?.timeoutSeconds ?? 29) * 1000;
  console.log(
    `\n### Payment report (POST /report/provider-payment, every provider; ${OPTIONS.reportRuns} calls after a warm-up; ` +
      `deployed function ${sizing?.memorySize ?? '?'} MB, ${sizing?.timeoutSeconds ?? '?'} s)\n`,
  );
  console.log(
    '| Data set | Cases in the report | PDF pages | PDF bytes | base64 bytes (limit 6 MB) | Case items read | DynamoDB calls | p50 ms | max ms | Peak RSS MiB | Result |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const x = r.report;
    if (!x) continue;
    const pass = x.status === 200 && x.base64Bytes < LAMBDA_RESPONSE_LIMIT && x.max < limitMs;
    console.log(
      `| ${fmt(r.n)} cases | ${fmt(x.cases)} | ${x.pages} | ${fmt(x.pdfBytes)} | ${fmt(x.base64Bytes)} | ${fmt(x.caseReads)} | ` +
        `${x.calls} | ${msText(x.p50)} | ${msText(x.max)} | ${mib(x.peakRssBytes)} | ${pass ? 'PASS' : 'MISS'}${x.note ? ` (${x.note})` : ''} |`,
    );
  }
}

/* ---------------------------------------------------------------- the dispute desk (module doc, 7) */

/** Bump when the generated dispute data changes. */
const DISPUTE_DATA_VERSION = 1;
const DISPUTE_SHAPE_FILES = [
  'lambdas/lib/tables.ts',
  'lambdas/data/dispute/keys.ts',
  'lambdas/data/dispute/items.ts',
  'lambdas/data/dispute/counters.ts',
];

interface DisputeMeta extends DisputeSetMeta {
  version: number;
  fingerprint: string;
  providers: number;
  builtAt: string;
}

interface DisputeRow {
  label: string;
  counts: boolean;
  returned: number;
  disputeReads: number;
  otherReads: string;
  calls: number;
  p50: number;
  p90: number;
}

interface DisputeSizeResult {
  n: number;
  meta: DisputeMeta;
  cached: boolean;
  rows: DisputeRow[];
  loadAverage: number[];
}

async function runDisputeSize(n: number): Promise<DisputeSizeResult> {
  const dir = join(PROJECT_ROOT, '.bench-data', `disputes-${n}`);
  const metaFile = join(dir, 'bench.json');
  const dataDir = join(dir, 'data');
  const print = fingerprint(DISPUTE_SHAPE_FILES, DISPUTE_DATA_VERSION);
  let meta: DisputeMeta | undefined;
  if (!OPTIONS.fresh && existsSync(metaFile)) {
    const read = JSON.parse(readFileSync(metaFile, 'utf8')) as DisputeMeta;
    if (read.providers === OPTIONS.providers && (read.fingerprint === print || OPTIONS.reuse)) meta = read;
    else console.log(`  ${dir}: built by other code or options: rebuilding`);
  }
  const cached = meta !== undefined;
  if (!meta) rmSync(dir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const start = () =>
    startLocal({ dataDir, port: 0, quiet: true, log: () => undefined, webDist: join(dir, 'no-web'), rateLimit: false });
  if (meta) await compactStore(join(dataDir, 'dynamodb'));
  let stack = await start();
  try {
    if (!meta) {
      const people = providers(OPTIONS.providers);
      const cdf = providerCdf(people.length);
      let shown = 0;
      const built = await buildDisputes(
        n,
        (rand) => people[drawProvider(cdf, rand())]!.user_id,
        OPTIONS.concurrency,
        (done) => {
          if (Math.floor((done * 10) / n) > Math.floor((shown * 10) / n)) {
            console.log(`  writing ${fmt(n)} disputes: ${fmt(done)}`);
            shown = done;
          }
        },
      );
      meta = {
        ...built,
        version: DISPUTE_DATA_VERSION,
        fingerprint: print,
        providers: OPTIONS.providers,
        builtAt: new Date().toISOString(),
      };
      writeFileSync(metaFile, `${JSON.stringify(meta, null, 2)}\n`);
      await stack.close();
      await compactStore(join(dataDir, 'dynamodb'));
      stack = await start();
    }
    console.log(
      `  ${fmt(n)} disputes (${fmt(meta.queued)} in the queue, ${fmt(meta.awards)} awards): ${cached ? 'cached, ' : ''}` +
        `written in ${(meta.writeMs / 1000).toFixed(1)} s; busiest provider ${meta.busiestOwner.queued} in the queue`,
    );
    // The list functions seal their cursors: read the cursor key as a Lambda's cold start does.
    await loadCursorKey();
    installReadCounter();
    const rows: DisputeRow[] = [];
    for (const call of disputeCalls(meta, PAGE)) {
      const once = async () => {
        tally = newTally();
        const t = performance.now();
        const out = await call.run();
        return { ms: performance.now() - t, out, reads: tally };
      };
      const { times, last } = await timed(once);
      const others = [...last.reads.items.entries()].filter(([t]) => t !== 'disputes');
      const row: DisputeRow = {
        label: call.label,
        counts: call.counts === true,
        returned: last.out.returned,
        disputeReads: last.reads.items.get('disputes') ?? 0,
        otherReads: others.map(([t, k]) => `${t} ${k}`).join(', '),
        calls: last.reads.calls,
        p50: quantile(times, 0.5),
        p90: quantile(times, 0.9),
      };
      rows.push(row);
      console.log(
        `    ${row.label.padEnd(36)} ${String(row.returned).padStart(3)} answered, ${String(row.disputeReads).padStart(4)} dispute items read` +
          ` (+ ${row.otherReads || 'nothing else'}), ${row.calls} DynamoDB calls, p50 ${msText(row.p50)} ms, p90 ${msText(row.p90)} ms`,
      );
    }
    const { loadavg } = await import('node:os');
    return { n, meta, cached, rows, loadAverage: loadavg() };
  } finally {
    await stack.close();
  }
}

function disputeReport(results: DisputeSizeResult[]): void {
  const small = results[0]!;
  const large = results[results.length - 1]!;
  const a = fmt(small.n);
  const b = fmt(large.n);
  const lines = [
    `| Call | Answered (${a} / ${b}) | Dispute items read (${a} / ${b}) | Other items read at ${b} | Read/answered at ${b} (goal ≤ ${GOAL_READ_RATIO}x) | p50 ms (${a} / ${b}) | Latency ratio (goal ≤ ${GOAL_LATENCY_RATIO}x) | Result |`,
    '|---|---|---|---|---|---|---|---|',
  ];
  let misses = 0;
  for (const l of large.rows) {
    const s = small.rows.find((r) => r.label === l.label)!;
    const ratioOf = (r: DisputeRow) =>
      r.counts
        ? r.disputeReads === 0
          ? 0
          : Infinity
        : r.returned === 0
          ? r.disputeReads <= 1
            ? 0
            : Infinity
          : r.disputeReads / r.returned;
    const readPass = results.every((x) => ratioOf(x.rows.find((r) => r.label === l.label)!) <= GOAL_READ_RATIO);
    const latency = l.p50 / s.p50;
    const pass = readPass && Number.isFinite(latency) && latency <= GOAL_LATENCY_RATIO;
    if (!pass) misses += 1;
    const ratio = ratioOf(l);
    const ratioText = l.counts
      ? l.disputeReads === 0
        ? 'no dispute item read'
        : `${fmt(l.disputeReads)} read`
      : ratio === Infinity
        ? '∞'
        : `${ratio.toFixed(2)}x`;
    lines.push(
      `| ${l.label} | ${s.returned} / ${l.returned} | ${fmt(s.disputeReads)} / ${fmt(l.disputeReads)} | ${l.otherReads || '0'} | ${ratioText} | ` +
        `${msText(s.p50)} / ${msText(l.p50)} | ${Number.isFinite(latency) ? `${latency.toFixed(2)}x` : '-'} | ${pass ? 'PASS' : 'MISS'} |`,
    );
  }
  console.log(
    `\n## bench:backoffice, the dispute desk: ${a} vs ${b} cases with disputes over ${large.meta.providers} providers ` +
      `(${OPTIONS.runs} sequential calls after ${OPTIONS.warmup} warm-ups, limit ${PAGE}; ${new Date().toISOString().slice(0, 10)})\n`,
  );
  console.log(lines.join('\n'));
  for (const r of results) {
    console.log(
      `- ${fmt(r.n)}: ${fmt(r.meta.queued)} in the queue, ${fmt(r.meta.awards)} awards; written in ${(r.meta.writeMs / 1000).toFixed(1)} s` +
        `${r.cached ? ` (cached, built ${r.meta.builtAt})` : ''}; load average after measuring ${r.loadAverage.map((x) => x.toFixed(1)).join(', ')}`,
    );
  }
  console.log(`\n${misses === 0 ? 'Every goal met.' : `${misses} of ${large.rows.length} calls miss a goal.`}`);
}

/** Options passed on to the process of one size. */
function childArgs(n: number, resultFile: string): string[] {
  const args = ['--import', 'tsx', __filename, '--child', String(n), '--result-file', resultFile];
  for (const name of ['providers', 'runs', 'warmup', 'concurrency'] as const)
    args.push(`--${name}`, String(OPTIONS[name]));
  args.push('--report-runs', String(OPTIONS.reportRuns));
  if (OPTIONS.reportOnly) args.push('--report-only');
  if (OPTIONS.exportOnly) args.push('--export-only');
  if (OPTIONS.fresh) args.push('--fresh');
  if (OPTIONS.reuse) args.push('--reuse');
  if (OPTIONS.load) args.push('--load', OPTIONS.load);
  if (process.stdout.isTTY) args.push('--tty');
  return args;
}

/** Run one size in a process of its own (same start for each size; its peak RSS is its own). */
function runChild(n: number): Promise<SizeResult>;
function runChild(n: number, part: 'disputes'): Promise<DisputeSizeResult>;
function runChild<T>(n: number, part: 'cases' | 'disputes' = 'cases'): Promise<T> {
  const resultFile = join(
    PROJECT_ROOT,
    '.bench-data',
    `${part === 'cases' ? 'backoffice' : 'disputes'}-${n}.result.json`,
  );
  mkdirSync(join(PROJECT_ROOT, '.bench-data'), { recursive: true });
  rmSync(resultFile, { force: true });
  const args = childArgs(n, resultFile);
  if (part === 'disputes') args[args.indexOf('--child')] = '--child-disputes';
  const child = spawn(process.execPath, args, { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0 || !existsSync(resultFile)) {
        reject(new Error(`the bench of ${n} cases exited with ${code}`));
        return;
      }
      const result = JSON.parse(readFileSync(resultFile, 'utf8')) as T;
      rmSync(resultFile, { force: true });
      resolve(result);
    });
  });
}

async function main(): Promise<void> {
  process.env.LOG_LEVEL ??= 'ERROR';
  const childAt = process.argv.indexOf('--child');
  const disputesAt = process.argv.indexOf('--child-disputes');
  if (childAt >= 0 || disputesAt >= 0) {
    const result =
      childAt >= 0
        ? await runSize(Number(process.argv[childAt + 1]))
        : await runDisputeSize(Number(process.argv[disputesAt + 1]));
    const fileAt = process.argv.indexOf('--result-file');
    writeFileSync(String(process.argv[fileAt + 1]), JSON.stringify(result));
    return;
  }
  console.log(
    `bench:backoffice: sizes ${OPTIONS.sizes.map(fmt).join(', ')}; ${OPTIONS.providers} providers; ` +
      `data in .bench-data/${OPTIONS.fresh ? ' (rebuilt: --fresh)' : ''}`,
  );
  if (!OPTIONS.disputesOnly) {
    const results: SizeResult[] = [];
    for (const n of OPTIONS.sizes) {
      console.log(`\n${fmt(n)} cases (a process of its own)`);
      results.push(await runChild(n));
    }
    report(results);
  }
  if (OPTIONS.reportOnly || OPTIONS.exportOnly || OPTIONS.casesOnly) return;
  const disputes: DisputeSizeResult[] = [];
  for (const n of OPTIONS.sizes) {
    console.log(`\n${fmt(n)} cases with disputes (a process of its own)`);
    disputes.push(await runChild(n, 'disputes'));
  }
  disputeReport(disputes);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
