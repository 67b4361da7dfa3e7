/**
 * Safe writes for cognito-local's data files (the local runtime only).
 *
 * cognito-local keeps each user pool in a JSON file through StormDB, whose async file engine saves
 * with a plain `fs.writeFile` on every change. Two saves of one file in flight at once interleave,
 * and a process that stops (or restarts, as the tests do) during a save leaves a half-written file:
 * the next start then fails with "Failed to load StormDB database file - invalid or corrupted
 * format" (seen under CPU load). This layer replaces the engine's async `write` so that saves of
 * one file run one after the other, each written to a temporary file and renamed over the old one
 * (a rename within a directory is atomic on POSIX), changes a few milliseconds apart are saved
 * together, and {@link flushStormWrites} lets `close()` wait for the saves asked for. Applying it
 * twice does nothing.
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

/** How long a change waits for the next ones before its file is saved (ms). */
const SAVE_DELAY_MS = 25;

/** The save of each file waiting for its delay: the engine and the latest data given. */
const waiting = new Map<string, { engine: LocalEngine; data: unknown; timer: NodeJS.Timeout }>();

/** Start the waiting save of `path`, after the one in flight: serialized now, then written and renamed. */
function startSave(path: string): void {
  const save = waiting.get(path);
  if (!save) return;
  waiting.delete(path);
  clearTimeout(save.timer);
  const next = (chains.get(path) ?? Promise.resolve()).then(async () => {
    const text = save.engine.serialize(save.data);
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
}

/**
 * Patch StormDB's local file engine (the copy cognito-local loads). A save resolves at once and
 * the file is written {@link SAVE_DELAY_MS} later with the data of the latest save: cognito-local
 * answers from memory, and saved the whole pool file for each change (several per account
 * created or signed in), which grew with every account of a long run. Closing flushes.
 */
export function applyStormWrites(): void {
  if (applied) return;
  applied = true;
  const Engine = (require_('stormdb') as { localFileEngine: { prototype: LocalEngine } }).localFileEngine;
  const original = Engine.prototype.write;
  Engine.prototype.write = function write(this: LocalEngine, data: unknown) {
    if (!this.async) return original.call(this, data);
    const path = this.path;
    const save = waiting.get(path);
    if (save) {
      save.engine = this;
      save.data = data;
    } else {
      waiting.set(path, { engine: this, data, timer: setTimeout(() => startSave(path), SAVE_DELAY_MS) });
    }
    return Promise.resolve();
  };
}

/** Resolves when every save asked for so far is written (failed saves included): waiting ones start now. */
export async function flushStormWrites(): Promise<void> {
  for (const path of [...waiting.keys()]) startSave(path);
  while (chains.size > 0) await Promise.all([...chains.values()]);
}
