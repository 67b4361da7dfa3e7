/**
 * The SES emulator of the local runtime (docs/decisions/0027-email-and-support-messages.md):
 * aws-ses-v2-local in this process on 127.0.0.1, its mailbox in memory. The Lambdas reach it through
 * `AWS_ENDPOINT_URL_SESV2` with the same SES v2 client as on AWS; tests and the debug pages read what
 * was sent from its `GET /store` (through {@link handleSesViewer} on the public port, behind sign-in).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import sesServer from 'aws-ses-v2-local';
import { closeServer, listen } from './util';

export interface SesEmulator {
  /** Base URL, e.g. `http://127.0.0.1:41234` (the SDK endpoint and the store API). */
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

/** A port free now on 127.0.0.1: `preferredPort` when it is, else a random one. */
async function freePort(preferredPort?: number): Promise<number> {
  const probe = createServer();
  const port = await listen(probe, 0, '127.0.0.1', preferredPort);
  await closeServer(probe);
  return port;
}

/**
 * Start the emulator (the library binds the port itself, so a free one is chosen first; `preferredPort`
 * keeps a restart in the same process on the endpoint its cached SDK clients know).
 */
export async function startSes(preferredPort?: number): Promise<SesEmulator> {
  const port = await freePort(preferredPort);
  const server: Server = await sesServer({ host: '127.0.0.1', port });
  return { endpoint: `http://127.0.0.1:${port}`, port, close: () => closeServer(server) };
}

/** One email as the emulator's `GET /store` lists it. */
export interface StoredEmail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  /** Epoch seconds. */
  at: number;
}

/** The emails the emulator at `endpoint` holds, oldest first. */
export async function sentEmails(endpoint: string): Promise<StoredEmail[]> {
  const res = await fetch(`${endpoint}/store`);
  if (!res.ok) throw new Error(`SES emulator store answered ${res.status}`);
  return ((await res.json()) as { emails: StoredEmail[] }).emails;
}

/**
 * `GET <prefix>/emails` on the public port: the emulator's mailbox as JSON (`{ emails }`), for the
 * debug pages' email viewer. `allowed` decides from the request's `Authorization` header (a token
 * of user_type 100 or more); anything else is a 401 or 403 and the mailbox is not read.
 * Resolves with the status sent.
 */
export async function handleSesViewer(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  endpoint: string,
  allowed: (authorization: string | undefined) => Promise<'ok' | 'unauthorized' | 'forbidden'>,
  headers: Readonly<Record<string, string>>,
): Promise<number> {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(JSON.stringify(body));
    return status;
  };
  if (req.method !== 'GET' || path !== '/emails') return send(404, { message: 'Not Found' });
  const verdict = await allowed(req.headers.authorization);
  if (verdict === 'unauthorized') return send(401, { message: 'Unauthorized' });
  if (verdict === 'forbidden') return send(403, { message: 'The email viewer needs user_type 100 or more' });
  return send(200, { emails: await sentEmails(endpoint) });
}
