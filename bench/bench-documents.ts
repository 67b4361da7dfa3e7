/**
 * `npm run bench:documents`: document transfer throughput of the local stack.
 *
 * Starts the local runtime in a temporary data directory (random port, no seed) in a process of
 * its own (the browser is never in the server's process; this keeps the client's work off the
 * server's event loop), signs up a provider with a surgeon, a facility and a case, then for a 100 MB file (MAX_UPLOAD_BYTES,
 * random bytes behind a `%PDF-` header):
 * - through the app: POST /document, PUT to the presigned URL (through the verifying S3 layer on the
 *   public port), POST /document/confirm; GET /document, then GET of the signed link;
 * - plain: a presigned PUT and GET of the same bytes straight to the same s3rver (no app, no layer).
 * Each is run `--runs N` times (default 5); the median MB/s (1 MB = 1,000,000 bytes) of each and the
 * ratios plain/app are printed (goal: at most 1.2, since file bytes never pass through a Lambda).
 * Downloads are streamed and checked against the SHA-256 of what was uploaded.
 *
 * Not a test: figures depend on the machine. Options: `--runs N`, `--mb N` (default 100).
 */
import { serveUntilStdinCloses, spawnBenchServer, startBenchStack, stopBenchServer } from './lib/server-process';
import { benchApi, createBenchProvider } from './lib/bench-provider';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MAX_UPLOAD_BYTES } from '../shared';
import { LOCAL_DOCUMENTS_BUCKET, LOCAL_REGION } from '../local';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isFinite(v) || v <= 0) throw new RangeError(`--${name} must be a positive number`);
  return v;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

/** GET a URL, streaming; resolves with the byte count and SHA-256 (hex). Throws on a non-200. */
async function download(url: string): Promise<{ bytes: number; sha256: string }> {
  const res = await fetch(url);
  if (res.status !== 200 || !res.body) throw new Error(`GET answered ${res.status}`);
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** What the server process tells the client process (one JSON line on stdout). */
interface ServerInfo {
  apiUrl: string;
  s3Direct: string;
  accessToken: string;
}

/**
 * `--serve DIR`: the server side, in its own process (as `npm start` is, apart from the browser):
 * starts the local runtime on DIR, signs up a bench provider, prints {@link ServerInfo} and runs
 * until its stdin closes.
 */
async function serve(dataDir: string): Promise<void> {
  const stack = await startBenchStack(dataDir);
  const email = `bench-${Date.now()}@example.com`;
  await stack.createAccount(email, 'Bench-Passw0rd!', ['surgeon']);
  const { accessToken } = await stack.signIn(email, 'Bench-Passw0rd!');
  const info: ServerInfo = { apiUrl: stack.apiUrl, s3Direct: stack.endpoints.s3Direct, accessToken };
  await serveUntilStdinCloses(stack, info);
}

async function main(): Promise<void> {
  const serveAt = process.argv.indexOf('--serve');
  if (serveAt >= 0) return serve(process.argv[serveAt + 1] as string);
  const runs = Math.round(option('runs', 5));
  const size = Math.min(Math.round(option('mb', MAX_UPLOAD_BYTES / (1024 * 1024)) * 1024 * 1024), MAX_UPLOAD_BYTES);
  const dataDir = mkdtempSync(join(tmpdir(), 'suture-bench-'));
  const { child, info } = await spawnBenchServer<ServerInfo>(__filename, dataDir);
  const stack = { apiUrl: info.apiUrl, endpoints: { s3Direct: info.s3Direct } };
  const accessToken = info.accessToken;
  try {
    // A provider with a case.
    const api = benchApi(stack.apiUrl, accessToken);
    const { surgeon, facility } = await createBenchProvider(api, 170000000);
    const { case: c } = await api<{ case: { case_id: string } }>('POST', '/case', {
      case_date: new Date().toISOString().slice(0, 10),
      surgeon_id: surgeon.surgeon_id,
      facility_id: facility.facility_id,
      patient: { first: 'Bench', last: 'Testpatient', ins_provider: 'Aetna' },
      procedure_codes: ['27447'],
    });

    const bytes = new Uint8Array(size);
    bytes.set(randomBytes(size));
    bytes.set(Buffer.from('%PDF-1.7\n'), 0);
    const sha256 = createHash('sha256').update(bytes).digest('hex');

    const direct = new S3Client({
      endpoint: stack.endpoints.s3Direct,
      region: LOCAL_REGION,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });

    const results = {
      appUp: [] as number[],
      /** The PUT of the bytes alone (without POST /document and the confirm). */
      appPut: [] as number[],
      appDown: [] as number[],
      plainUp: [] as number[],
      plainDown: [] as number[],
    };
    for (let run = 1; run <= runs; run++) {
      // Through the app.
      let t = performance.now();
      const ticket = await api<{ key: string; upload: { url: string; headers: Record<string, string> } }>(
        'POST',
        '/document',
        { case_id: c.case_id, slot: 'op_note', file_name: 'bench.pdf', content_type: 'application/pdf', size },
      );
      const tPut = performance.now();
      const put = await fetch(ticket.upload.url, { method: 'PUT', headers: ticket.upload.headers, body: bytes });
      if (put.status !== 200) throw new Error(`app PUT answered ${put.status} ${await put.text()}`);
      results.appPut.push(mbps(size, performance.now() - tPut));
      // The operative note is uploaded to a staging key and attached under its layout key (note_file).
      const confirmed = await api<{ case: { note_file: string } }>('POST', '/document/confirm', { key: ticket.key });
      results.appUp.push(mbps(size, performance.now() - t));

      t = performance.now();
      const link = await api<{ url: string }>(
        'GET',
        '/document',
        undefined,
        `?key=${encodeURIComponent(confirmed.case.note_file)}`,
      );
      const got = await download(link.url);
      results.appDown.push(mbps(size, performance.now() - t));
      if (got.bytes !== size || got.sha256 !== sha256) throw new Error('app download differs from the upload');

      // Plain, straight to s3rver.
      const key = `bench/plain-${run}.bin`;
      t = performance.now();
      const putUrl = await getSignedUrl(direct, new PutObjectCommand({ Bucket: LOCAL_DOCUMENTS_BUCKET, Key: key }), {
        expiresIn: 300,
      });
      const plainPut = await fetch(putUrl, { method: 'PUT', body: bytes });
      if (plainPut.status !== 200) throw new Error(`plain PUT answered ${plainPut.status}`);
      results.plainUp.push(mbps(size, performance.now() - t));

      t = performance.now();
      const getUrl = await getSignedUrl(direct, new GetObjectCommand({ Bucket: LOCAL_DOCUMENTS_BUCKET, Key: key }), {
        expiresIn: 300,
      });
      const plainGot = await download(getUrl);
      results.plainDown.push(mbps(size, performance.now() - t));
      if (plainGot.sha256 !== sha256) throw new Error('plain download differs from the upload');
      console.log(
        `run ${run}/${runs}: app up ${results.appUp.at(-1)!.toFixed(1)} down ${results.appDown.at(-1)!.toFixed(1)} MB/s; ` +
          `plain up ${results.plainUp.at(-1)!.toFixed(1)} down ${results.plainDown.at(-1)!.toFixed(1)} MB/s`,
      );
    }
    direct.destroy();

    const appUp = median(results.appUp);
    const appPut = median(results.appPut);
    const appDown = median(results.appDown);
    const plainUp = median(results.plainUp);
    const plainDown = median(results.plainDown);
    const line = (label: string, app: number, plain: number) =>
      `${label.padEnd(9)} app ${app.toFixed(1).padStart(7)} MB/s   plain ${plain.toFixed(1).padStart(7)} MB/s   ratio ${(plain / app).toFixed(2)}x`;
    console.log(`\n${(size / 1e6).toFixed(1)} MB file (${size} bytes), median of ${runs} runs (1 MB = 10^6 bytes):`);
    console.log(line('upload', appUp, plainUp) + '   (POST /document + PUT + confirm)');
    console.log(line('  PUT', appPut, plainUp) + '   (the bytes alone, through the /s3 layer)');
    console.log(line('download', appDown, plainDown));
    const worst = Math.max(plainUp / appUp, plainDown / appDown);
    console.log(
      `goal: within 1.2x of the plain transfer -> ${worst <= 1.2 ? 'met' : 'NOT met'} (worst ${worst.toFixed(2)}x)`,
    );
  } finally {
    await stopBenchServer(child, dataDir);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
