/**
 * `npm run reset`: delete the local runtime's data (`.data/`: DynamoDB, S3 and Cognito emulator
 * files and local.json). The next `npm start` seeds the demo data again. Stop `npm start` first.
 */
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(__dirname, '..');
const dataDir = join(root, '.data');
const shown = `${relative(process.cwd(), dataDir) || '.data'}/`;

/** pid of a runtime still using the data (local/ writes `.data/local.pid`), if alive. */
function runningPid(): number | undefined {
  const file = join(dataDir, 'local.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

const pid = runningPid();
if (pid) {
  console.error(`Suture is still running on this data (pid ${pid}): stop it (Ctrl+C) before npm run reset.`);
  process.exitCode = 1;
} else if (!existsSync(dataDir)) {
  console.log(`Nothing to remove: ${shown} does not exist.`);
} else {
  const entries = readdirSync(dataDir).sort();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `Removed ${shown}${entries.length ? ` (${entries.join(', ')})` : ''}. The next start seeds the demo data again.`,
  );
}
