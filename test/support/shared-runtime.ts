/**
 * One local runtime per Jest worker, shared by the suites that worker runs one after another
 * (docs/decisions/0016-one-local-runtime-per-test-worker.md).
 *
 * The integration project's globalSetup (test/support/global-setup.ts) makes a run directory and
 * names it in `SUTURE_TEST_RUNTIMES`; the first suite of a worker that asks for the runtime forks
 * test/support/runtime-process.ts and records what it answered in `<run dir>/worker-<id>.json`;
 * later suites of that worker read the file. globalTeardown stops every runtime and deletes the run
 * directory; a runtime also stops when its worker exits (the IPC channel closes).
 */
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RuntimeConfig } from '../../shared/config';
import type { LocalStack } from '../../local';

/** Environment variable naming the run directory (set by globalSetup, inherited by the workers). */
export const RUNTIMES_DIR_ENV = 'SUTURE_TEST_RUNTIMES';

/** What a worker's runtime answers when it is ready (JSON in `<run dir>/worker-<id>.json`). */
export interface SharedRuntimeInfo {
  pid: number;
  url: string;
  apiUrl: string;
  port: number;
  dataDir: string;
  config: RuntimeConfig;
  userPoolId: string;
  clientId: string;
  /** The runtime's own AWS credentials (local/credentials.ts). */
  credentials: LocalStack['credentials'];
  endpoints: LocalStack['endpoints'];
  /** Base URL of the runtime process's control server (runtime-process.ts). */
  control: string;
  /** File the runtime appends its request log and notices to, one line each. */
  logFile: string;
  /** The Lambda environment startLocal set: suites that call repositories directly need it. */
  env: Record<string, string>;
  /** Variables startLocal removed (AWS_PROFILE, AWS_SESSION_TOKEN). */
  unsetEnv: string[];
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The run directory, or undefined when the integration project's globalSetup did not run (a
 * suite run by another config): the suites then start a runtime of their own, as before.
 */
export function runtimesDir(): string | undefined {
  return process.env[RUNTIMES_DIR_ENV] || undefined;
}

/**
 * This worker's runtime: the recorded one while its process lives, else a new one (forked, up in
 * a few seconds). Rejects when the runtime fails to start, with its message.
 */
export async function workerRuntime(dir: string): Promise<SharedRuntimeInfo> {
  const file = join(dir, `worker-${process.env.JEST_WORKER_ID ?? '1'}.json`);
  if (existsSync(file)) {
    const known = JSON.parse(readFileSync(file, 'utf8')) as SharedRuntimeInfo;
    if (isAlive(known.pid)) return known;
  }
  const dataDir = mkdtempSync(join(dir, 'runtime-'));
  const quiet = process.env.SUTURE_LOCAL_LOG ? 'INFO' : 'WARN';
  const child = fork(join(__dirname, 'runtime-process.ts'), [dataDir, `${dataDir}.log`], {
    execArgv: ['--require', require.resolve('tsx/cjs')],
    env: { ...process.env, LOG_LEVEL: quiet, POWERTOOLS_LOG_LEVEL: quiet },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const info = await new Promise<SharedRuntimeInfo>((resolve, reject) => {
    child.once('message', (m: { ready?: SharedRuntimeInfo; failed?: string }) =>
      m.ready ? resolve(m.ready) : reject(new Error(`The shared local runtime failed to start: ${m.failed}`)),
    );
    child.once('exit', (code) =>
      reject(new Error(`The shared local runtime exited (code ${code}) before it was ready`)),
    );
  });
  // The worker may end while the runtime runs; the channel's close then stops the runtime.
  child.unref();
  child.channel?.unref();
  writeFileSync(file, JSON.stringify(info));
  return info;
}

/** Call the runtime process's control server; rejects with the runtime's error name and message. */
export async function controlCall<T>(
  info: SharedRuntimeInfo,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${info.control}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const out = (await res.json()) as T & { name?: string; message?: string };
  if (res.status !== 200) throw Object.assign(new Error(out.message), { name: out.name ?? 'Error' });
  return out;
}

/**
 * A {@link LocalStack} over a worker's shared runtime. `close` and `lastVerificationCode` refuse:
 * a suite that stops its runtime or reads what it keeps in memory needs a runtime of its own.
 */
export function sharedStack(info: SharedRuntimeInfo): LocalStack {
  return {
    url: info.url,
    apiUrl: info.apiUrl,
    port: info.port,
    dataDir: info.dataDir,
    config: info.config,
    userPoolId: info.userPoolId,
    clientId: info.clientId,
    credentials: info.credentials,
    endpoints: info.endpoints,
    lambdaIdle: () => controlCall<unknown>(info, 'POST', '/idle').then(() => undefined),
    createAccount: (email, password, groups = []) =>
      controlCall<{ sub: string }>(info, 'POST', '/account', { email, password, groups }).then((r) => r.sub),
    signIn: (email, password) => controlCall(info, 'POST', '/sign-in', { email, password }),
    lastVerificationCode: () => {
      throw new Error('Verification codes stay in the runtime process: a suite that reads them needs its own runtime');
    },
    close: () => Promise.reject(new Error('The shared local runtime is stopped by globalTeardown, not by a suite')),
  };
}
