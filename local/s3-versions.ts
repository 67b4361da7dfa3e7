/**
 * Object versions for the local S3 (the restore runbook must work locally).
 * s3rver keeps one copy of each key; the deployed documents bucket is versioned (infra/storage.ts).
 * This layer, called by the verifying S3 front (local/s3-gateway.ts) for ONE bucket, gives
 * that bucket S3's versioning behaviour for the calls Suture and its runbook make:
 *
 * - PutObject and CopyObject over an existing key keep the previous bytes as a noncurrent version
 *   (presigned browser PUTs and the SDK's calls alike); every write answers `x-amz-version-id`.
 * - DeleteObject without a version id keeps the bytes and adds a delete marker; with `versionId`
 *   it removes that version for good (the next one becomes current, as on S3).
 * - GetObject / HeadObject with `versionId` answer that version (a delete marker: 405); without it,
 *   the current one, with its `x-amz-version-id`.
 * - CopyObject with `x-amz-copy-source: bucket/key?versionId=...` copies that version (the
 *   standard way to restore an earlier version; the result is a new current version).
 * - ListObjectVersions (`GET /bucket?versions`, `prefix`, `key-marker`, `version-id-marker`,
 *   `max-keys` up to 1000, paged with `NextKeyMarker` / `NextVersionIdMarker`; no `delimiter`) and
 *   GetBucketVersioning (always `Enabled`).
 *
 * Where things are: the current bytes stay in s3rver under their key (so everything else, presigned
 * GETs and ranges included, is s3rver's own behaviour); a noncurrent version's bytes are in the
 * hidden s3rver bucket {@link versionsBucketName} under `<key>/<versionId>`, copied there by s3rver
 * (metadata and content type kept); the list of versions per key, newest first, is a JSON index file
 * (`<dataDir>/s3-versions.json`), rewritten after each change. Objects written before this layer
 * existed (or straight to s3rver) have the version id `null`, as objects written before versioning
 * was turned on have on S3. Writes to one key are serialised. Not covered: multipart uploads (not
 * versioned here; Suture uploads with single presigned PUTs), MFA delete, object lock, `delimiter`.
 *
 * For the local runtime only.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { SDK_RETRY } from '../lambdas/lib/aws';

/** The hidden s3rver bucket that holds the noncurrent versions of `bucket`. */
export function versionsBucketName(bucket: string): string {
  return `${bucket}-versions`;
}

/** One version of a key, as kept in the index. */
export interface ObjectVersion {
  /** 32 URL-safe characters, or `null` for an object written before versioning. */
  id: string;
  /** ISO time the version was written. */
  lastModified: string;
  deleteMarker?: true;
  /** Bytes (absent for delete markers). */
  size?: number;
  /** Quoted ETag (absent for delete markers). */
  etag?: string;
}

/** What the gateway lends the layer: forwarding to s3rver (streamed) and S3-style refusals. */
export interface VersionedRequest {
  req: IncomingMessage;
  res: ServerResponse;
  /** Object key (decoded); '' for a request on the bucket itself. */
  key: string;
  /** The query string as received (no `?`). */
  rawQuery: string;
  /**
   * Send the request on to s3rver: `path` (default the request's own), `rawQuery` (default the
   * request's own), `headers` replaced or added. `onHead` runs once s3rver has answered, before the
   * answer is sent on, and returns headers to add. Resolves with the status sent.
   */
  forward(options?: {
    path?: string;
    rawQuery?: string;
    headers?: Record<string, string>;
    onHead?: (status: number, headers: IncomingHttpHeaders) => Promise<Record<string, string>>;
    /** Runs when the request failed on its way (s3rver unreachable, body not matching its hash), before the refusal. */
    onFail?: () => Promise<void>;
  }): Promise<number>;
  /** Answer an S3 error (XML body) without reaching s3rver. */
  refuse(status: number, code: string, message: string, headers?: Record<string, string>): number;
}

export interface S3VersioningOptions {
  /** s3rver's own endpoint. */
  target: string;
  /** The versioned bucket (the documents bucket). */
  bucket: string;
  /** The JSON index of versions (created when missing). */
  indexFile: string;
  /** Credentials for s3rver (access key `S3RVER`). */
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3Versioning {
  readonly bucket: string;
  /** Handle one request on the versioned bucket (already signature-checked). Resolves with the status sent. */
  handle(request: VersionedRequest): Promise<number>;
  /** The versions of `key`, newest first (a copy). */
  versionsOf(key: string): ObjectVersion[];
  close(): void;
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const MAX_KEYS = 1000;
/** Subresources whose requests are not about an object's data (passed to s3rver untouched). */
const OTHER_SUBRESOURCES = ['uploadId', 'uploads', 'partNumber', 'tagging', 'acl', 'cors', 'retention', 'legal-hold'];

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A key as a path for s3rver: each segment percent-encoded. */
const keyPath = (bucket: string, key: string) => `/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

/** A copy source as s3rver reads it (it applies decodeURI, which leaves `%40` and the like encoded). */
const copySourceOf = (bucket: string, key: string) => `/${bucket}/${encodeURI(key)}`;

function newVersionId(): string {
  return randomBytes(24).toString('base64url');
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

/** Parse `bucket/key?versionId=...` (leading `/` and URL-encoding allowed), as S3 reads x-amz-copy-source. */
export function parseCopySource(value: string): { bucket: string; key: string; versionId?: string } | undefined {
  const q = value.indexOf('?');
  const pathPart = (q < 0 ? value : value.slice(0, q)).replace(/^\//, '');
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    return undefined;
  }
  const slash = decoded.indexOf('/');
  if (slash <= 0 || slash === decoded.length - 1) return undefined;
  const versionId = q < 0 ? undefined : (new URLSearchParams(value.slice(q + 1)).get('versionId') ?? undefined);
  return { bucket: decoded.slice(0, slash), key: decoded.slice(slash + 1), ...(versionId ? { versionId } : {}) };
}

/** Create the versioning layer for `options.bucket` (the hidden bucket must exist: local/s3.ts creates it). */
export function createS3Versioning(options: S3VersioningOptions): S3Versioning {
  const { bucket } = options;
  const hidden = versionsBucketName(bucket);
  const s3 = new S3Client({
    ...SDK_RETRY,
    endpoint: options.target,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  // ---- the index: key -> versions, newest first ----
  const index = new Map<string, ObjectVersion[]>();
  if (existsSync(options.indexFile)) {
    const saved = JSON.parse(readFileSync(options.indexFile, 'utf8')) as { keys?: Record<string, ObjectVersion[]> };
    for (const [k, v] of Object.entries(saved.keys ?? {})) index.set(k, v);
  }
  const save = () => {
    const tmp = `${options.indexFile}.tmp`;
    writeFileSync(tmp, JSON.stringify({ version: 1, keys: Object.fromEntries(index) }));
    renameSync(tmp, options.indexFile);
  };
  const setVersions = (key: string, versions: ObjectVersion[]) => {
    if (versions.length) index.set(key, versions);
    else index.delete(key);
    save();
  };

  // ---- one write at a time per key ----
  const locks = new Map<string, Promise<unknown>>();
  function withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = locks.get(key) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => undefined);
    locks.set(key, tail);
    void tail.then(() => {
      if (locks.get(key) === tail) locks.delete(key);
    });
    return run;
  }
  /** Hold the locks of several keys, taken in sorted order so that two callers never wait on each other. */
  function withLocks<T>(keys: string[], fn: () => Promise<T>): Promise<T> {
    const [first, ...rest] = [...new Set(keys)].sort();
    if (first === undefined) return fn();
    return withLock(first, () => withLocks(rest, fn));
  }

  // ---- s3rver calls ----
  async function head(b: string, key: string) {
    try {
      const out = await s3.send(new HeadObjectCommand({ Bucket: b, Key: key }));
      return {
        size: out.ContentLength ?? 0,
        etag: out.ETag ?? '',
        lastModified: (out.LastModified ?? new Date()).toISOString(),
      };
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }
  const copy = (fromBucket: string, fromKey: string, toBucket: string, toKey: string) =>
    s3.send(
      new CopyObjectCommand({
        Bucket: toBucket,
        Key: toKey,
        CopySource: copySourceOf(fromBucket, fromKey),
        MetadataDirective: 'COPY',
      }),
    );
  const remove = (b: string, key: string) => s3.send(new DeleteObjectCommand({ Bucket: b, Key: key }));
  const hiddenKey = (key: string, id: string) => `${key}/${id}`;

  /**
   * The versions of `key` with the current object of s3rver accounted for: an object without an
   * index entry (or behind a delete marker, written around this layer) is the version `null`.
   */
  async function versionsWithCurrent(key: string) {
    const versions = [...(index.get(key) ?? [])];
    const current = await head(bucket, key);
    if (current && (!versions[0] || versions[0].deleteMarker)) {
      versions.unshift({ id: 'null', lastModified: current.lastModified, size: current.size, etag: current.etag });
    }
    return { versions, exists: !!current };
  }

  /** Copy the current bytes of `key` to the hidden bucket; resolves with the versions (current first) and what was copied. */
  async function archiveCurrent(key: string) {
    const { versions, exists } = await versionsWithCurrent(key);
    if (!exists) return { versions, archived: undefined };
    const current = versions[0]!;
    await copy(bucket, key, hidden, hiddenKey(key, current.id));
    return { versions, archived: current };
  }

  /** Make the newest remaining version current again (after the current one or a delete marker went away). */
  async function promote(key: string, versions: ObjectVersion[]): Promise<void> {
    const next = versions[0];
    if (!next || next.deleteMarker) return;
    await copy(hidden, hiddenKey(key, next.id), bucket, key);
    await remove(hidden, hiddenKey(key, next.id));
  }

  const noSuchVersion = (r: VersionedRequest) =>
    r.refuse(404, 'NoSuchVersion', 'The specified version does not exist.');

  // ---- PUT (PutObject, CopyObject) ----
  async function write(r: VersionedRequest): Promise<number> {
    const rawSource = r.req.headers['x-amz-copy-source'];
    const source = typeof rawSource === 'string' ? parseCopySource(rawSource) : undefined;
    if (typeof rawSource === 'string' && !source) {
      return r.refuse(
        400,
        'InvalidArgument',
        'Copy Source must mention the source bucket and key: sourcebucket/sourcekey',
      );
    }
    // A copy also holds its source's lock: a delete of the source must not move it away mid-copy.
    const lockKeys = source && source.bucket === bucket ? [r.key, source.key] : [r.key];
    return withLocks(lockKeys, async () => {
      const headers: Record<string, string> = {};
      let sourceVersion: ObjectVersion | undefined;
      if (source?.versionId) {
        if (source.bucket !== bucket) return r.forward();
        const { versions } = await versionsWithCurrent(source.key);
        const at = versions.findIndex((v) => v.id === source.versionId);
        sourceVersion = versions[at];
        if (!sourceVersion) return noSuchVersion(r);
        if (sourceVersion.deleteMarker) {
          return r.refuse(
            400,
            'InvalidRequest',
            'The source of a copy request may not specifically refer to a delete marker by version id.',
          );
        }
        headers['x-amz-copy-source'] =
          at === 0 ? copySourceOf(bucket, source.key) : copySourceOf(hidden, hiddenKey(source.key, sourceVersion.id));
      }
      const { versions, archived } = await archiveCurrent(r.key);
      let committed = false;
      // Nothing was written (refused, failed, or a body that did not match its hash): drop the copy
      // before the answer goes out.
      let dropped = false;
      const dropArchived = async () => {
        if (committed || dropped || !archived) return;
        dropped = true;
        await remove(hidden, hiddenKey(r.key, archived.id)).catch(() => undefined);
      };
      const status = await r.forward({
        headers,
        onFail: dropArchived,
        onHead: async (upstreamStatus) => {
          if (upstreamStatus !== 200) {
            await dropArchived();
            return {};
          }
          const written = await head(bucket, r.key);
          const version: ObjectVersion = {
            id: newVersionId(),
            lastModified: written?.lastModified ?? new Date().toISOString(),
            size: written?.size ?? 0,
            etag: written?.etag ?? '',
          };
          setVersions(r.key, [version, ...versions]);
          committed = true;
          return {
            'x-amz-version-id': version.id,
            ...(sourceVersion ? { 'x-amz-copy-source-version-id': sourceVersion.id } : {}),
          };
        },
      });
      await dropArchived();
      return status;
    });
  }

  // ---- GET / HEAD ----
  async function read(r: VersionedRequest, query: URLSearchParams): Promise<number> {
    const versionId = query.get('versionId');
    if (versionId === null) {
      return r.forward({
        onHead: async (status): Promise<Record<string, string>> => {
          const latest = index.get(r.key)?.[0];
          if (status < 300) return { 'x-amz-version-id': latest && !latest.deleteMarker ? latest.id : 'null' };
          if (status === 404 && latest?.deleteMarker) {
            return { 'x-amz-delete-marker': 'true', 'x-amz-version-id': latest.id };
          }
          return {};
        },
      });
    }
    // Under the key's lock: a delete must not move the current bytes away between lookup and read.
    return withLock(r.key, () => readVersion(r, query, versionId));
  }

  async function readVersion(r: VersionedRequest, query: URLSearchParams, versionId: string): Promise<number> {
    const { versions } = await versionsWithCurrent(r.key);
    const at = versions.findIndex((v) => v.id === versionId);
    const version = versions[at];
    if (!version) return noSuchVersion(r);
    if (version.deleteMarker) {
      return r.refuse(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.', {
        'x-amz-delete-marker': 'true',
        'x-amz-version-id': version.id,
      });
    }
    query.delete('versionId');
    const extra = { 'x-amz-version-id': version.id };
    if (at === 0) return r.forward({ rawQuery: query.toString(), onHead: async () => extra });
    return r.forward({
      path: keyPath(hidden, hiddenKey(r.key, version.id)),
      rawQuery: query.toString(),
      onHead: async () => ({ ...extra, 'last-modified': new Date(version.lastModified).toUTCString() }),
    });
  }

  // ---- DELETE ----
  async function del(r: VersionedRequest, query: URLSearchParams): Promise<number> {
    const versionId = query.get('versionId');
    return withLock(r.key, async () => {
      if (versionId === null) {
        const { versions, archived } = await archiveCurrent(r.key);
        if (archived) await remove(bucket, r.key);
        if (!versions.length) {
          r.res.writeHead(204);
          r.res.end();
          r.req.resume();
          return 204;
        }
        const marker: ObjectVersion = {
          id: newVersionId(),
          lastModified: new Date().toISOString(),
          deleteMarker: true,
        };
        setVersions(r.key, [marker, ...versions]);
        r.res.writeHead(204, { 'x-amz-delete-marker': 'true', 'x-amz-version-id': marker.id });
        r.res.end();
        r.req.resume();
        return 204;
      }
      const { versions } = await versionsWithCurrent(r.key);
      const at = versions.findIndex((v) => v.id === versionId);
      const version = versions[at];
      if (!version) return noSuchVersion(r);
      const rest = versions.filter((_, i) => i !== at);
      if (at === 0) {
        if (!version.deleteMarker) await remove(bucket, r.key);
        await promote(r.key, rest);
      } else if (!version.deleteMarker) {
        await remove(hidden, hiddenKey(r.key, version.id));
      }
      setVersions(r.key, rest);
      r.res.writeHead(204, {
        'x-amz-version-id': version.id,
        ...(version.deleteMarker ? { 'x-amz-delete-marker': 'true' } : {}),
      });
      r.res.end();
      r.req.resume();
      return 204;
    });
  }

  // ---- ListObjectVersions ----
  async function currentKeys(prefix: string): Promise<Map<string, ObjectVersion>> {
    const out = new Map<string, ObjectVersion>();
    let marker: string | undefined;
    for (;;) {
      const page = await s3.send(
        new ListObjectsCommand({ Bucket: bucket, Prefix: prefix || undefined, Marker: marker, MaxKeys: MAX_KEYS }),
      );
      for (const o of page.Contents ?? []) {
        if (!o.Key) continue;
        out.set(o.Key, {
          id: 'null',
          lastModified: (o.LastModified ?? new Date()).toISOString(),
          size: o.Size ?? 0,
          etag: o.ETag ?? '',
        });
      }
      const last = page.Contents?.at(-1)?.Key;
      if (!page.IsTruncated || !last) break;
      marker = last;
    }
    return out;
  }

  async function listVersions(r: VersionedRequest, query: URLSearchParams): Promise<number> {
    if (query.has('delimiter')) {
      return r.refuse(501, 'NotImplemented', 'The local S3 does not list versions with a delimiter');
    }
    const prefix = query.get('prefix') ?? '';
    const keyMarker = query.get('key-marker') ?? '';
    const versionIdMarker = query.get('version-id-marker') ?? '';
    const requested = query.has('max-keys') ? Number(query.get('max-keys')) : MAX_KEYS;
    if (!Number.isInteger(requested) || requested < 0) {
      return r.refuse(400, 'InvalidArgument', 'Provided max-keys not an integer or within integer range');
    }
    const maxKeys = Math.min(requested, MAX_KEYS);
    const current = await currentKeys(prefix);
    const keys = new Set([...current.keys(), ...[...index.keys()].filter((k) => k.startsWith(prefix))]);
    const entries: { key: string; version: ObjectVersion; latest: boolean }[] = [];
    for (const key of [...keys].sort()) {
      const versions = [...(index.get(key) ?? [])];
      const object = current.get(key);
      if (object && (!versions[0] || versions[0].deleteMarker)) versions.unshift(object);
      versions.forEach((version, i) => entries.push({ key, version, latest: i === 0 }));
    }
    let start = 0;
    if (keyMarker) {
      start = entries.findIndex((e) => e.key > keyMarker);
      if (versionIdMarker) {
        const at = entries.findIndex((e) => e.key === keyMarker && e.version.id === versionIdMarker);
        if (at >= 0) start = at + 1;
      }
      if (start < 0) start = entries.length;
    }
    const page = entries.slice(start, start + maxKeys);
    const truncated = start + maxKeys < entries.length;
    const last = page.at(-1);
    const body =
      `<?xml version="1.0" encoding="UTF-8"?>\n<ListVersionsResult xmlns="${XMLNS}">` +
      `<Name>${xmlEscape(bucket)}</Name><Prefix>${xmlEscape(prefix)}</Prefix>` +
      `<KeyMarker>${xmlEscape(keyMarker)}</KeyMarker><VersionIdMarker>${xmlEscape(versionIdMarker)}</VersionIdMarker>` +
      (truncated && last
        ? `<NextKeyMarker>${xmlEscape(last.key)}</NextKeyMarker><NextVersionIdMarker>${xmlEscape(last.version.id)}</NextVersionIdMarker>`
        : '') +
      `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
      page
        .map(({ key, version, latest }) => {
          const common =
            `<Key>${xmlEscape(key)}</Key><VersionId>${xmlEscape(version.id)}</VersionId>` +
            `<IsLatest>${latest}</IsLatest><LastModified>${version.lastModified}</LastModified>`;
          return version.deleteMarker
            ? `<DeleteMarker>${common}</DeleteMarker>`
            : `<Version>${common}<ETag>${xmlEscape(version.etag ?? '')}</ETag><Size>${version.size ?? 0}</Size>` +
                `<StorageClass>STANDARD</StorageClass></Version>`;
        })
        .join('') +
      '</ListVersionsResult>';
    return answerXml(r, body);
  }

  function answerXml(r: VersionedRequest, body: string): number {
    r.res.writeHead(200, { 'content-type': 'application/xml', 'content-length': String(Buffer.byteLength(body)) });
    r.res.end(r.req.method === 'HEAD' ? undefined : body);
    r.req.resume();
    return 200;
  }

  async function handle(r: VersionedRequest): Promise<number> {
    const method = r.req.method ?? 'GET';
    const query = new URLSearchParams(r.rawQuery);
    // The signature was checked by the gateway; s3rver gets no presigned auth for what the layer rewrites.
    if (!r.key) {
      if (method === 'GET' && query.has('versions')) return listVersions(r, query);
      if (method === 'GET' && query.has('versioning')) {
        return answerXml(
          r,
          `<VersioningConfiguration xmlns="${XMLNS}"><Status>Enabled</Status></VersioningConfiguration>`,
        );
      }
      return r.forward();
    }
    if (OTHER_SUBRESOURCES.some((name) => query.has(name))) return r.forward();
    if (method === 'GET' || method === 'HEAD') return read(r, query);
    if (method === 'PUT') return write(r);
    if (method === 'DELETE') return del(r, query);
    return r.forward();
  }

  return {
    bucket,
    handle,
    versionsOf: (key) => [...(index.get(key) ?? [])],
    close: () => s3.destroy(),
  };
}
