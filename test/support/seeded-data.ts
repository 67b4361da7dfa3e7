/**
 * A data directory seeded with the demo data, for the integration suites that seed (the seed suite
 * through `useLocalStack({ seed: true })`, the restore check) to start on a copy of instead of
 * seeding their own (docs/decisions/0016-one-local-runtime-per-test-worker.md): the e2e run's
 * template when the run has one, else one seeded once per integration run, in its run directory,
 * by the first suite that asks (the other workers wait for it).
 */
import { closeSync, existsSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { seededTemplateDir } from '../e2e/support/seeded-template';
import { runtimesDir } from './shared-runtime';

/** How long a suite waits for another worker's seed before it seeds its own data instead. */
const WAIT_MS = 120_000;

/** Seed `dir` with the runtime's own first start, then stop the runtime. */
async function seedInto(dir: string): Promise<void> {
  const { startLocal } = await import('../../local');
  const stack = await startLocal({
    dataDir: dir,
    port: 0,
    seed: true,
    quiet: true,
    rateLimit: false,
    log: () => undefined,
  });
  await stack.close();
}

/**
 * The seeded directory (read only: copy it), or undefined outside an integration run (no run
 * directory) and when seeding it failed (the suite then seeds its own, and shows the error).
 */
export async function seededDataDir(): Promise<string | undefined> {
  const e2e = seededTemplateDir();
  if (e2e) return e2e;
  const runDir = runtimesDir();
  if (!runDir) return undefined;
  const dir = join(runDir, 'seeded');
  const ready = join(runDir, 'seeded.ready');
  const failed = join(runDir, 'seeded.failed');
  let mine = false;
  try {
    closeSync(openSync(join(runDir, 'seeded.lock'), 'wx'));
    mine = true;
  } catch {
    // another suite is seeding it (or has)
  }
  if (mine) {
    const making = join(runDir, 'seeded.tmp');
    try {
      await seedInto(making);
      renameSync(making, dir);
      writeFileSync(ready, '');
    } catch {
      rmSync(making, { recursive: true, force: true });
      writeFileSync(failed, '');
    }
  }
  for (const until = Date.now() + WAIT_MS; Date.now() < until; await sleep(100)) {
    if (existsSync(ready)) return dir;
    if (existsSync(failed)) return undefined;
  }
  return undefined;
}
