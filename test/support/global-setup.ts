/**
 * globalSetup of the integration project: a run directory for the workers' shared runtimes
 * (test/support/shared-runtime.ts), named in the environment the workers inherit, with the local
 * runtime's observability switches (local/observability.ts): the handlers and repositories a suite
 * loads in its own process (before any runtime sets them) write no metrics and track no X-Ray context.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localObservabilityEnv } from '../../local/observability';
import { RUNTIMES_DIR_ENV } from './shared-runtime';

export default function globalSetup(): void {
  Object.assign(process.env, localObservabilityEnv(process.env));
  process.env[RUNTIMES_DIR_ENV] = mkdtempSync(join(tmpdir(), 'suture-runtimes-'));
}
