/** Small helpers shared by the local runtime's servers. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Listen on `host:port`. When `preferredPort` is given and `port` is 0, that port is tried first
 * and a random one is used if it is taken. Resolves with the bound port.
 */
export async function listen(server: Server, port: number, host: string, preferredPort?: number): Promise<number> {
  const attempt = (p: number) =>
    new Promise<number>((resolve, reject) => {
      const onError = (err: Error) => {
        server.off('listening', onListening);
        reject(err);
      };
      const onListening = () => {
        server.off('error', onError);
        resolve((server.address() as AddressInfo).port);
      };
      server.once('error', onError);
      server.once('listening', onListening);
      server.listen(p, host);
    });
  if (port === 0 && preferredPort) {
    try {
      return await attempt(preferredPort);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    }
  }
  return attempt(port);
}

/** Close a server and drop its keep-alive connections so that close() does not wait for them. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close((err) => (err ? reject(err) : resolve()));
    server.closeAllConnections();
  });
}

/** A body longer than a server accepts; nothing past the limit was kept. */
export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The body is longer than ${limitBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Read a body (bytes), at most `maxBytes`. A declared `content-length` over the limit, or more bytes
 * than that, rejects with {@link BodyTooLargeError} at once: the stream is paused and left open, so
 * that the caller can still answer 413 (with `connection: close`, so the rest is never read).
 */
export function readBody(req: IncomingMessage, maxBytes = Number.POSITIVE_INFINITY): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length']) > maxBytes) {
      reject(new BodyTooLargeError(maxBytes));
      return;
    }
    const chunks: Buffer[] = [];
    let length = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > maxBytes) {
        stop();
        req.pause();
        chunks.length = 0;
        reject(new BodyTooLargeError(maxBytes));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * The text of `file`, written first (mode 0600) with `generate()` when it does not exist; kept
 * across restarts. Two processes starting at once both read the one written first.
 */
export function readOrCreateFile(file: string, generate: () => string): string {
  if (!existsSync(file)) {
    try {
      writeFileSync(file, generate(), { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process wrote it first: read theirs.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  return readFileSync(file, 'utf8');
}
