/**
 * `npm run bench:memory` ("The local server's memory grows under load ... the
 * benchmarks report the server's peak RSS, goal under 1 GiB").
 *
 * Starts the local runtime in a temporary data directory (random port, no demo seed) in a process
 * of its own, as `npm start` runs it, with a provider who owns `--cases N` cases (default 500,
 * created through POST /case) and a CPT catalog of `--codes N` fictitious codes (default 5,000,
 * written with the importer's `writeCptRecords`, like a CMS import; never real CPT descriptors).
 * Then it drives the server with autocannon (`--connections N`, default 10), each phase for
 * `--seconds N` (default 60), or for `--requests N` requests (the same work whatever the machine's load):
 * 1. the provider's case list, `GET /case?user_id=<own>`;
 * 2. CPT suggestions, `GET /cpt_codes?search=<1 to 3 characters>&limit=5` (the case form's call).
 * The server's RSS is sampled every 100 ms (bench/lib/rss.ts) and printed before the load, at the
 * peak of each phase and after it, then the peak against the goal (1 GiB = 1,024 MiB).
 *
 * Each phase also prints the RSS gained per 1,000 requests (end minus start), the figure a leak shows.
 * Options: `--seconds N`, `--requests N`, `--cases N`, `--codes N`, `--connections N`. Extra Node.js options for the
 * server process go in `BENCH_SERVER_NODE_OPTIONS` (e.g. `--heapsnapshot-signal=SIGUSR2`).
 * Not a test: figures depend on the machine (Linux: RSS from /proc).
 */
import { serveUntilStdinCloses, spawnBenchServer, startBenchStack, stopBenchServer } from './lib/server-process';
import { benchApi, createBenchProvider } from './lib/bench-provider';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatMiB, readRss, RSS_GOAL_MIB, sampleRss } from './lib/rss';

/** The part of autocannon's API used here (it ships without types). */
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  headers?: Record<string, string>;
  requests?: { method?: string; path?: string; setupRequest?: (req: { path: string }) => { path: string } }[];
}) => Promise<AutocannonResult>;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as Autocannon;

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new RangeError(`--${name} must be a positive number`);
  return Math.round(v);
}

/** What the server process tells the client process (one JSON line on stdout). */
interface ServerInfo {
  apiUrl: string;
  accessToken: string;
  sub: string;
}

/** Fictitious words for the synthetic CPT descriptors (deterministic, not AMA text). */
const WORDS = [
  'arthroscopy',
  'biopsy',
  'bone',
  'bypass',
  'cardiac',
  'catheter',
  'closure',
  'cyst',
  'debridement',
  'disc',
  'drainage',
  'elbow',
  'excision',
  'femur',
  'fixation',
  'flap',
  'foot',
  'fracture',
  'graft',
  'hand',
  'hernia',
  'hip',
  'implant',
  'incision',
  'injection',
  'joint',
  'knee',
  'laparoscopy',
  'lesion',
  'ligament',
  'lumbar',
  'muscle',
  'nerve',
  'open',
  'partial',
  'radius',
  'removal',
  'repair',
  'revision',
  'shoulder',
  'skin',
  'spine',
  'tendon',
  'thoracic',
  'tibia',
  'total',
  'tumor',
  'ulna',
  'vein',
  'wrist',
];

/** `count` fictitious codes: 5 digits from 10000 up, descriptors of 3 to 6 words of {@link WORDS}. */
function syntheticCodes(count: number): { cpt_code: string; cpt_description: string }[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  return Array.from({ length: count }, (_, i) => {
    const words = Array.from({ length: 3 + (next() % 4) }, () => WORDS[next() % WORDS.length]);
    return { cpt_code: String(10000 + i * 7), cpt_description: `Bench ${words.join(' ')}` };
  });
}

/**
 * `--serve DIR --codes N`: the server side, in its own process: starts the local runtime on DIR,
 * writes the synthetic CPT catalog, signs up a bench provider, prints {@link ServerInfo} and runs
 * until its stdin closes.
 */
async function serve(dataDir: string, codes: number): Promise<void> {
  const stack = await startBenchStack(dataDir);
  const { writeCptRecords, cptTablesFromEnv } = await import('../lambdas/data/cpt_codes/import');
  const { ddb } = await import('../lambdas/lib/aws');
  await writeCptRecords(syntheticCodes(codes), { doc: ddb(), ...cptTablesFromEnv(), source: 'bench' });
  const email = `bench-${Date.now()}@example.com`;
  await stack.createAccount(email, 'Bench-Passw0rd!', ['surgeon']);
  const { accessToken, sub } = await stack.signIn(email, 'Bench-Passw0rd!');
  const info: ServerInfo = { apiUrl: stack.apiUrl, accessToken, sub };
  if (process.env.BENCH_MEMORY_TRACE) {
    const mib = (n: number) => `${(n / 1048576).toFixed(0)}`;
    setInterval(() => {
      const m = process.memoryUsage();
      process.stderr.write(
        `[server] rss ${mib(m.rss)} heapUsed ${mib(m.heapUsed)} heapTotal ${mib(m.heapTotal)} external ${mib(m.external)} arrayBuffers ${mib(m.arrayBuffers)} MiB\n`,
      );
    }, 5000).unref();
  }
  await serveUntilStdinCloses(stack, info);
}

/** Run `tasks` with at most `limit` in flight. */
async function pool(count: number, limit: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

async function main(): Promise<void> {
  const serveAt = process.argv.indexOf('--serve');
  if (serveAt >= 0) return serve(process.argv[serveAt + 1] as string, option('codes', 5000));
  const seconds = option('seconds', 60);
  const requests = process.argv.includes('--requests') ? option('requests', 1) : undefined;
  const cases = option('cases', 500);
  const codes = option('codes', 5000);
  const connections = option('connections', 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'suture-bench-memory-'));
  console.log(`Starting the local server (${codes} CPT codes)...`);
  const { child, info } = await spawnBenchServer<ServerInfo>(__filename, dataDir, {
    nodeArgs: (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean),
    args: ['--codes', String(codes)],
  });
  const pid = child.pid!;
  const headers = { authorization: `Bearer ${info.accessToken}`, 'content-type': 'application/json' };
  try {
    const api = benchApi(info.apiUrl, info.accessToken);
    const { surgeon, facility } = await createBenchProvider(api, 180000000);
    console.log(`Creating ${cases} cases through POST /case...`);
    await pool(cases, 8, async (i) => {
      await api('POST', '/case', {
        case_date: '2026-02-03',
        surgeon_id: surgeon.surgeon_id,
        facility_id: facility.facility_id,
        patient: { first: 'Bench', last: `Testpatient${i}`, ins_provider: 'Aetna' },
        procedure_codes: ['10000', '10007'],
      });
    });

    const before = readRss(pid);
    console.log(
      `\nserver RSS before the load: ${formatMiB(before.currentMiB)} (peak so far ${formatMiB(before.peakMiB)})`,
    );
    const rss = sampleRss(pid);
    const letters = 'abcdefghijklmnoprstuvw0123456789';
    const phases: { name: string; path: string; random?: boolean }[] = [
      { name: `GET /case?user_id=<own> (${cases} cases)`, path: `/case?user_id=${info.sub}` },
      { name: 'GET /cpt_codes?search=<1-3 chars>&limit=5', path: '/cpt_codes', random: true },
    ];
    let rnd = 11;
    const randomSearch = () => {
      rnd = (rnd * 1103515245 + 12345) % 2147483648;
      const len = 1 + (rnd % 3);
      let s = '';
      for (let k = 0; k < len; k++) s += letters[(rnd >> (4 + 5 * k)) % letters.length];
      return s;
    };
    for (const phase of phases) {
      const phaseRss = sampleRss(pid);
      const startMiB = phaseRss.now().currentMiB;
      const result = await autocannon({
        url: info.apiUrl,
        connections,
        ...(requests ? { amount: requests } : { duration: seconds }),
        headers,
        requests: [
          phase.random
            ? {
                method: 'GET',
                setupRequest: (req) => ({ ...req, path: `/api/cpt_codes?search=${randomSearch()}&limit=5` }),
              }
            : { method: 'GET', path: `/api${phase.path}` },
        ],
      });
      const r = phaseRss.stop();
      console.log(
        `${phase.name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
          `${result.requests.total} requests (${result.non2xx} non-2xx, ${result.errors} errors); ` +
          `server RSS peak ${formatMiB(r.sampledPeakMiB)}, at the end ${formatMiB(r.currentMiB)} ` +
          `(${(((r.currentMiB - startMiB) / Math.max(1, result.requests.total)) * 1000).toFixed(1)} MiB per 1,000 requests)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const total = rss.stop();
    console.log(`\nserver RSS 5 s after the load: ${formatMiB(total.currentMiB)}`);
    console.log(
      `server peak RSS (VmHWM): ${formatMiB(total.peakMiB)}; goal under ${formatMiB(RSS_GOAL_MIB)} -> ${
        total.peakMiB < RSS_GOAL_MIB ? 'met' : 'NOT met'
      }`,
    );
  } finally {
    await stopBenchServer(child, dataDir);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
