/**
 * SigV4 verification for the local runtime's AWS-facing layers: s3rver checks no signature and
 * dynalite none but the header's shape, so the layers in front of them check, as AWS would, that a
 * request was signed with the runtime's own credentials (local/credentials.ts).
 *
 * Both forms are checked with the canonical forms of `@smithy/signature-v4` (the SDK's own signer);
 * the derived signing key is cached per key, day, region and service:
 * - query auth (presigned URLs): `X-Amz-Algorithm`, `X-Amz-Credential`, `X-Amz-Date`,
 *   `X-Amz-Expires`, `X-Amz-SignedHeaders`, `X-Amz-Signature`; expired -> AccessDenied
 *   'Request has expired'; payload `UNSIGNED-PAYLOAD` unless the query names another;
 * - header auth (the SDK's own calls): `Authorization: AWS4-HMAC-SHA256 Credential=...,
 *   SignedHeaders=..., Signature=...` with `x-amz-date` (more than 15 min off -> RequestTimeTooSkewed)
 *   and the payload hash of `x-amz-content-sha256` (S3) or given by the caller (other services).
 *
 * Every signed header is taken from the request as received, so a Content-Length, Content-Type or
 * metadata header other than the signed one gives SignatureDoesNotMatch, as on S3.
 */
import { createHash, createHmac, timingSafeEqual, type Hash, type Hmac } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';

/** Node's SHA-256 in the shape the signer wants (`new Sha256(secret?)`, update, digest). */
export class NodeSha256 {
  private readonly hash: Hash | Hmac;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', toBuffer(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(toBuffer(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

function toBuffer(data: string | ArrayBuffer | ArrayBufferView): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return Buffer.from(data);
}

export interface SigV4Input {
  method: string;
  /** The path exactly as received (still percent-encoded), e.g. `/s3/bucket/private/a.pdf`. */
  rawPath: string;
  /** The query string as received, without `?`. */
  rawQuery: string;
  headers: IncomingHttpHeaders;
  /** Hex SHA-256 of the body, for services whose signature covers it (not S3). */
  payloadHash?: string;
}

export type SigV4Verdict =
  { ok: true; accessKeyId: string } | { ok: false; status: 400 | 403; code: string; message: string };

export interface SigV4Options {
  /** Secret per access key id. */
  credentials: Readonly<Record<string, string>>;
  /** Signing service expected in the credential scope (`s3`, `lambda`). */
  service: string;
  /** The clock (default now). */
  now?: Date;
}

const ALGORITHM = 'AWS4-HMAC-SHA256';
const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_EXPIRES_SECONDS = 604_800;

const refuse = (code: string, message: string, status: 400 | 403 = 403): SigV4Verdict => ({
  ok: false,
  status,
  code,
  message,
});

/** `20260123T101112Z` -> Date, or undefined. */
export function parseAmzDate(value: string | undefined): Date | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Query parameters decoded, repeated names as arrays (the signer's `query` shape). */
function parseQuery(rawQuery: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  if (!rawQuery) return out;
  for (const part of rawQuery.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, '%20'));
    let name: string;
    let value: string;
    try {
      name = decode(eq < 0 ? part : part.slice(0, eq));
      value = eq < 0 ? '' : decode(part.slice(eq + 1));
    } catch {
      continue;
    }
    const prev = out[name];
    out[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Verify a request's SigV4 signature (see module doc). Never throws. */
export async function verifySigV4(input: SigV4Input, options: SigV4Options): Promise<SigV4Verdict> {
  const now = options.now ?? new Date();
  const query = parseQuery(input.rawQuery);
  const presigned = single(query['X-Amz-Algorithm']) !== undefined;
  const authorization = input.headers.authorization;

  let credential: string;
  let signedHeaderList: string;
  let signature: string;
  let amzDate: string | undefined;
  let payloadHash: string;
  if (presigned) {
    if (authorization) return refuse('InvalidArgument', 'Only one auth mechanism allowed', 400);
    if (single(query['X-Amz-Algorithm']) !== ALGORITHM) {
      return refuse('AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"', 400);
    }
    credential = single(query['X-Amz-Credential']) ?? '';
    signedHeaderList = single(query['X-Amz-SignedHeaders']) ?? '';
    signature = single(query['X-Amz-Signature']) ?? '';
    amzDate = single(query['X-Amz-Date']);
    const expires = Number(single(query['X-Amz-Expires']));
    const date = parseAmzDate(amzDate);
    if (!credential || !signedHeaderList || !signature || !date || !Number.isInteger(expires)) {
      return refuse(
        'AuthorizationQueryParametersError',
        'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
        400,
      );
    }
    if (expires < 1 || expires > MAX_EXPIRES_SECONDS) {
      return refuse('AuthorizationQueryParametersError', 'X-Amz-Expires must be between 1 and 604800 seconds', 400);
    }
    if (now.getTime() > date.getTime() + expires * 1000) return refuse('AccessDenied', 'Request has expired');
    if (date.getTime() > now.getTime() + MAX_SKEW_MS) return refuse('AccessDenied', 'Request is not valid yet');
    payloadHash = single(query['X-Amz-Content-Sha256']) ?? input.payloadHash ?? 'UNSIGNED-PAYLOAD';
  } else if (typeof authorization === 'string' && authorization.startsWith(`${ALGORITHM} `)) {
    const fields = Object.fromEntries(
      authorization
        .slice(ALGORITHM.length + 1)
        .split(',')
        .map((p) => p.trim())
        .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const),
    );
    credential = fields.Credential ?? '';
    signedHeaderList = fields.SignedHeaders ?? '';
    signature = fields.Signature ?? '';
    amzDate = single(input.headers['x-amz-date']);
    const date = parseAmzDate(amzDate);
    if (!credential || !signedHeaderList || !signature || !date) {
      return refuse('AuthorizationHeaderMalformed', 'The authorization header is malformed', 400);
    }
    if (Math.abs(now.getTime() - date.getTime()) > MAX_SKEW_MS) {
      return refuse(
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large.',
      );
    }
    const declared = single(input.headers['x-amz-content-sha256']);
    payloadHash = declared ?? input.payloadHash ?? 'UNSIGNED-PAYLOAD';
    if (input.payloadHash && declared && declared !== input.payloadHash && /^[0-9a-f]{64}$/.test(declared)) {
      return refuse(
        'XAmzContentSHA256Mismatch',
        'The provided x-amz-content-sha256 header does not match what was computed.',
        400,
      );
    }
  } else if (authorization) {
    return refuse('InvalidArgument', 'Unsupported Authorization Type', 400);
  } else {
    return refuse('AccessDenied', 'Access Denied');
  }

  const [accessKeyId, shortDate, region, service, terminator] = credential.split('/');
  if (!accessKeyId || !Object.hasOwn(options.credentials, accessKeyId)) {
    return refuse('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (!shortDate || !region || service !== options.service || terminator !== 'aws4_request') {
    return refuse('AuthorizationHeaderMalformed', 'The credential scope is malformed', 400);
  }
  if (!amzDate?.startsWith(shortDate)) {
    return refuse('SignatureDoesNotMatch', 'The credential date does not match the request date');
  }

  const signedHeaders = signedHeaderList.split(';');
  if (!signedHeaders.includes('host')) return refuse('AccessDenied', 'Host must be a signed header');
  const canonical: Record<string, string> = {};
  for (const name of signedHeaders) {
    const raw = input.headers[name];
    const value = Array.isArray(raw) ? raw.join(',') : raw;
    if (value === undefined) return signatureMismatch();
    canonical[name] = value
      .replace(/[\r\n]/g, ' ')
      .replace(/[ \t]+/g, ' ')
      .trim();
  }

  const request = { method: input.method, path: input.rawPath, query, headers: canonical };
  const internals = canonicalizer(service);
  const canonicalRequest = internals.createCanonicalRequest(request, canonical, payloadHash);
  const stringToSign = await internals.createStringToSign(
    amzDate,
    `${shortDate}/${region}/${service}/aws4_request`,
    canonicalRequest,
    ALGORITHM,
  );
  const key = signingKey(accessKeyId, options.credentials[accessKeyId] as string, shortDate, region, service);
  const a = Buffer.from(createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex'));
  const b = Buffer.from(signature);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return signatureMismatch();
  return { ok: true, accessKeyId };
}

/** The signer's own canonical request and string to sign (public at runtime, protected in its typings). */
interface Canonicalizer {
  createCanonicalRequest(req: unknown, headers: Record<string, string>, hash: string): string;
  createStringToSign(longDate: string, scope: string, canonicalRequest: string, algorithm: string): Promise<string>;
}

const canonicalizers = new Map<string, Canonicalizer>();

/** One signer per service, for its canonical forms only (they use no credentials). */
function canonicalizer(service: string): Canonicalizer {
  let found = canonicalizers.get(service);
  if (!found) {
    found = new SignatureV4({
      credentials: { accessKeyId: '', secretAccessKey: '' },
      region: 'us-east-1',
      service,
      sha256: NodeSha256,
      uriEscapePath: service !== 's3',
    }) as unknown as Canonicalizer;
    canonicalizers.set(service, found);
  }
  return found;
}

const signingKeys = new Map<string, Buffer>();
/** A handful of keys a day per service and credential; the bound only guards against odd scopes. */
const MAX_SIGNING_KEYS = 256;

/** The derived SigV4 signing key, computed once per key, day, region and service (four HMACs saved per request). */
function signingKey(accessKeyId: string, secret: string, shortDate: string, region: string, service: string): Buffer {
  // The secret is part of the key: an id may come back with another secret (a new data directory).
  const cacheKey = `${accessKeyId}:${secret}/${shortDate}/${region}/${service}`;
  let key = signingKeys.get(cacheKey);
  if (!key) {
    key = Buffer.from(`AWS4${secret}`, 'utf8');
    for (const part of [shortDate, region, service, 'aws4_request'])
      key = createHmac('sha256', key).update(part).digest();
    if (signingKeys.size >= MAX_SIGNING_KEYS) signingKeys.clear();
    signingKeys.set(cacheKey, key);
  }
  return key;
}

function signatureMismatch(): SigV4Verdict {
  return refuse(
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  );
}

/** An S3-style XML error body. */
export function s3ErrorXml(code: string, message: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${esc(code)}</Code><Message>${esc(message)}</Message></Error>`;
}

/**
 * A refusal as the JSON services (DynamoDB, Lambda) name it, for a verdict in S3's names: an
 * unknown key is `UnrecognizedClientException`, a wrong signature or time
 * `InvalidSignatureException`, no signature `MissingAuthenticationTokenException`, a malformed one
 * `IncompleteSignatureException`.
 */
export function jsonServiceRefusal(verdict: Extract<SigV4Verdict, { ok: false }>): { type: string; message: string } {
  switch (verdict.code) {
    case 'InvalidAccessKeyId':
      return { type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
    case 'SignatureDoesNotMatch':
    case 'RequestTimeTooSkewed':
      return { type: 'InvalidSignatureException', message: verdict.message };
    case 'AccessDenied':
      return { type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
    default:
      return { type: 'IncompleteSignatureException', message: verdict.message };
  }
}

/**
 * Verify the SigV4 header signature of a POST whose signature covers its `body` (the JSON APIs the
 * runtime answers: Lambda Invoke, Secrets Manager), for `service` with `credentials`. Never throws.
 */
export function verifySignedPost(
  request: { headers: IncomingHttpHeaders; rawPath: string; rawQuery: string; body: Buffer },
  options: SigV4Options,
): Promise<SigV4Verdict> {
  const { headers, rawPath, rawQuery, body } = request;
  const payloadHash = createHash('sha256').update(body).digest('hex');
  return verifySigV4({ method: 'POST', rawPath, rawQuery, headers, payloadHash }, options);
}
