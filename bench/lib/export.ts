/**
 * The server export's part of `npm run bench:backoffice` (docs/decisions/0029-server-exports.md):
 * `POST /export { list: 'cases' }` as the back-office account (every case of the data set), then
 * `GET /export` every {@link POLL_MS} until it ends; the file fetched from its link and its lines
 * counted. Reported: HTTP status, state, rows, file bytes, time from the POST to `done` (ms), rows a
 * second, and the process's peak RSS while exporting against its RSS before (the export function
 * runs in the local runtime's Lambda pool, a thread of this process: the growth is its memory and
 * the emulators'). Goal: done, every case, peak growth flat and under {@link EXPORT_MEMORY_GOAL_MIB}.
 */
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
  note?: string;
}

/** Export every case as the account of `token`; `resetPeak` starts a new peak RSS of this process. */
export async function measureExport(apiUrl: string, token: string, resetPeak: () => void): Promise<ExportMeasured> {
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
  };
}

/** One Markdown row of the export table for a data set of `n` cases. */
export function exportRow(n: number, x: ExportMeasured): string {
  const growth = x.peakRssMiB - x.rssBeforeMiB;
  const pass = x.state === 'done' && x.rows === n && x.fileLines === n + 1 && growth < EXPORT_MEMORY_GOAL_MIB;
  const fmt = (v: number) => Math.round(v).toLocaleString('en-US');
  return (
    `| ${fmt(n)} cases | ${x.state} | ${fmt(x.rows)} | ${fmt(x.fileBytes)} | ${(x.ms / 1000).toFixed(1)} | ` +
    `${fmt(x.rowsPerSecond)} | ${fmt(x.rssBeforeMiB)} | ${fmt(x.peakRssMiB)} | ${fmt(growth)} | ${pass ? 'PASS' : 'MISS'}` +
    `${x.note ? ` (${x.note})` : ''} |`
  );
}

/** The header of the export table. */
export const EXPORT_TABLE_HEADER = [
  '| Data set | State | Rows | File bytes | Time s | Rows/s | RSS before MiB | Peak RSS MiB | Growth MiB (goal < 256) | Result |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
