/**
 * globalTeardown of the integration project: stops the workers' shared runtimes (SIGTERM: each
 * closes its emulators) and deletes the run directory with their data.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { RUNTIMES_DIR_ENV, type SharedRuntimeInfo } from './shared-runtime';

function signal(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}

export default async function globalTeardown(): Promise<void> {
  const dir = process.env[RUNTIMES_DIR_ENV];
  if (!dir) return;
  const pids = readdirSync(dir)
    .filter((name) => /^worker-\d+\.json$/.test(name))
    .map((name) => (JSON.parse(readFileSync(join(dir, name), 'utf8')) as SharedRuntimeInfo).pid)
    .filter((pid) => signal(pid, 'SIGTERM'));
  for (let waited = 0; waited < 20_000 && pids.some((pid) => signal(pid, 0)); waited += 100) await sleep(100);
  for (const pid of pids) signal(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}
