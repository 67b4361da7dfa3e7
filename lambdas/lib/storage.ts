/**
 * S3 calls on the documents bucket (env DOCUMENTS_BUCKET): the document Lambda's (`private/*`:
 * GetObject, PutObject, DeleteObject; GetObjectVersion on the staging prefix, to check and copy one
 * version of an upload) and the report Lambda's (`private/reports/*`: PutObject and GetObject, the
 * kept reports).
 *
 * - {@link presignUpload}: a presigned PUT whose signature covers Content-Length (= the announced
 *   size, so S3 itself refuses any other length: 403 SignatureDoesNotMatch), Content-Type and the
 *   metadata headers (spec section 3: original-filename, uploaded-by, upload-timestamp, file-size,
 *   plus document-type for profile documents). The browser must send exactly `headers`.
 * - {@link presignDownload}: a presigned GET (seconds) with Content-Disposition and Content-Type.
 * - {@link headObject}, {@link readStart}, {@link copyObject}, {@link deleteObject}, {@link putObject}.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3Client } from './aws';
import { getEnv } from './env';

/** Seconds a presigned upload URL is valid. */
export const UPLOAD_URL_TTL_SECONDS = 300;

const bucket = () => getEnv().DOCUMENTS_BUCKET;

/** Metadata names (without `x-amz-meta-`) stored with every upload. */
export const META = {
  originalFilename: 'original-filename',
  uploadedBy: 'uploaded-by',
  uploadTimestamp: 'upload-timestamp',
  fileSize: 'file-size',
  documentType: 'document-type',
  /** On a layout object: the staging key it was copied from by a confirm (repeated confirms answer as the first). */
  stagedFrom: 'staged-from',
} as const;

export interface UploadTarget {
  url: string;
  /** Headers the PUT must carry, exactly (Content-Length is set by the client from the body). */
  headers: Record<string, string>;
}

/**
 * Presigned PUT of `key` for exactly `size` bytes of `contentType`, valid `expiresIn` seconds.
 * `metadata` values must be ASCII (callers URI-encode file names).
 */
export async function presignUpload(
  key: string,
  input: { size: number; contentType: string; metadata: Record<string, string>; expiresIn?: number },
): Promise<UploadTarget> {
  const command = new PutObjectCommand({
    Bucket: bucket(),
    Key: key,
    ContentLength: input.size,
    ContentType: input.contentType,
    Metadata: input.metadata,
  });
  const metaHeaders = Object.keys(input.metadata).map((k) => `x-amz-meta-${k.toLowerCase()}`);
  const url = await getSignedUrl(s3Client(), command, {
    expiresIn: input.expiresIn ?? UPLOAD_URL_TTL_SECONDS,
    signableHeaders: new Set(['content-length', 'content-type', ...metaHeaders]),
    unhoistableHeaders: new Set(metaHeaders),
  });
  const headers: Record<string, string> = { 'Content-Type': input.contentType };
  for (const [k, v] of Object.entries(input.metadata)) headers[`x-amz-meta-${k.toLowerCase()}`] = v;
  return { url, headers };
}

/** A file name as a quoted-string fallback: printable ASCII, no quotes or backslashes. */
function asciiFallback(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return ascii.trim() === '' ? 'document' : ascii;
}

/** RFC 5987 value: UTF-8, percent-encoded (also `'()*`). */
function rfc5987(name: string): string {
  return encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `inline|attachment; filename="..."; filename*=UTF-8''...` for an original file name. */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  return `${disposition}; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${rfc5987(fileName)}`;
}

/** Presigned GET of `key` valid `expiresIn` seconds, answering with the given disposition and type. */
export function presignDownload(
  key: string,
  input: { disposition: 'inline' | 'attachment'; fileName: string; contentType: string; expiresIn: number },
): Promise<string> {
  return getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: bucket(),
      Key: key,
      ResponseContentDisposition: contentDisposition(input.disposition, input.fileName),
      ResponseContentType: input.contentType,
    }),
    { expiresIn: input.expiresIn },
  );
}

export interface ObjectInfo {
  size: number;
  /** Metadata, names lower-cased without `x-amz-meta-`. */
  metadata: Record<string, string>;
  /** Set when the bucket is versioned. */
  versionId?: string;
}

/** HeadObject; undefined when there is no such object. */
export async function headObject(key: string): Promise<ObjectInfo | undefined> {
  try {
    const out = await s3Client().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(out.Metadata ?? {})) metadata[k.toLowerCase()] = v;
    return { size: out.ContentLength ?? 0, metadata, versionId: out.VersionId ?? undefined };
  } catch (err) {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    // Without s3:ListBucket (not granted), S3 answers a missing key with 403, not 404.
    const status = e.$metadata?.httpStatusCode;
    if (e.name === 'NotFound' || e.name === 'NoSuchKey' || status === 404 || status === 403) return undefined;
    throw err;
  }
}

/** The first `bytes` bytes of an object, of version `versionId` when given (ranged GetObject). */
export async function readStart(key: string, bytes: number, versionId?: string): Promise<Uint8Array> {
  const out = await s3Client().send(
    new GetObjectCommand({ Bucket: bucket(), Key: key, Range: `bytes=0-${bytes - 1}`, VersionId: versionId }),
  );
  if (!out.Body) return new Uint8Array();
  return out.Body.transformToByteArray();
}

/**
 * Copy version `versionId` of `from` (the current one when undefined) to `to` within the bucket
 * (CopyObject, up to 5 GB; GetObjectVersion on `from`, PutObject on `to`). The copy gets
 * `contentType` and `metadata` (names without `x-amz-meta-`, ASCII values) instead of the source's.
 */
export async function copyObject(
  from: string,
  to: string,
  input: { versionId?: string; contentType: string; metadata: Record<string, string> },
): Promise<void> {
  const source = `${bucket()}/${from.split('/').map(encodeURIComponent).join('/')}`;
  await s3Client().send(
    new CopyObjectCommand({
      Bucket: bucket(),
      Key: to,
      CopySource: input.versionId ? `${source}?versionId=${encodeURIComponent(input.versionId)}` : source,
      MetadataDirective: 'REPLACE',
      ContentType: input.contentType,
      Metadata: input.metadata,
    }),
  );
}

/**
 * Delete an object (DeleteObject, no version id: the versioned bucket keeps the data as a
 * noncurrent version, recoverable by an administrator).
 */
export async function deleteObject(key: string): Promise<void> {
  await s3Client().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** Write `bytes` as object `key` with `contentType` (PutObject; the bucket encrypts it with its key). */
export async function putObject(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
  await s3Client().send(
    new PutObjectCommand({
      Bucket: bucket(),
      Key: key,
      Body: bytes,
      ContentType: contentType,
      ContentLength: bytes.length,
    }),
  );
}
