/**
 * The local S3 front (issue 6, section 3): s3rver behind a verifying layer on the one public port,
 * at `/s3/...`. `AWS_ENDPOINT_URL_S3` points here, so presigned URLs are reachable from the browser
 * and same-origin with the SPA.
 *
 * Every request but a CORS preflight must carry a valid SigV4 signature (infra/local/sigv4.ts) made
 * with the local fake credentials: query auth for presigned URLs (what the browser uses), header
 * auth for the SDK's own calls. A bad or expired signature, or a signed header sent with another
 * value (Content-Length above all: more bytes than signed), is refused as S3 refuses it: 403 (or
 * 400) with an XML `<Error><Code>..</Code><Message>..</Message></Error>` body, and nothing reaches
 * s3rver. Accepted requests are streamed through to s3rver (path without `/s3`), bodies never
 * buffered, and the answer is streamed back.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { s3ErrorXml, verifySigV4 } from './sigv4';

export interface S3GatewayOptions {
  /** s3rver's own endpoint, e.g. `http://127.0.0.1:4569`. */
  target: string;
  /** Public path prefix, e.g. `/s3`. */
  prefix: string;
  /** Secret per access key id (the local fake credentials). */
  credentials: Readonly<Record<string, string>>;
  /** Origins that get CORS headers on refusals (the bucket's CORS rule covers the rest). */
  origins: readonly string[];
}

export interface S3Gateway {
  /** Handle one request under the prefix; resolves with the status sent. */
  handle(req: IncomingMessage, res: ServerResponse, rawPath: string, rawQuery: string): Promise<number>;
}

export function createS3Gateway(options: S3GatewayOptions): S3Gateway {
  const target = new URL(options.target);

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
    return new Promise<number>((resolve) => {
      const headers = { ...req.headers, host: target.host };
      const upstream = httpRequest(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          method,
          path: rawQuery ? `${path}?${rawQuery}` : path,
          headers,
        },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          up.on('end', () => resolve(up.statusCode ?? 502));
          up.on('error', () => {
            res.destroy();
            resolve(502);
          });
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) {
          refuse(req, res, 503, 'ServiceUnavailable', 'The local S3 emulator is not answering');
        } else res.destroy();
        resolve(503);
      });
      req.pipe(upstream);
    });
  }

  return { handle };
}
