/**
 * The benchmarks run the local server in a child process, so its RSS and CPU are measured apart
 * from the load generator's. The child prints one JSON line of what it serves once it listens, and
 * stops when its standard input closes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startLocal, type LocalStack } from '../../local';

/**
 * The child's side: the local runtime on `dataDir`, quiet, on a free port, without the rate limit
 * (the benchmarks measure speed and memory, not the limit). `lambdaWorkers`: threads of its Lambda pool.
 */
export function startBenchStack(dataDir: string, lambdaWorkers?: number): Promise<LocalStack> {
  process.env.LOG_LEVEL ??= 'ERROR';
  return startLocal({
    dataDir,
    port: 0,
    quiet: true,
    log: () => undefined,
    webDist: join(dataDir, 'web'),
    ...(lambdaWorkers === undefined ? {} : { lambdaWorkers }),
    rateLimit: false,
  });
}

/** The child's side: print `info` as the one JSON line the parent waits for, then run until stdin closes. */
export async function serveUntilStdinCloses(stack: LocalStack, info: unknown): Promise<void> {
  process.stdout.write(`${JSON.stringify(info)}\n`);
  process.stdin.resume();
  await new Promise((resolve) => process.stdin.on('close', resolve).on('end', resolve));
  await stack.close();
}

/**
 * Start `node [nodeArgs] --import tsx <script> --serve <dataDir> [args]` and resolve with the child
 * and the first JSON line it prints.
 * @throws Error when the child exits before printing it.
 */
export function spawnBenchServer<Info>(
  script: string,
  dataDir: string,
  { nodeArgs = [], args = [] }: { nodeArgs?: string[]; args?: string[] } = {},
): Promise<{ child: ChildProcess; info: Info }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, '--serve', dataDir, ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, info: JSON.parse(line) as Info });
    });
    child.on('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
}

/** Close the server's standard input, wait for it to exit, and delete its data directory. */
export async function stopBenchServer(child: ChildProcess, dataDir: string): Promise<void> {
  child.stdin!.end();
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
