/**
 * Safe writes for cognito-local's data files (the local runtime only).
 *
 * cognito-local keeps each user pool in a JSON file through StormDB, whose async file engine saves
 * with a plain `fs.writeFile` on every change. Two saves of one file in flight at once interleave,
 * and a process that stops (or restarts, as the tests do) during a save leaves a half-written file:
 * the next start then fails with "Failed to load StormDB database file - invalid or corrupted
 * format" (seen under CPU load). This layer replaces the engine's async `write` so that saves of
 * one file run one after the other, each written to a temporary file and renamed over the old one
 * (a rename within a directory is atomic on POSIX), and {@link flushStormWrites} lets `close()`
 * wait for the saves in flight. Applying it twice does nothing.
 */
import { rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

interface LocalEngine {
  path: string;
  async: boolean;
  serialize(data: unknown): string;
  write(data: unknown): Promise<void> | null;
}

// The copy cognito-local itself loads.
const require_ = createRequire(require.resolve('cognito-local/package.json'));
const chains = new Map<string, Promise<void>>();
let counter = 0;
let applied = false;

/** Patch StormDB's local file engine (the copy cognito-local loads). */
export function applyStormWrites(): void {
  if (applied) return;
  applied = true;
  const Engine = (require_('stormdb') as { localFileEngine: { prototype: LocalEngine } }).localFileEngine;
  const original = Engine.prototype.write;
  Engine.prototype.write = function write(this: LocalEngine, data: unknown) {
    if (!this.async) return original.call(this, data);
    // Serialize now: later changes to `data` belong to the next save.
    const text = this.serialize(data);
    const path = this.path;
    const next = (chains.get(path) ?? Promise.resolve()).then(async () => {
      counter += 1;
      const tmp = `${path}.${process.pid}.${counter}.tmp`;
      await writeFile(tmp, text);
      await rename(tmp, path);
    });
    const settled = next.catch(() => undefined);
    chains.set(path, settled);
    void settled.then(() => {
      if (chains.get(path) === settled) chains.delete(path);
    });
    return next;
  };
}

/** Resolves when every save started so far has finished (failed saves included). */
export async function flushStormWrites(): Promise<void> {
  while (chains.size > 0) await Promise.all([...chains.values()]);
}
