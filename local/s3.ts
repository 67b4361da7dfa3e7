/**
 * S3 emulator for the local runtime: s3rver 3 with its files under `<dataDir>/s3`, the documents
 * bucket created with CORS for the app origin, and beside it the hidden bucket that keeps its
 * noncurrent object versions (local/s3-versions.ts: s3rver has no versioning of its own).
 *
 * s3rver accepts only the access key `S3RVER` (any secret) and needs path-style addressing; it does
 * not verify signatures or content types, and a truncated ListObjectsV2 fails on Node 20.
 */
import { mkdirSync } from 'node:fs';
import S3rver from 's3rver';
import { versionsBucketName } from './s3-versions';
import { closeServer } from './util';

export interface S3Emulator {
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

/** CORS configuration XML for the documents bucket: the given origins, the methods the SPA uses (GET, PUT, HEAD), as in infra/storage.ts. */
export function corsXml(origins: readonly string[]): string {
  const allowed = origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  return (
    '<CORSConfiguration><CORSRule>' +
    allowed +
    '<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>' +
    '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds>' +
    '</CORSRule></CORSConfiguration>'
  );
}

/**
 * s3rver without its koa-logger middleware, which formats a line for every request even when
 * `silent` drops it; it only logged (and rethrew errors), so the answers are the same.
 */
function withoutRequestLog(server: S3rver): S3rver {
  const app = server as unknown as { middleware: { name: string }[] };
  const at = app.middleware.findIndex((fn) => fn.name === 'logger');
  if (at >= 0) app.middleware.splice(at, 1);
  return server;
}

/**
 * Start s3rver on 127.0.0.1 (`preferredPort` first, else random) with `bucket` configured
 * (created if missing; CORS replaced on every start so it follows the app origin) and its versions
 * bucket ({@link versionsBucketName}, created if missing).
 */
export async function startS3(
  dir: string,
  bucket: string,
  origins: readonly string[],
  preferredPort?: number,
): Promise<S3Emulator> {
  mkdirSync(dir, { recursive: true });
  const make = (port: number) =>
    withoutRequestLog(
      new S3rver({
        address: '127.0.0.1',
        port,
        silent: true,
        directory: dir,
        configureBuckets: [
          { name: bucket, configs: [corsXml(origins)] },
          { name: versionsBucketName(bucket), configs: [] },
        ],
      }),
    );
  let server = make(preferredPort ?? 0);
  let address;
  try {
    address = await server.run();
  } catch (err) {
    if (!preferredPort || (err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    server = make(0);
    address = await server.run();
  }
  const httpServer = server.httpServer;
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    port: address.port,
    close: async () => {
      if (httpServer) await closeServer(httpServer);
    },
  };
}
