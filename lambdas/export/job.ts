/**
 * Server exports (docs/decisions/0029-server-exports.md). An export lives in the documents bucket
 * under its requester's prefix, `private/exports/<user id>/<export id>`: `.json` its state,
 * `.csv` the file. Only the requester's prefix is ever read, so another user's id is a 404; the
 * bucket expires both after 7 days (infra/storage.ts).
 *
 * 1. {@link startExport} (POST /export): the list's first row read as the requester (its 400s and
 *    403s come before anything is written), the state `running` written, then this function invoked
 *    asynchronously with {@link ExportJobEvent} (lambdas/lib/invoke.ts).
 * 2. {@link runExport} (that invocation): the list read page by page, each row written through
 *    csv-stringify's stream into a multipart upload (@aws-sdk/lib-storage), so memory holds a page
 *    and a part whatever the size; `rows` written to the state at most every
 *    {@link PROGRESS_EVERY_MS}; then `done` (or `failed`) and one audit entry
 *    ({@link EXPORT_AUDIT_ACTION}) with the list, its filters and the row count. Its memory is
 *    sampled at each page and the peaks written to the state, the log line and two metrics
 *    (./memory.ts).
 * 3. {@link exportStatus} (GET /export): the state, and once done a presigned GET of the file.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { stringify } from 'csv-stringify';
import * as z from 'zod';
import { EXPORT_AUDIT_ACTION } from '../../shared/api-routes';
import { csvOptions, csvRecord, type CsvColumn } from '../../shared/csv-columns';
import {
  EXPORTS_PREFIX,
  EXPORT_LISTS,
  EXPORT_MESSAGES,
  EXPORT_STATES,
  type ExportList,
  type ExportRequest,
  type ExportStatus,
} from '../../shared/schemas/export';
import { s3Client } from '../lib/aws';
import { getEnv } from '../lib/env';
import { NotFoundError } from '../lib/errors';
import { invokeAsync } from '../lib/invoke';
import { logger } from '../lib/logger';
import { EXPORT_MEMORY_METRICS, metrics } from '../lib/metrics';
import { presignDownload } from '../lib/storage';
import { systemAuditEntry, type AuditWriter } from '../lib/audit';
import { writeAuditEntry } from '../lib/audit-writer';
import { EXPORT_PAGE_SIZE, columnsOf, listEvent, readPage, type Requester } from './lists';
import { MemoryPeak } from './memory';

/** Least time between two writes of the rows so far (ms). */
export const PROGRESS_EVERY_MS = 1_000;
/** A running export whose state has not moved for this long died with its invocation (ms). */
export const STALE_AFTER_MS = 5 * 60_000;
/** Seconds a download link stays valid. */
export const DOWNLOAD_URL_TTL_SECONDS = 600;
/** Bytes of each uploaded part (S3's least but for the last). */
export const PART_BYTES = 5 * 1024 * 1024;

/** The internal event of the asynchronous invocation. */
export const EXPORT_JOB_EVENT = 'suture.export';
export interface ExportJobEvent {
  type: typeof EXPORT_JOB_EVENT;
  export_id: string;
  requester: Requester;
}

export function isExportJobEvent(event: unknown): event is ExportJobEvent {
  const e = event as Partial<ExportJobEvent> | null;
  return (
    !!e &&
    typeof e === 'object' &&
    e.type === EXPORT_JOB_EVENT &&
    typeof e.export_id === 'string' &&
    typeof e.requester?.user_id === 'string'
  );
}

/** The state object as stored. */
const StoredStateSchema = z.object({
  export_id: z.string(),
  list: z.enum(EXPORT_LISTS),
  filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  state: z.enum(EXPORT_STATES),
  rows: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  error: z.string().optional(),
  /** The job's memory peaks (./memory.ts), written when it ends; never in GET /export's answer. */
  memory: z
    .object({
      heap_peak_bytes: z.number(),
      heap_after_gc_peak_bytes: z.number(),
      rss_peak_bytes: z.number(),
      heap_start_bytes: z.number(),
      samples: z.number(),
    })
    .optional(),
});
type StoredState = z.infer<typeof StoredStateSchema>;

const keyOf = (userId: string, exportId: string, ext: 'json' | 'csv') =>
  `${EXPORTS_PREFIX}${userId}/${exportId}.${ext}`;
const bucket = () => getEnv().DOCUMENTS_BUCKET;

async function writeState(userId: string, state: StoredState): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: keyOf(userId, state.export_id, 'json'),
      Body: JSON.stringify(state),
      ContentType: 'application/json',
    }),
  );
}

/** Reads of a state that came back unreadable before giving up (see {@link readState}). */
const STATE_READS = 3;

/**
 * The stored state, or undefined when this user has no such export. A state read while the job
 * replaces it can come back cut short from a store that writes in place (S3 itself replaces an
 * object at once; the local emulator does not): read again, up to {@link STATE_READS} times.
 */
async function readState(userId: string, exportId: string): Promise<StoredState | undefined> {
  for (let read = 1; ; read++) {
    let text: string;
    try {
      const out = await s3Client().send(
        new GetObjectCommand({ Bucket: bucket(), Key: keyOf(userId, exportId, 'json') }),
      );
      text = await out.Body!.transformToString();
    } catch (err) {
      const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return undefined;
      throw err;
    }
    try {
      return StoredStateSchema.parse(JSON.parse(text));
    } catch (err) {
      if (read >= STATE_READS) throw err;
      await new Promise((resolve) => setTimeout(resolve, 50 * read));
    }
  }
}

/**
 * Start an export (POST /export) as `requester`; `functionName` is this function. Reads the list's
 * first row first: the list's own ValidationError (400) or ForbiddenError (403) is thrown before
 * anything is written. Returns the export id.
 */
export async function startExport(
  request: ExportRequest,
  requester: Requester,
  functionName: string,
  now = new Date(),
): Promise<string> {
  const filters = request.filters ?? {};
  const exportId = randomUUID();
  await readPage(request.list, listEvent(requester, filters, { limit: 1, requestId: exportId }));
  const at = now.toISOString();
  const state: StoredState = {
    export_id: exportId,
    list: request.list,
    filters,
    state: 'running',
    rows: 0,
    created_at: at,
    updated_at: at,
  };
  await writeState(requester.user_id, state);
  try {
    await invokeAsync(functionName, {
      type: EXPORT_JOB_EVENT,
      export_id: exportId,
      requester,
    } satisfies ExportJobEvent);
  } catch (err) {
    await writeState(requester.user_id, { ...state, state: 'failed', error: EXPORT_MESSAGES.failed });
    throw err;
  }
  return exportId;
}

/**
 * The export's state for GET /export; a presigned link once done.
 * @throws NotFoundError (404) when `userId` has no export of that id (another user's included).
 */
export async function exportStatus(userId: string, exportId: string, now = Date.now()): Promise<ExportStatus> {
  const stored = await readState(userId, exportId);
  if (!stored) throw new NotFoundError(EXPORT_MESSAGES.notFound);
  const stale = stored.state === 'running' && now - Date.parse(stored.updated_at) > STALE_AFTER_MS;
  const base = { success: true as const, export_id: stored.export_id, list: stored.list, rows: stored.rows };
  if (stale || stored.state === 'failed')
    return { ...base, state: 'failed', error: stored.error ?? EXPORT_MESSAGES.failed };
  if (stored.state === 'running') return { ...base, state: 'running' };
  const url = await presignDownload(keyOf(userId, exportId, 'csv'), {
    disposition: 'attachment',
    fileName: `${stored.list}-${stored.created_at.slice(0, 10)}.csv`,
    contentType: 'text/csv; charset=utf-8',
    expiresIn: DOWNLOAD_URL_TTL_SECONDS,
  });
  return { ...base, state: 'done', url, expires_in: DOWNLOAD_URL_TTL_SECONDS };
}

/**
 * The ids an export's audit entry holds: the export id, `list=<list>`, `rows=<n>`, then each
 * filter as `name=value`. A search text may name a patient: it is kept out (`search=(text)`).
 */
export function exportAuditIds(state: Pick<StoredState, 'export_id' | 'list' | 'filters' | 'rows'>): string[] {
  return [
    state.export_id,
    `list=${state.list}`,
    `rows=${state.rows}`,
    ...Object.entries(state.filters).map(([name, value]) => (name === 'search' ? 'search=(text)' : `${name}=${value}`)),
  ];
}

/**
 * Run an export (the asynchronous invocation). Never throws for a failed read or write: the state
 * ends `failed`. An export already ended is left alone (a repeated delivery of the event).
 */
export async function runExport(
  event: ExportJobEvent,
  options: { writeAudit?: AuditWriter; now?: () => number } = {},
): Promise<ExportStatus['state'] | undefined> {
  const { requester, export_id: exportId } = event;
  const now = options.now ?? Date.now;
  const writeAudit = options.writeAudit ?? writeAuditEntry;
  const stored = await readState(requester.user_id, exportId);
  if (!stored || stored.state !== 'running') return undefined;
  let rows = 0;
  const memory = new MemoryPeak();
  let lastWrite = now();
  let progress: Promise<void> = Promise.resolve();
  const touch = (fields: Partial<StoredState>) =>
    writeState(requester.user_id, { ...stored, ...fields, rows, updated_at: new Date(now()).toISOString() });
  let outcome: 'done' | 'failed' = 'failed';
  let error: string | undefined;
  try {
    const body = new PassThrough();
    const upload = new Upload({
      client: s3Client(),
      params: {
        Bucket: bucket(),
        Key: keyOf(requester.user_id, exportId, 'csv'),
        Body: body,
        ContentType: 'text/csv; charset=utf-8',
      },
      partSize: PART_BYTES,
      queueSize: 1,
    });
    const uploaded = upload.done();
    // The upload's error is awaited below; without this an early one would be unhandled meanwhile.
    uploaded.catch(() => undefined);
    let writer: ReturnType<typeof stringify> | undefined;
    let columns: readonly CsvColumn<unknown>[] = [];
    let cursor: string | undefined;
    let page = 0;
    try {
      do {
        const read = await readPage(
          stored.list,
          listEvent(requester, stored.filters, { limit: EXPORT_PAGE_SIZE, cursor, requestId: `${exportId}:${page++}` }),
        );
        if (!writer) {
          columns = columnsOf(stored.list, read.rows) as readonly CsvColumn<unknown>[];
          writer = stringify(csvOptions(columns));
          writer.pipe(body);
        }
        for (const row of read.rows) {
          // Back-pressure: wait while the upload has a part in flight.
          if (!writer.write(csvRecord(columns, row))) {
            const open = writer;
            await Promise.race([new Promise((resolve) => open.once('drain', resolve)), uploaded]);
          }
          rows++;
        }
        cursor = read.next_cursor;
        memory.sample();
        if (now() - lastWrite >= PROGRESS_EVERY_MS) {
          lastWrite = now();
          progress = progress.then(() => touch({})).catch(() => undefined);
        }
      } while (cursor);
      writer!.end();
    } catch (err) {
      body.destroy(err as Error);
      await upload.abort().catch(() => undefined);
      throw err;
    }
    await uploaded;
    outcome = 'done';
  } catch (err) {
    const e = err as Error;
    logger.error('Export failed', { exportId, list: stored.list, error: { name: e?.name, message: e?.message } });
    error = EXPORT_MESSAGES.failed;
  }
  const peaks = memory.stop();
  await progress;
  const at = new Date(now());
  await writeAudit({
    ...systemAuditEntry({
      action: EXPORT_AUDIT_ACTION,
      resourceType: 'export',
      ids: exportAuditIds({ ...stored, rows }),
      outcome: outcome === 'done' ? 'allowed' : 'failed',
      requestId: `${exportId}:audit`,
      now: at,
    }),
    user_id: requester.user_id,
    username: requester.username ?? '',
    user_agent: 'suture-export',
  });
  await touch({ state: outcome, ...(error ? { error } : {}), memory: peaks });
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
  metrics.addMetric(EXPORT_MEMORY_METRICS.heapPeak, MetricUnit.Megabytes, mb(peaks.heap_peak_bytes));
  metrics.addMetric(EXPORT_MEMORY_METRICS.rssPeak, MetricUnit.Megabytes, mb(peaks.rss_peak_bytes));
  logger.info('Export ended', {
    exportId,
    list: stored.list,
    rows,
    outcome,
    heapPeakMiB: mb(peaks.heap_peak_bytes),
    heapAfterGcPeakMiB: mb(peaks.heap_after_gc_peak_bytes),
    rssPeakMiB: mb(peaks.rss_peak_bytes),
  });
  return outcome;
}

export type { ExportList };
