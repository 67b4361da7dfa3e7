/**
 * globalSetup of the integration project: a run directory for the workers' shared runtimes
 * (test/support/shared-runtime.ts), named in the environment the workers inherit.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUNTIMES_DIR_ENV } from './shared-runtime';

export default function globalSetup(): void {
  process.env[RUNTIMES_DIR_ENV] = mkdtempSync(join(tmpdir(), 'suture-runtimes-'));
}
