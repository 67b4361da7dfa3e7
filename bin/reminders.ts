/**
 * `npm run reminders`: send the reminder emails now on the running local runtime (`npm start`), as
 * its daily timer and the debug pages' "Send reminders now" do (docs/decisions/0030-deadline-reminders.md):
 * the reminders function is invoked through the runtime's Lambda Invoke API with the schedule's
 * event, signed with the runtime's own credentials. Prints `{ sent, skipped }`; the emails are in
 * the email viewer (/debug/emails). Exit codes: 0 done, 1 failed or no runtime running, 2 bad usage.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { parseArgs } from 'node:util';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { ensureLocalCredentials } from '../local/credentials';
import { findRunningEndpoints } from '../local/running';
import { REMINDERS_EVENT } from '../shared/schemas/reminders';
import { runCli } from './lib/cli';
import { DEFAULT_DATA_DIR, DEFAULT_LOCAL_PREFIX } from './lib/local-target';

const HELP = `Usage: npm run reminders

Sends today's deadline digests (and, on Mondays, the weekly summaries) on the running local
runtime (start it with npm start). Each user gets at most one of each a day: a second run sends
nothing. The emails are in the email viewer of the debug pages.

Options:
  -h, --help   this text`;

/** No local runtime runs on the data directory. */
class NoRuntimeError extends Error {
  override name = 'NoRuntimeError';
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const running = findRunningEndpoints(DEFAULT_DATA_DIR);
  if (!running?.lambda)
    throw new NoRuntimeError('No local runtime is running: start it with `npm start`, then try again.');
  const client = new LambdaClient({
    region: 'us-east-1',
    endpoint: running.lambda,
    credentials: ensureLocalCredentials(DEFAULT_DATA_DIR),
  });
  try {
    const out = await client.send(
      new InvokeCommand({
        FunctionName: `${DEFAULT_LOCAL_PREFIX}-reminders`,
        Payload: Buffer.from(JSON.stringify({ type: REMINDERS_EVENT })),
      }),
    );
    const text = Buffer.from(out.Payload ?? []).toString('utf8');
    if (out.FunctionError) throw new Error(`The reminders function failed: ${text}`);
    console.log(`Reminders sent: ${text}`);
    return 0;
  } finally {
    client.destroy();
  }
}

runCli(main, { help: HELP, expected: [NoRuntimeError] });
