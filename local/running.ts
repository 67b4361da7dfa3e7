/**
 * How other processes on this machine find a running local runtime's DynamoDB emulator (so an
 * import does not need `npm start` stopped).
 *
 * Why imports needed the server stopped: the emulator keeps its tables in LevelDB under
 * `<dataDir>/dynamodb`, which one process may open at a time, and `npm run import:cpt` opened that
 * store itself. Now the runtime writes `<dataDir>/local-endpoints.json` ({@link RunningEndpoints})
 * once its emulator listens, and removes it on close; the import CLIs (bin/lib/local-target.ts)
 * write through that endpoint when the runtime that holds `<dataDir>/local.pid` is alive, and open
 * the store directly only when no runtime runs. Small on purpose: the CLIs import it without the
 * whole runtime.
 */
import { existsSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const ENDPOINTS_FILE = 'local-endpoints.json';

export interface RunningEndpoints {
  /** Process id of the runtime (the same as in `local.pid`). */
  pid: number;
  /** The DynamoDB emulator, e.g. `http://127.0.0.1:40123`. */
  dynamodb: string;
  /** The local Lambda Invoke API (`<url>/lambda`), absent from files of older runtimes. */
  lambda?: string;
}

/** Write the endpoints file of this process's runtime. */
export function writeRunningEndpoints(dataDir: string, endpoints: Omit<RunningEndpoints, 'pid'>): void {
  writeFileSync(join(dataDir, ENDPOINTS_FILE), JSON.stringify({ pid: process.pid, ...endpoints }));
}

/** Remove the endpoints file if this process wrote it. */
export function removeRunningEndpoints(dataDir: string): void {
  const file = join(dataDir, ENDPOINTS_FILE);
  try {
    const content = JSON.parse(readFileSync(file, 'utf8')) as Partial<RunningEndpoints>;
    if (content.pid === process.pid) unlinkSync(file);
  } catch {
    // already gone or unreadable
  }
}

/** true when a process with this id exists (EPERM: it exists but belongs to someone else). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The endpoints of the runtime running on `dataDir`, or undefined when none runs: the file must
 * exist and name a live process that holds `local.pid`.
 */
export function findRunningEndpoints(dataDir: string): RunningEndpoints | undefined {
  const file = join(dataDir, ENDPOINTS_FILE);
  const lock = join(dataDir, 'local.pid');
  if (!existsSync(file) || !existsSync(lock)) return undefined;
  try {
    const content = JSON.parse(readFileSync(file, 'utf8')) as Partial<RunningEndpoints>;
    const owner = Number(readFileSync(lock, 'utf8').trim());
    if (typeof content.pid !== 'number' || typeof content.dynamodb !== 'string') return undefined;
    if (content.pid !== owner || !isProcessAlive(content.pid)) return undefined;
    return {
      pid: content.pid,
      dynamodb: content.dynamodb,
      ...(typeof content.lambda === 'string' ? { lambda: content.lambda } : {}),
    };
  } catch {
    return undefined;
  }
}
