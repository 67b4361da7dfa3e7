/**
 * Paths the CDK app reads at synth time, absolute and independent of the working directory.
 */
import * as path from 'node:path';

/** Repository root: `package.json`, `package-lock.json`, `lambdas/`, `web/` live here. */
export const PROJECT_ROOT = path.resolve(__dirname, '..');

/** Where `npm run build:web` (vite) writes the SPA. */
export const WEB_DIST = path.join(PROJECT_ROOT, 'web', 'dist');
