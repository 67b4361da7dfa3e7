/**
 * Object versions of the local documents bucket (local/s3-versions.ts):
 * the AWS SDK against the runtime's S3 endpoint (the verifying front on the public port, in front
 * of the real s3rver), and a presigned PUT sent with fetch as the browser sends it.
 */
import '../api/quiet';
import { createHash } from 'node:crypto';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetBucketVersioningCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { SignatureV4 } from '@smithy/signature-v4';
import { NodeSha256 } from '../../../local/sigv4';
import { s3Client } from '../../../lambdas/lib/aws';
import { LOCAL_DOCUMENTS_BUCKET } from '../../../local';
import { versionsBucketName } from '../../../local/s3-versions';
import { useLocalStack } from '../../support/local';

jest.setTimeout(90_000);

// Its own runtime: a test restarts it.
const local = useLocalStack({ isolated: true });
const Bucket = LOCAL_DOCUMENTS_BUCKET;
let counter = 0;

/** A fresh key per test, under the layout's prefix. */
function newKey(): string {
  counter += 1;
  return `private/case-documents/versions-test/demo_case${counter}-${Date.now()}.pdf`;
}

async function put(key: string, text: string, metadata: Record<string, string> = {}) {
  return s3Client().send(
    new PutObjectCommand({ Bucket, Key: key, Body: text, ContentType: 'application/pdf', Metadata: metadata }),
  );
}

async function read(key: string, versionId?: string): Promise<string> {
  const out = await s3Client().send(new GetObjectCommand({ Bucket, Key: key, VersionId: versionId }));
  return out.Body!.transformToString();
}

async function versions(prefix: string) {
  const out = await s3Client().send(new ListObjectVersionsCommand({ Bucket, Prefix: prefix }));
  return { versions: out.Versions ?? [], markers: out.DeleteMarkers ?? [] };
}

/** s3rver itself, without the layer: what the hidden versions bucket holds. */
function direct(): S3Client {
  return new S3Client({
    endpoint: local.stack.endpoints.s3Direct,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}

describe('the local documents bucket keeps object versions', () => {
  it('keeps the previous bytes when a key is written again, and answers each version by its id', async () => {
    // Prepare
    const key = newKey();
    const first = await put(key, 'first bytes', { 'original-filename': 'a.pdf' });
    // Act
    const second = await put(key, 'second bytes, longer');
    const listed = await versions(key);
    const head = await s3Client().send(new HeadObjectCommand({ Bucket, Key: key }));
    // Assess
    expect(first.VersionId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second.VersionId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second.VersionId).not.toBe(first.VersionId);
    expect(listed.versions.map((v) => [v.VersionId, v.IsLatest, v.Size])).toEqual([
      [second.VersionId, true, 20],
      [first.VersionId, false, 11],
    ]);
    expect(head.VersionId).toBe(second.VersionId);
    expect(await read(key)).toBe('second bytes, longer');
    expect(await read(key, first.VersionId)).toBe('first bytes');
    const old = await s3Client().send(new HeadObjectCommand({ Bucket, Key: key, VersionId: first.VersionId }));
    expect(old.Metadata).toEqual({ 'original-filename': 'a.pdf' });
    expect(old.ContentType).toBe('application/pdf');
  });

  it('restores an earlier version with CopyObject from bucket/key?versionId=, as a new current version', async () => {
    // Prepare
    const key = newKey();
    const original = await put(key, 'original', { 'uploaded-by': 'user-1' });
    await put(key, 'overwritten');
    // Act
    const restored = await s3Client().send(
      new CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${key}?versionId=${original.VersionId}` }),
    );
    // Assess
    expect(restored.CopySourceVersionId).toBe(original.VersionId);
    expect(await read(key)).toBe('original');
    const head = await s3Client().send(new HeadObjectCommand({ Bucket, Key: key }));
    expect(head.Metadata).toEqual({ 'uploaded-by': 'user-1' });
    expect(head.VersionId).toBe(restored.VersionId);
    const listed = await versions(key);
    expect(listed.versions).toHaveLength(3);
    expect(listed.versions[0]!.VersionId).toBe(restored.VersionId);
    expect(listed.versions.map((v) => v.IsLatest)).toEqual([true, false, false]);
  });

  it('keeps the previous bytes of a presigned PUT sent by a browser over an existing key', async () => {
    // Prepare
    const key = newKey();
    const first = await put(key, 'from the first upload');
    const url = await getSignedUrl(
      s3Client(),
      new PutObjectCommand({ Bucket, Key: key, ContentType: 'application/pdf', ContentLength: 17 }),
      { expiresIn: 60, signableHeaders: new Set(['content-length', 'content-type']) },
    );
    // Act
    const res = await fetch(url, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: 'replacement bytes',
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.headers.get('x-amz-version-id')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await read(key)).toBe('replacement bytes');
    expect(await read(key, first.VersionId)).toBe('from the first upload');
  });

  it('turns a delete into a delete marker, and removing the marker brings the object back', async () => {
    // Prepare
    const key = newKey();
    const written = await put(key, 'kept after delete');
    // Act
    const deleted = await s3Client().send(new DeleteObjectCommand({ Bucket, Key: key }));
    const afterDelete = await s3Client()
      .send(new GetObjectCommand({ Bucket, Key: key }))
      .catch((err: { name: string }) => err.name);
    const listed = await versions(key);
    const oldBytes = await read(key, written.VersionId);
    await s3Client().send(new DeleteObjectCommand({ Bucket, Key: key, VersionId: deleted.VersionId }));
    // Assess
    expect(deleted.DeleteMarker).toBe(true);
    expect(afterDelete).toBe('NoSuchKey');
    expect(listed.markers.map((m) => [m.VersionId, m.IsLatest])).toEqual([[deleted.VersionId, true]]);
    expect(listed.versions.map((v) => [v.VersionId, v.IsLatest])).toEqual([[written.VersionId, false]]);
    expect(oldBytes).toBe('kept after delete');
    expect(await read(key)).toBe('kept after delete');
    expect((await versions(key)).versions.map((v) => [v.VersionId, v.IsLatest])).toEqual([[written.VersionId, true]]);
  });

  it('answers NoSuchVersion for an unknown version id and changes nothing on a failed copy', async () => {
    // Prepare
    const key = newKey();
    await put(key, 'only version');
    const before = await versions(key);
    // Act
    const unknown = await s3Client()
      .send(new GetObjectCommand({ Bucket, Key: key, VersionId: 'A'.repeat(32) }))
      .catch((err: { name: string; $metadata: { httpStatusCode: number } }) => [
        err.name,
        err.$metadata.httpStatusCode,
      ]);
    const failedCopy = await s3Client()
      .send(new CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${key}-missing` }))
      .catch((err: { name: string }) => err.name);
    // Assess
    expect(unknown).toEqual(['NoSuchVersion', 404]);
    expect(failedCopy).toBe('NoSuchKey');
    expect(await versions(key)).toEqual(before);
    expect(await read(key)).toBe('only version');
    const hidden = direct();
    const orphans = await hidden.send(new ListObjectsCommand({ Bucket: versionsBucketName(Bucket), Prefix: key }));
    hidden.destroy();
    expect(orphans.Contents ?? []).toEqual([]);
  });

  it('pages ListObjectVersions with max-keys and the next markers, and says the bucket is versioned', async () => {
    // Prepare
    const key = newKey();
    await put(key, 'v1');
    await put(key, 'v2');
    await put(key, 'v3');
    // Act
    const page1 = await s3Client().send(new ListObjectVersionsCommand({ Bucket, Prefix: key, MaxKeys: 2 }));
    const page2 = await s3Client().send(
      new ListObjectVersionsCommand({
        Bucket,
        Prefix: key,
        MaxKeys: 2,
        KeyMarker: page1.NextKeyMarker,
        VersionIdMarker: page1.NextVersionIdMarker,
      }),
    );
    const status = await s3Client().send(new GetBucketVersioningCommand({ Bucket }));
    // Assess
    expect(page1.IsTruncated).toBe(true);
    expect(page1.Versions).toHaveLength(2);
    expect(page2.IsTruncated).toBe(false);
    expect(page2.Versions).toHaveLength(1);
    const all = [...page1.Versions!, ...page2.Versions!];
    expect(new Set(all.map((v) => v.VersionId)).size).toBe(3);
    expect(await Promise.all(all.map((v) => read(key, v.VersionId)))).toEqual(['v3', 'v2', 'v1']);
    expect(status.Status).toBe('Enabled');
  });

  it('keeps every version when writes to one key come at once, and keeps them across a restart', async () => {
    // Prepare
    const key = newKey();
    await put(key, 'v0');
    // Act
    const written = await Promise.all(['a', 'b', 'c', 'd'].map((text) => put(key, text)));
    await local.restart();
    const listed = await versions(key);
    const bytes = await Promise.all(listed.versions.map((v) => read(key, v.VersionId)));
    // Assess
    expect(listed.versions).toHaveLength(5);
    expect(new Set(listed.versions.map((v) => v.VersionId)).size).toBe(5);
    for (const w of written) expect(listed.versions.map((v) => v.VersionId)).toContain(w.VersionId);
    expect(bytes.at(-1)).toBe('v0');
    expect([...bytes.slice(0, 4)].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(await read(key)).toBe(bytes[0]);
  });

  it('keeps the versions as they were when an overwrite is refused for a body that does not match its hash', async () => {
    // Prepare: an existing object, then a PUT over it signed for the SHA-256 of other bytes
    const key = newKey();
    const first = await put(key, 'hello');
    const url = new URL(`${local.url}/s3/${Bucket}/${key}`);
    const signer = new SignatureV4({
      credentials: local.stack.credentials,
      region: 'us-east-1',
      service: 's3',
      sha256: NodeSha256,
      uriEscapePath: false,
    });
    const signed = await signer.sign({
      method: 'PUT',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query: {},
      headers: {
        host: url.host,
        'content-length': '5',
        'x-amz-content-sha256': createHash('sha256').update('hello').digest('hex'),
      },
    });
    const { host: _host, ...headers } = signed.headers;
    // Act
    const res = await fetch(url, { method: 'PUT', headers, body: 'HELLO' });
    // Assess
    expect(res.status).toBe(400);
    const listed = await versions(key);
    expect(listed.versions.map((v) => [v.VersionId, v.IsLatest])).toEqual([[first.VersionId, true]]);
    expect(await read(key)).toBe('hello');
    const hidden = direct();
    const orphans = await hidden.send(new ListObjectsCommand({ Bucket: versionsBucketName(Bucket), Prefix: key }));
    hidden.destroy();
    expect(orphans.Contents ?? []).toEqual([]);
  });
});
