/**
 * globalSetup of the e2e project: seed the demo data once into a template data directory, named in
 * `SUTURE_E2E_SEEDED` for the suites (docs/decisions/0016-one-local-runtime-per-test-worker.md).
 * Each suite copies it and starts its own runtime on the copy, so every suite still begins from the
 * demo data alone, without paying for the seed (about 8 s of CPU) twelve times.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEEDED_TEMPLATE_ENV } from './seeded-template';

export default async function globalSetup(): Promise<void> {
  // Against a deployed stage no local runtime starts (test/e2e/support/stack.ts).
  if (process.env.SUTURE_E2E_URL?.trim()) return;
  const { startLocal } = await import('../../../local');
  // startLocal sets the Lambdas' environment (tables, endpoints, credentials) in this process, which
  // every test file of the run inherits: put it back as it was, or the unit suites run against it.
  const saved = { ...process.env };
  const dir = mkdtempSync(join(tmpdir(), 'suture-e2e-seeded-'));
  try {
    process.env.LOG_LEVEL ??= 'WARN';
    process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
    const stack = await startLocal({ dataDir: dir, port: 0, seed: true, quiet: true, rateLimit: false });
    await stack.close();
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
  process.env[SEEDED_TEMPLATE_ENV] = dir;
}
