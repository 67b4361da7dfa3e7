/**
 * `npm start` (after building the SPA) / `npm run start:api`: Suture on 127.0.0.1 with the local
 * emulators, seeded with the demo data on first start (local/). Port from `PORT` (default 3000).
 * Prints one line with the URL, then the demo sign-ins, then one line per request (method, path,
 * status, ms; never bodies or query strings). `LOG_LEVEL=INFO` adds the Lambdas' structured logs.
 * Ctrl+C (SIGINT) or SIGTERM closes everything cleanly so that a restart keeps all data.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
// The request log shows every call; the Lambdas' own INFO lines only with LOG_LEVEL=INFO.
process.env.LOG_LEVEL ??= 'WARN';

import { startLocal, type LocalStack } from '../local';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../local/seed';

function roleOf(account: (typeof DEMO_ACCOUNTS)[number]): string {
  if (account.userType === undefined) return 'provider, no profile yet';
  if (account.userType === 0) return 'provider';
  return `user_type ${account.userType}`;
}

async function main(): Promise<void> {
  let stack: LocalStack;
  try {
    stack = await startLocal({ seed: true, reminderSchedule: true });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE') {
      console.error(
        `Port ${process.env.PORT ?? 3000} is already in use: stop the other process or set PORT, e.g. PORT=3001 npm start`,
      );
    } else {
      console.error(`Suture could not start: ${e.message}`);
    }
    process.exit(1);
  }

  console.log(`Suture is running at ${stack.url}  (Ctrl+C to stop)`);
  console.log(`Demo sign-ins, all with the password ${DEMO_PASSWORD}:`);
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email.padEnd(width)}  ${roleOf(account)}`);
  // Email goes to the SES emulator in this process (docs/decisions/0027-email-and-support-messages.md).
  console.log(
    `Email sent (contact form, bug reports, deadline reminders): ${stack.url}/debug/emails, signed in as a Global Admin; reminders go daily at 07:00 New York time, or now with npm run reminders`,
  );

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stopping = true;
    console.log('Stopping Suture...');
    stack
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error(`Error while stopping: ${(err as Error).message}`);
        process.exit(1);
      });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
