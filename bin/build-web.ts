/**
 * `npm start`'s first step: build the SPA into `web/dist` unless it was built from the sources as
 * they are now (bin/lib/web-build.ts), so that a restart without a change under `web/` or `shared/`
 * starts in seconds. `--force` builds anyway. Exits 1 when the build fails (its output is shown).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { WEB_DIST } from '../infra/paths';
import { webBuildIsCurrent, webSourceHash, writeWebBuildStamp } from './lib/web-build';

const ROOT = join(__dirname, '..');

function main(): void {
  const hash = webSourceHash(ROOT);
  if (!process.argv.includes('--force') && webBuildIsCurrent(WEB_DIST, hash)) {
    console.log('web/dist is up to date with web/ and shared/: no build needed.');
    return;
  }
  // The same command as `npm run build:web` (vite's CLI: its JS API under tsx loads vite's CommonJS build).
  const built = spawnSync('npm', ['run', '--silent', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('The SPA build failed (above): Suture did not start.');
    process.exit(1);
  }
  // Hashed again: a source edited during the build must not be recorded as built.
  if (webSourceHash(ROOT) === hash) writeWebBuildStamp(WEB_DIST, hash);
  console.log('Built the SPA into web/dist.');
}

main();
