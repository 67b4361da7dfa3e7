/**
 * Entry of the shared local runtime of one Jest worker (forked by test/support/shared-runtime.ts,
 * run by tsx): starts local/index.ts `startLocal` on a random port in `argv[2]` (the data dir),
 * appends its request log to `argv[3]`, and answers a small control server on 127.0.0.1 for what
 * a suite cannot do over the runtime's own port (accounts, sign-in, waiting for idle Lambdas).
 *
 * Sends `{ ready: SharedRuntimeInfo }` (or `{ failed: message }`) over the IPC channel, and closes
 * the runtime (data flushed) when that channel closes or on SIGTERM.
 */
import { appendFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { startLocal, type LocalStack } from '../../local';
import type { SharedRuntimeInfo } from './shared-runtime';

const [dataDir, logFile] = process.argv.slice(2);

type Route = (stack: LocalStack, body: Record<string, unknown>) => Promise<unknown>;

const routes: Record<string, Route> = {
  'POST /account': async (stack, b) => ({
    sub: await stack.createAccount(String(b.email), String(b.password), (b.groups as string[] | undefined) ?? []),
  }),
  'POST /sign-in': (stack, b) => stack.signIn(String(b.email), String(b.password)),
  'POST /idle': async (stack) => {
    await stack.lambdaIdle();
    return {};
  },
};

/**
 * The control server: JSON in, JSON out; an error answers 500 with its name and message. No
 * keep-alive: calls come seconds apart, and a reused socket the server is closing fails the call.
 */
function control(stack: LocalStack) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const route = routes[`${req.method} ${url.pathname}`];
    try {
      if (!route) throw new Error(`No control route ${req.method} ${url.pathname}`);
      const raw = await text(req);
      const out = await route(stack, raw ? (JSON.parse(raw) as Record<string, unknown>) : {});
      res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify(out));
    } catch (err) {
      const e = err as Error;
      res.writeHead(500, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ name: e.name, message: e.message }));
    }
  };
}

async function main(): Promise<void> {
  if (!dataDir || !logFile) throw new Error('usage: runtime-process.ts <dataDir> <logFile>');
  const before = { ...process.env };
  const stack = await startLocal({
    dataDir,
    port: 0,
    seed: false,
    rateLimit: false,
    webDist: `${dataDir}/web-dist`,
    log: (line) => appendFileSync(logFile, `${line}\n`),
  });
  const server = createServer((req, res) => void control(stack)(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  // What startLocal set or removed in process.env is the Lambda environment the suites need too.
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && before[k] !== v) env[k] = v;
  const unsetEnv = Object.keys(before).filter((k) => process.env[k] === undefined);
  const info: SharedRuntimeInfo = {
    pid: process.pid,
    url: stack.url,
    apiUrl: stack.apiUrl,
    port: stack.port,
    dataDir: stack.dataDir,
    config: stack.config,
    userPoolId: stack.userPoolId,
    clientId: stack.clientId,
    credentials: stack.credentials,
    endpoints: stack.endpoints,
    control: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    logFile,
    env,
    unsetEnv,
  };

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    void stack.close().finally(() => process.exit(0));
  };
  process.on('disconnect', stop);
  process.on('SIGTERM', stop);
  process.send?.({ ready: info });
}

main().catch((err: unknown) => {
  process.send?.({ failed: (err as Error).message });
  process.exit(1);
});
