/**
 * The local runtime's SigV4 check (local/sigv4.ts): presigned URLs made by the SDK's own
 * presigner are accepted as signed and refused when a signed part differs or time ran out.
 * No network: the requests are described, not sent.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { verifySigV4 } from '../../../local/sigv4';

const CREDENTIALS = { S3RVER: 'S3RVER' };
const client = new S3Client({
  endpoint: 'http://127.0.0.1:3000/s3',
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  requestChecksumCalculation: 'WHEN_REQUIRED',
});
const SIGNED_AT = new Date('2026-03-01T10:00:00Z');

async function presignedPut(): Promise<URL> {
  const url = await getSignedUrl(
    client,
    new PutObjectCommand({
      Bucket: 'docs',
      Key: 'private/case-documents/u/op_u_1.pdf',
      ContentLength: 1234,
      ContentType: 'application/pdf',
      Metadata: { 'uploaded-by': 'u' },
    }),
    {
      expiresIn: 300,
      signingDate: SIGNED_AT,
      signableHeaders: new Set(['content-length', 'content-type', 'x-amz-meta-uploaded-by']),
      unhoistableHeaders: new Set(['x-amz-meta-uploaded-by']),
    },
  );
  return new URL(url);
}

function verify(url: URL, headers: IncomingHttpHeaders, now: Date, method = 'PUT') {
  return verifySigV4(
    { method, rawPath: url.pathname, rawQuery: url.search.slice(1), headers: { host: url.host, ...headers } },
    { credentials: CREDENTIALS, service: 's3', now },
  );
}

const GOOD_HEADERS = { 'content-length': '1234', 'content-type': 'application/pdf', 'x-amz-meta-uploaded-by': 'u' };
const IN_TIME = new Date(SIGNED_AT.getTime() + 60_000);

describe('presigned URL checks', () => {
  it('accepts the request the URL was signed for', async () => {
    expect(await verify(await presignedPut(), GOOD_HEADERS, IN_TIME)).toEqual({ ok: true, accessKeyId: 'S3RVER' });
  });

  it.each([
    ['more bytes than signed', { 'content-length': '1235' }],
    ['another content type', { 'content-type': 'text/html' }],
    ['other metadata', { 'x-amz-meta-uploaded-by': 'someone-else' }],
  ])('refuses %s with SignatureDoesNotMatch', async (_name, change) => {
    const verdict = await verify(await presignedPut(), { ...GOOD_HEADERS, ...change }, IN_TIME);
    expect(verdict).toMatchObject({ ok: false, status: 403, code: 'SignatureDoesNotMatch' });
  });

  it('refuses another method, key or expiry than signed', async () => {
    const url = await presignedPut();
    expect(await verify(url, GOOD_HEADERS, IN_TIME, 'GET')).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    const otherKey = new URL(url.href.replace('op_u_1.pdf', 'demo_u_1.pdf'));
    expect(await verify(otherKey, GOOD_HEADERS, IN_TIME)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    const longer = new URL(url.href.replace('X-Amz-Expires=300', 'X-Amz-Expires=3000'));
    expect(await verify(longer, GOOD_HEADERS, IN_TIME)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
  });

  it('refuses an expired URL as S3 does', async () => {
    const verdict = await verify(await presignedPut(), GOOD_HEADERS, new Date(SIGNED_AT.getTime() + 301_000));
    expect(verdict).toEqual({ ok: false, status: 403, code: 'AccessDenied', message: 'Request has expired' });
  });

  it('refuses unknown access keys and anonymous requests', async () => {
    const url = await presignedPut();
    const unknown = await verifySigV4(
      {
        method: 'PUT',
        rawPath: url.pathname,
        rawQuery: url.search.slice(1),
        headers: { host: url.host, ...GOOD_HEADERS },
      },
      { credentials: { OTHER: 'x' }, service: 's3', now: IN_TIME },
    );
    expect(unknown).toMatchObject({ ok: false, code: 'InvalidAccessKeyId' });
    const anonymous = await verifySigV4(
      { method: 'GET', rawPath: url.pathname, rawQuery: '', headers: { host: url.host } },
      { credentials: CREDENTIALS, service: 's3', now: IN_TIME },
    );
    expect(anonymous).toMatchObject({ ok: false, status: 403, code: 'AccessDenied' });
  });
});
