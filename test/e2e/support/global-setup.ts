/**
 * globalSetup of the e2e project: seed the demo data once into a template data directory, named in
 * `SUTURE_E2E_SEEDED` for the suites (docs/decisions/0016-one-local-runtime-per-test-worker.md).
 * Each suite copies it and starts its own runtime on the copy, so every suite still begins from the
 * demo data alone, without paying for the seed (about 8 s of CPU) twelve times. Meanwhile one
 * Chromium starts for the run (`SUTURE_E2E_BROWSER_WS`); each suite opens its own contexts in it
 * instead of launching a browser (docs/decisions/0020-ci-time.md).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserServer } from 'playwright-core';
import { disableCreatedHooks } from '../../unit/support/async-hooks';
import { BROWSER_WS_ENV, HAS_CHROMIUM, launchBrowserServer } from './browser';
import { SEEDED_TEMPLATE_ENV } from './seeded-template';

/** The run's shared Chromium, closed by global-teardown.ts (both run in Jest's main process). */
export const sharedBrowser: { server?: BrowserServer } = ((globalThis as Record<string, unknown>).__sutureE2EBrowser ??=
  {}) as { server?: BrowserServer };

async function seedTemplate(): Promise<void> {
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
    // The seed's X-Ray async hook would otherwise tax every promise of this process, which also runs
    // the shared Chromium's Playwright server and (one worker) every suite.
    disableCreatedHooks();
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }
  process.env[SEEDED_TEMPLATE_ENV] = dir;
}

export default async function globalSetup(): Promise<void> {
  // Without Chromium each suite says why it skips (describeBrowser) or fails under CI (launchBrowser).
  const browser = HAS_CHROMIUM
    ? launchBrowserServer().then((server) => {
        sharedBrowser.server = server;
      })
    : Promise.resolve();
  // Against a deployed stage no local runtime starts (test/e2e/support/stack.ts).
  const seeded = process.env.SUTURE_E2E_URL?.trim() ? Promise.resolve() : seedTemplate();
  const [launched, seed] = await Promise.allSettled([browser, seeded]);
  // A shared Chromium that did not start only costs time: each suite then launches its own.
  if (launched.status === 'rejected') console.warn(`No shared Chromium for the run: ${String(launched.reason)}`);
  // (set once the seed has put the environment back as it found it)
  if (sharedBrowser.server) process.env[BROWSER_WS_ENV] = sharedBrowser.server.wsEndpoint();
  if (seed.status === 'rejected') throw seed.reason;
}
