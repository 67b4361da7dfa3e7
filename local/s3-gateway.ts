/**
 * The local S3 front: s3rver behind a verifying layer on the one public port,
 * at `/s3/...`. `AWS_ENDPOINT_URL_S3` points here, so presigned URLs are reachable from the browser
 * and same-origin with the SPA.
 *
 * Every request but a CORS preflight must carry a valid SigV4 signature (local/sigv4.ts) made
 * with the runtime's own credentials (local/credentials.ts): query auth for presigned URLs (what the
 * browser uses), header auth for the SDK's own calls; s3rver's well-known key is refused here and
 * put in place of the caller's key on the way to s3rver, which knows no other. A bad or expired signature, or a signed header sent with another
 * value (Content-Length above all: more bytes than signed), is refused as S3 refuses it: 403 (or
 * 400) with an XML `<Error><Code>..</Code><Message>..</Message></Error>` body, and nothing reaches
 * s3rver. Accepted requests are streamed through to s3rver (path without `/s3`), bodies never
 * buffered, and the answer is streamed back. A header-signed body whose `x-amz-content-sha256` is
 * a hash is hashed on the way; a mismatch aborts the upload before its end reaches s3rver (nothing
 * is stored) and answers 400 XAmzContentSHA256Mismatch, as S3 does.
 *
 * Requests on the versioned bucket (option `versioning`: the documents bucket, versioned on AWS)
 * go through the versions layer of local/s3-versions.ts once their signature is checked; it
 * forwards them here, rewritten where a version is asked for.
 */
import { createHash } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { Transform } from 'node:stream';
import { s3ErrorXml, verifySigV4 } from './sigv4';
import type { S3Versioning } from './s3-versions';

export interface S3GatewayOptions {
  /** s3rver's own endpoint, e.g. `http://127.0.0.1:4569`. */
  target: string;
  /** Public path prefix, e.g. `/s3`. */
  prefix: string;
  /** Secret per access key id: the runtime's own credentials (local/credentials.ts). */
  credentials: Readonly<Record<string, string>>;
  /** The access key id s3rver knows (`S3RVER`), put in place of the caller's once its signature is checked. */
  emulatorAccessKeyId: string;
  /** Origins that get CORS headers on refusals (the bucket's CORS rule covers the rest). */
  origins: readonly string[];
  /** Object versions for one bucket (local/s3-versions.ts); requests on it go through that layer. */
  versioning?: S3Versioning;
}

export interface S3Gateway {
  /** Handle one request under the prefix; resolves with the status sent. */
  handle(req: IncomingMessage, res: ServerResponse, rawPath: string, rawQuery: string): Promise<number>;
}

export function createS3Gateway(options: S3GatewayOptions): S3Gateway {
  const target = new URL(options.target);
  const emulatorKey = encodeURIComponent(options.emulatorAccessKeyId);

  function refuse(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string): number {
    const body = s3ErrorXml(code, message);
    const origin = req.headers.origin;
    const cors: Record<string, string> =
      origin && options.origins.includes(origin) ? { 'access-control-allow-origin': origin, vary: 'Origin' } : {};
    res.writeHead(status, {
      'content-type': 'application/xml',
      'content-length': String(Buffer.byteLength(body)),
      ...cors,
    });
    res.end(body);
    // Read and discard what the client still sends, so that it gets the answer, not a reset.
    req.resume();
    return status;
  }

  interface ForwardOptions {
    /** Path on s3rver (default the request's, without the prefix). */
    path?: string;
    rawQuery?: string;
    /** Headers replaced or added on the way to s3rver. */
    headers?: Record<string, string>;
    /** Runs once s3rver has answered, before the answer is sent on; its headers are added. */
    onHead?: (status: number, headers: IncomingHttpHeaders) => Promise<Record<string, string>>;
    /** Runs when s3rver could not be reached or the upload was cut off, before the refusal is sent. */
    onFail?: () => Promise<void>;
  }

  /** Stream `req` to s3rver and its answer back (see the module doc). Resolves with the status sent. */
  function forward(req: IncomingMessage, res: ServerResponse, path: string, rawQuery: string, opts: ForwardOptions) {
    const method = req.method ?? 'GET';
    const declared = req.headers.authorization ? String(req.headers['x-amz-content-sha256'] ?? '') : '';
    const checkHash = /^[0-9a-f]{64}$/.test(declared);
    return new Promise<number>((resolve) => {
      let hashMismatch = false;
      const headers = { ...req.headers, ...opts.headers, host: target.host };
      if (typeof headers.authorization === 'string') {
        headers.authorization = headers.authorization.replace(/Credential=[^/,\s]*/, `Credential=${emulatorKey}`);
      }
      const query = rawQuery.replace(/(^|&)(X-Amz-Credential=)[^/%&]*/, `$1$2${emulatorKey}`);
      const upstream = httpRequest(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          method,
          path: query ? `${path}?${query}` : path,
          headers,
        },
        (up) => {
          void (async () => {
            const status = up.statusCode ?? 502;
            const headers = { ...up.headers };
            // s3rver answers a matched CORS rule with '*'; S3 echoes the origin (the rule matched it).
            if (headers['access-control-allow-origin'] === '*' && req.headers.origin) {
              headers['access-control-allow-origin'] = req.headers.origin;
            }
            try {
              if (opts.onHead) Object.assign(headers, await opts.onHead(status, up.headers));
            } catch {
              up.resume();
              resolve(refuse(req, res, 500, 'InternalError', 'The local S3 layer failed'));
              return;
            }
            res.writeHead(status, headers);
            up.pipe(res);
            up.on('end', () => resolve(status));
            up.on('error', () => {
              res.destroy();
              resolve(502);
            });
          })();
        },
      );
      let failed = false;
      upstream.on('error', () => {
        if (failed) return;
        failed = true;
        void (opts.onFail?.() ?? Promise.resolve()).catch(() => undefined).then(answerFailure);
      });
      const answerFailure = () => {
        if (hashMismatch && !res.headersSent) {
          resolve(
            refuse(
              req,
              res,
              400,
              'XAmzContentSHA256Mismatch',
              "The provided 'x-amz-content-sha256' header does not match what was computed.",
            ),
          );
          return;
        }
        if (!res.headersSent) {
          refuse(req, res, 503, 'ServiceUnavailable', 'The local S3 emulator is not answering');
        } else res.destroy();
        resolve(503);
      };
      if (!checkHash) {
        req.pipe(upstream);
        return;
      }
      const hash = createHash('sha256');
      const hashing = new Transform({
        transform(chunk: Buffer, _enc, done) {
          hash.update(chunk);
          done(null, chunk);
        },
        flush(done) {
          if (hash.digest('hex') === declared) done();
          else {
            // Never end the upstream request: s3rver stores an object only once its body ends.
            hashMismatch = true;
            upstream.destroy(new Error('x-amz-content-sha256 mismatch'));
            done(new Error('x-amz-content-sha256 mismatch'));
          }
        },
      });
      hashing.on('error', () => undefined); // answered through the upstream error above
      req.pipe(hashing).pipe(upstream);
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, rawPath: string, rawQuery: string) {
    const method = req.method ?? 'GET';
    if (method !== 'OPTIONS') {
      const verdict = await verifySigV4(
        { method, rawPath, rawQuery, headers: req.headers },
        { credentials: options.credentials, service: 's3' },
      );
      if (!verdict.ok) return refuse(req, res, verdict.status, verdict.code, verdict.message);
    }
    const path = rawPath.slice(options.prefix.length) || '/';
    const versioning = options.versioning;
    const [, bucket, ...keyParts] = path.split('/');
    if (versioning && method !== 'OPTIONS' && bucket === versioning.bucket) {
      let key: string;
      try {
        key = decodeURIComponent(keyParts.join('/'));
      } catch {
        return refuse(req, res, 400, 'InvalidURI', "Couldn't parse the specified URI.");
      }
      return versioning
        .handle({
          req,
          res,
          key,
          rawQuery,
          forward: (opts = {}) => forward(req, res, opts.path ?? path, opts.rawQuery ?? rawQuery, opts),
          refuse: (status, code, message, headers) => {
            if (headers) for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
            return refuse(req, res, status, code, message);
          },
        })
        .catch(() => {
          // s3rver failed under the layer (a copy or listing): S3's answer to an internal failure.
          if (res.headersSent) {
            res.destroy();
            return 500;
          }
          return refuse(req, res, 500, 'InternalError', 'We encountered an internal error. Please try again.');
        });
    }
    return forward(req, res, path, rawQuery, {});
  }

  return { handle };
}
