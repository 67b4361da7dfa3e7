/**
 * The server export's part of `npm run bench:backoffice` (docs/decisions/0029-server-exports.md):
 * `POST /export { list: 'cases' }` as the back-office account (every case of the data set), then
 * `GET /export` every {@link POLL_MS} until it ends; the file fetched from its link and its lines
 * counted. Reported: HTTP status, state, rows, file bytes, time from the POST to `done` (ms), rows a
 * second, the export function's own memory peak, and the process's peak RSS while exporting against
 * its RSS before. The function's own figure is the heap peak the job writes to its state
 * (lambdas/export/memory.ts), read here from the bucket: locally the function runs in a worker
 * thread of this process's Lambda pool, so its isolate's heap is its own while the process's RSS
 * also counts the emulators (an upper bound). Goal: done, every case, heap peak flat and under
 * {@link EXPORT_MEMORY_GOAL_MIB}.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_DOCUMENTS_BUCKET, LOCAL_REGION } from '../../local/index';
import type { MemoryPeaks } from '../../lambdas/export/memory';
import { EXPORTS_PREFIX } from '../../shared/schemas/export';
import { readRss } from './rss';

/** Time between two reads of the export's state (ms). */
const POLL_MS = 500;
/** The export function's memory goal (MiB): flat, whatever the rows. */
export const EXPORT_MEMORY_GOAL_MIB = 256;

export interface ExportMeasured {
  status: number;
  state: string;
  rows: number;
  fileBytes: number;
  fileLines: number;
  ms: number;
  rowsPerSecond: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
  /** The job's own memory peaks from its state; undefined when it wrote none. */
  memory?: MemoryPeaks;
  note?: string;
}

/** Where the export's state lies: s3rver itself (its own key) and the requester's user id. */
export interface ExportStore {
  s3Direct: string;
  userId: string;
}

/** The memory peaks in the state of export `exportId`, read straight from the local bucket. */
async function readMemory(store: ExportStore, exportId: string): Promise<MemoryPeaks | undefined> {
  const s3 = new S3Client({
    endpoint: store.s3Direct,
    region: LOCAL_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  try {
    const out = await s3.send(
      new GetObjectCommand({
        Bucket: LOCAL_DOCUMENTS_BUCKET,
        Key: `${EXPORTS_PREFIX}${store.userId}/${exportId}.json`,
      }),
    );
    return (JSON.parse(await out.Body!.transformToString()) as { memory?: MemoryPeaks }).memory;
  } finally {
    s3.destroy();
  }
}

/**
 * Export every case as the account of `token` (whose state lies in `store`); `resetPeak` starts a
 * new peak RSS of this process.
 */
export async function measureExport(
  apiUrl: string,
  token: string,
  store: ExportStore,
  resetPeak: () => void,
): Promise<ExportMeasured> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const rssBeforeMiB = readRss(process.pid).currentMiB;
  resetPeak();
  const started = performance.now();
  const post = await fetch(`${apiUrl}/export`, { method: 'POST', headers, body: JSON.stringify({ list: 'cases' }) });
  const posted = (await post.json()) as { export_id?: string; message?: string };
  const failed = (note: string): ExportMeasured => ({
    status: post.status,
    state: 'failed',
    rows: 0,
    fileBytes: 0,
    fileLines: 0,
    ms: performance.now() - started,
    rowsPerSecond: 0,
    rssBeforeMiB,
    peakRssMiB: readRss(process.pid).peakMiB,
    note,
  });
  if (post.status !== 202 || !posted.export_id)
    return failed(`POST /export: HTTP ${post.status} ${posted.message ?? ''}`);
  let status: { state: string; rows: number; url?: string; error?: string };
  // A failed read of the state is read again, at most this many times in a row.
  let errorsLeft = 10;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const res = await fetch(`${apiUrl}/export?export_id=${posted.export_id}`, { headers });
    status = (await res.json()) as typeof status;
    if (res.status !== 200) {
      if (--errorsLeft > 0) continue;
      return failed(`GET /export: HTTP ${res.status}`);
    }
    errorsLeft = 10;
    if (status.state !== 'running') break;
  }
  const ms = performance.now() - started;
  const peakRssMiB = readRss(process.pid).peakMiB;
  if (status.state !== 'done' || !status.url) return { ...failed(status.error ?? 'no link'), ms, rows: status.rows };
  const file = Buffer.from(await (await fetch(status.url)).arrayBuffer());
  let lines = 0;
  for (const byte of file) if (byte === 0x0a) lines++;
  const memory = await readMemory(store, posted.export_id);
  return {
    status: post.status,
    state: status.state,
    rows: status.rows,
    fileBytes: file.length,
    fileLines: lines,
    ms,
    rowsPerSecond: status.rows / (ms / 1000),
    rssBeforeMiB,
    peakRssMiB,
    ...(memory ? { memory } : {}),
  };
}

const toMiB = (bytes: number) => bytes / 1024 / 1024;

/** One Markdown row of the export table for a data set of `n` cases. */
export function exportRow(n: number, x: ExportMeasured): string {
  const growth = x.peakRssMiB - x.rssBeforeMiB;
  const heapPeak = x.memory ? toMiB(x.memory.heap_peak_bytes) : NaN;
  const pass = x.state === 'done' && x.rows === n && x.fileLines === n + 1 && heapPeak < EXPORT_MEMORY_GOAL_MIB;
  const fmt = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '-');
  const note = x.note ?? (x.memory ? undefined : 'no memory in the state');
  return (
    `| ${fmt(n)} cases | ${x.state} | ${fmt(x.rows)} | ${fmt(x.fileBytes)} | ${(x.ms / 1000).toFixed(1)} | ` +
    `${fmt(x.rowsPerSecond)} | ${fmt(x.memory ? toMiB(x.memory.heap_start_bytes) : NaN)} | ${fmt(heapPeak)} | ` +
    `${fmt(x.memory ? toMiB(x.memory.heap_after_gc_peak_bytes) : NaN)} | ` +
    `${fmt(growth)} | ${pass ? 'PASS' : 'MISS'}${note ? ` (${note})` : ''} |`
  );
}

/**
 * The heap peaks at the largest size over those at the smallest (flat: near 1), the sampled one
 * and the one after collections; NaN without both.
 */
export function heapPeakRatios(small: ExportMeasured, large: ExportMeasured): { peak: number; afterGc: number } {
  if (!small.memory || !large.memory) return { peak: NaN, afterGc: NaN };
  return {
    peak: large.memory.heap_peak_bytes / small.memory.heap_peak_bytes,
    afterGc: large.memory.heap_after_gc_peak_bytes / small.memory.heap_after_gc_peak_bytes,
  };
}

/** The header of the export table. */
export const EXPORT_TABLE_HEADER = [
  '| Data set | State | Rows | File bytes | Time s | Rows/s | Function heap at start MiB | Function heap peak MiB (goal < 256) | Function heap after full GC, peak MiB (goal flat) | Runtime process RSS growth MiB (upper bound) | Result |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
];
