/**
 * Minimal type declarations for the emulator packages that ship without types
 * (dynalite 4, s3rver 3). Only what the local runtime uses.
 */
declare module 'dynalite' {
  import type { Server } from 'node:http';
  interface DynaliteOptions {
    /** LevelDB directory; in memory when omitted. */
    path?: string;
    /** Time tables stay in CREATING state (ms). */
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
    verbose?: boolean;
  }
  /** Returns an http.Server whose close() also closes the LevelDB store. */
  function dynalite(options?: DynaliteOptions): Server;
  export = dynalite;
}

declare module 's3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';
  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }
  class S3rver {
    constructor(options?: S3rverOptions);
    httpServer?: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
  export = S3rver;
}
