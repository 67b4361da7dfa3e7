/**
 * Browser imports of reference files (spec back-office "List Management"): the CMS PFS relative value file (CPT
 * codes) and the NUCC taxonomy (Doctor Types), run server-side by the SAME importers as
 * `npm run import:cpt` / `npm run import:nucc` (`parsePfsFile` + `writeCptRecords` of
 * lambdas/data/cpt_codes/import.ts; `parseNuccFile` + `writeNuccRecords` of ./nucc.ts).
 *
 * 1. {@link createImportJob}: a job item `job` / `<id>` (status `awaiting_upload`) and a presigned PUT
 *    (300 s) of `imports/<kind>/<job id>/<file name>` in the documents bucket, signed for the
 *    announced size and `text/csv`.
 * 2. {@link startImportJob}: the object must exist and no other import of that list may run (a lock
 *    item, 409 otherwise); the job moves to `queued` (conditional: once only)
 *    and the Lambda invokes ITSELF asynchronously with {@link ListImportEvent} (lambdas/lib/invoke.ts;
 *    locally the runtime's Invoke API, local/lambda-api.ts), so the API answers at once.
 * 3. {@link runImportJob} (the asynchronous invocation): `running` / `parsing`, the object downloaded to
 *    the Lambda's /tmp under its original name, parsed and validated whole (a refused file: `failed`
 *    with the importer's own message, nothing written), then `writing` with progress written to the
 *    job item at most every {@link PROGRESS_EVERY_MS} ms: `rows_read`, `codes_total`,
 *    `codes_to_write`, `codes_written` (and the search index's `index_written` / `index_total`),
 *    then `done` with inserted / updated / unchanged / total_codes. The uploaded object is deleted
 *    at the end either way (the bucket also expires `imports/` after a day).
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { ImportJobSchema, LIST_MESSAGES, type ImportJob, type ImportKind, type ImportRequest } from '../../shared';
import { parseItem } from '../data/item';
import { parsePfsFile, writeCptRecords, type ImportProgress } from '../data/cpt_codes/import';
import { deleteObject, headObject, presignUpload, UPLOAD_URL_TTL_SECONDS } from '../lib/storage';
import { ddb, s3Client } from '../lib/aws';
import { getEnv } from '../lib/env';
import { ConflictError, NotFoundError, ValidationError, isConditionalCheckFailed } from '../lib/errors';
import { invokeAsync } from '../lib/invoke';
import { logger } from '../lib/logger';
import { listKeys } from '../data/lists/keys';
import { parseNuccFile, writeNuccRecords, type NuccWriteCounts } from '../data/lists/nucc';

/** Prefix of uploaded import files in the documents bucket (granted to the lists Lambda only). */
export const IMPORTS_PREFIX = 'imports/';
/** How long an import lock holds at most (ms): beyond the function's 15-minute limit. */
export const IMPORT_LOCK_MS = 20 * 60_000;
/** Least time between two progress writes of a running job (ms). */
export const PROGRESS_EVERY_MS = 500;

/** The internal event of the asynchronous self-invocation. */
export interface ListImportEvent {
  type: 'suture.list-import';
  job_id: string;
}
export const LIST_IMPORT_EVENT = 'suture.list-import';

export function isListImportEvent(event: unknown): event is ListImportEvent {
  const e = event as Partial<ListImportEvent> | null;
  return !!e && typeof e === 'object' && e.type === LIST_IMPORT_EVENT && typeof e.job_id === 'string';
}

interface JobItem extends ImportJob {
  list: string;
  item_id: string;
  key: string;
  created_by: string;
}

/** The item schema of an import job: the API's job plus its keys, file key and author. */
const JobItemSchema = ImportJobSchema.extend({
  list: z.string(),
  item_id: z.string(),
  key: z.string(),
  created_by: z.string(),
}).loose() as unknown as z.ZodType<JobItem>;

const table = () => getEnv().LISTS_TABLE;

/** A file name safe as the last part of a key and of a /tmp path: letters, digits, `.`, `_`, `-`. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const safe = base.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^\.+/, '');
  return (safe || 'import.csv').slice(0, 150);
}

export function toApiJob(item: JobItem): ImportJob {
  const { list: _l, item_id: _i, key: _k, created_by: _c, ...job } = item;
  return job;
}

/** Create a job and its presigned upload (step 1). */
export async function createImportJob(request: ImportRequest, callerId: string, now = new Date().toISOString()) {
  const jobId = randomUUID();
  const fileName = safeFileName(request.file_name);
  const key = `${IMPORTS_PREFIX}${request.kind}/${jobId}/${fileName}`;
  const item: JobItem = {
    ...listKeys.job(jobId),
    job_id: jobId,
    kind: request.kind,
    status: 'awaiting_upload',
    file_name: fileName,
    size: request.size,
    rows_read: 0,
    codes_total: 0,
    codes_written: 0,
    created_at: now,
    updated_at: now,
    key,
    created_by: callerId,
  };
  const upload = await presignUpload(key, {
    size: request.size,
    contentType: 'text/csv',
    metadata: { 'uploaded-by': callerId, 'import-kind': request.kind },
  });
  await ddb().send(new PutCommand({ TableName: table(), Item: { ...item } }));
  return {
    job: toApiJob(item),
    key,
    upload: { method: 'PUT' as const, url: upload.url, headers: upload.headers },
    expires_in: UPLOAD_URL_TTL_SECONDS,
  };
}

async function getJobItem(jobId: string): Promise<JobItem> {
  const out = await ddb().send(new GetCommand({ TableName: table(), Key: listKeys.job(jobId) }));
  if (!out.Item) throw new NotFoundError(LIST_MESSAGES.jobNotFound);
  return parseItem(JobItemSchema, out.Item, 'lists', ['list', 'item_id']);
}

/** The job as the API answers it. @throws NotFoundError (404). */
export async function getImportJob(jobId: string): Promise<ImportJob> {
  return toApiJob(await getJobItem(jobId));
}

/**
 * Start a job (step 2): the file must be uploaded; the job goes `awaiting_upload` -> `queued` once,
 * then `functionName` (this Lambda) is invoked asynchronously with the job id.
 * @throws NotFoundError (404), ValidationError (400: not uploaded, already started).
 */
export async function startImportJob(jobId: string, functionName: string): Promise<ImportJob> {
  const job = await getJobItem(jobId);
  if (job.status !== 'awaiting_upload') throw new ValidationError(LIST_MESSAGES.jobAlreadyStarted);
  const head = await headObject(job.key);
  if (!head) throw new ValidationError(LIST_MESSAGES.fileNotUploaded);
  const now = new Date().toISOString();
  await takeImportLock(job.kind, jobId);
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: listKeys.job(jobId),
        UpdateExpression: 'SET #s = :queued, updated_at = :now',
        ConditionExpression: '#s = :waiting',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':queued': 'queued', ':waiting': 'awaiting_upload', ':now': now },
      }),
    );
  } catch (err) {
    await releaseImportLock(job.kind, jobId);
    if (isConditionalCheckFailed(err)) throw new ValidationError(LIST_MESSAGES.jobAlreadyStarted);
    throw err;
  }
  try {
    await invokeAsync(functionName, { type: LIST_IMPORT_EVENT, job_id: jobId } satisfies ListImportEvent);
  } catch (err) {
    await releaseImportLock(job.kind, jobId);
    await finish(jobId, { status: 'failed', error: 'The import could not be started. Please try again.' });
    throw err;
  }
  return { ...toApiJob(job), status: 'queued', updated_at: now };
}

/**
 * One import per list at a time (two writers of the same tables would race on the metadata): a
 * conditional Put of `meta` / `import-lock#<kind>`, free when absent or expired.
 * @throws ConflictError (409) while another job of the same kind holds it.
 */
async function takeImportLock(kind: ImportKind, jobId: string): Promise<void> {
  const now = Date.now();
  try {
    await ddb().send(
      new PutCommand({
        TableName: table(),
        Item: { ...listKeys.importLock(kind), job_id: jobId, expires_at: now + IMPORT_LOCK_MS },
        ConditionExpression: 'attribute_not_exists(#l) OR expires_at < :now',
        ExpressionAttributeNames: { '#l': 'list' },
        ExpressionAttributeValues: { ':now': now },
      }),
    );
  } catch (err) {
    if (isConditionalCheckFailed(err)) throw new ConflictError(LIST_MESSAGES.importRunning);
    throw err;
  }
}

/** Release the lock if this job holds it. */
async function releaseImportLock(kind: ImportKind, jobId: string): Promise<void> {
  try {
    await ddb().send(
      new DeleteCommand({
        TableName: table(),
        Key: listKeys.importLock(kind),
        ConditionExpression: 'job_id = :job',
        ExpressionAttributeValues: { ':job': jobId },
      }),
    );
  } catch (err) {
    if (!isConditionalCheckFailed(err)) throw err;
  }
}

type JobFields = Partial<Omit<ImportJob, 'job_id' | 'kind' | 'created_at'>>;

/** SET the given fields (and updated_at) of a job. */
async function setJob(jobId: string, fields: JobFields): Promise<void> {
  const entries = Object.entries({ ...fields, updated_at: new Date().toISOString() }).filter(
    ([, v]) => v !== undefined,
  );
  await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: listKeys.job(jobId),
      UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
    }),
  );
}

function finish(jobId: string, fields: JobFields): Promise<void> {
  return setJob(jobId, { ...fields, finished_at: new Date().toISOString() });
}

/** Progress writer: remembers the latest counts and writes them at most every PROGRESS_EVERY_MS. */
function progressWriter(jobId: string) {
  let last = 0;
  let chain: Promise<void> = Promise.resolve();
  const fields: JobFields = {};
  return {
    note(phase: 'search-index' | 'codes', done: number, total: number) {
      if (phase === 'codes') Object.assign(fields, { codes_written: done, codes_to_write: total });
      else Object.assign(fields, { index_written: done, index_total: total });
      const now = Date.now();
      if (now - last < PROGRESS_EVERY_MS && done < total) return;
      last = now;
      const snapshot = { ...fields };
      chain = chain.then(() => setJob(jobId, snapshot)).catch(() => undefined);
    },
    flush: () => chain,
  };
}

/** Download an object to `dir/fileName` (streamed). */
async function download(key: string, path: string): Promise<void> {
  const out = await s3Client().send(new GetObjectCommand({ Bucket: getEnv().DOCUMENTS_BUCKET, Key: key }));
  if (!out.Body) throw new Error('The uploaded file is empty');
  await pipeline(out.Body as Readable, createWriteStream(path));
}

const IMPORTER_ERRORS = new Set(['CptFileLayoutError', 'CptFileDataError', 'NuccFileLayoutError', 'NuccFileDataError']);

/**
 * Run a queued job (step 3, in the asynchronous invocation). Never throws for a bad file or a failed
 * write: the job ends `failed` with the message (the importer's own for a refused file). A job that is
 * not `queued` is left alone (a repeated delivery of the event).
 */
export async function runImportJob(jobId: string): Promise<ImportJob | undefined> {
  const job = await getJobItem(jobId);
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: listKeys.job(jobId),
        UpdateExpression: 'SET #s = :running, phase = :parsing, updated_at = :now',
        ConditionExpression: '#s = :queued',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':running': 'running',
          ':parsing': 'parsing',
          ':queued': 'queued',
          ':now': new Date().toISOString(),
        },
      }),
    );
  } catch (err) {
    if (isConditionalCheckFailed(err)) return undefined;
    throw err;
  }
  const dir = await mkdtemp(join(tmpdir(), 'suture-import-'));
  const path = join(dir, job.file_name);
  const progress = progressWriter(jobId);
  try {
    await download(job.key, path);
    const doc = ddb();
    const onProgress: ImportProgress = (phase, done, total) => progress.note(phase, done, total);
    const writing = (parsed: { rowsRead: number; records: unknown[] }) =>
      setJob(jobId, { phase: 'writing', rows_read: parsed.rowsRead, codes_total: parsed.records.length });
    let counts: Pick<NuccWriteCounts, 'codeItemsWritten' | 'inserted' | 'updated' | 'unchanged' | 'totalCodes'>;
    if (job.kind === 'cpt') {
      const parsed = await parsePfsFile(path);
      await writing(parsed);
      const env = getEnv();
      const cpt = await writeCptRecords(parsed.records, {
        doc,
        codesTable: env.CPT_CODES_TABLE,
        searchTable: env.CPT_SEARCH_TABLE,
        source: `cms-pfs:${parsed.fileName}`,
        pfsYear: parsed.year,
        onProgress,
      });
      // The job has no `kept` figure: codes left alone count as unchanged.
      counts = { ...cpt, unchanged: cpt.unchanged + cpt.kept };
    } else {
      const parsed = await parseNuccFile(path);
      await writing(parsed);
      counts = await writeNuccRecords(parsed.records, {
        doc,
        table: table(),
        source: `nucc:${parsed.fileName}`,
        onProgress,
      });
    }
    await progress.flush();
    // The lock goes before the job reads as ended: a client that starts the next import on seeing
    // `done` or `failed` must not be refused 409 by this job's lock.
    await releaseImportLock(job.kind, jobId).catch(() => undefined);
    await finish(jobId, {
      status: 'done',
      codes_written: counts.codeItemsWritten,
      codes_to_write: counts.codeItemsWritten,
      inserted: counts.inserted,
      updated: counts.updated,
      unchanged: counts.unchanged,
      total_codes: counts.totalCodes,
    });
    logger.info('List import done', { jobId, kind: job.kind });
  } catch (err) {
    await progress.flush();
    const e = err as Error;
    const known = IMPORTER_ERRORS.has(e?.name);
    if (!known) logger.error('List import failed', { jobId, error: { name: e?.name, message: e?.message } });
    await releaseImportLock(job.kind, jobId).catch(() => undefined);
    await finish(jobId, {
      status: 'failed',
      error: known
        ? e.message
        : `The import failed (${e?.name ?? 'Error'}). Import the file again: the importer completes an interrupted import.`,
    });
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
    await deleteObject(job.key).catch(() => undefined);
    // Again, for a job that ended before either release above (a no-op when it already went).
    await releaseImportLock(job.kind, jobId).catch(() => undefined);
  }
  return getImportJob(jobId);
}

export type { ImportKind };
