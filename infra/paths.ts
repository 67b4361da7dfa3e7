/**
 * Paths the CDK app reads at synth time, absolute and independent of the working directory.
 */
import * as path from 'node:path';

/** Repository root: `package.json`, `package-lock.json`, `lambdas/`, `web/` live here. */
export const PROJECT_ROOT = path.resolve(__dirname, '..');

/** Where `npm run build:web` (vite) writes the SPA. */
export const WEB_DIST = path.join(PROJECT_ROOT, 'web', 'dist');

/**
 * File in {@link WEB_DIST} naming the fingerprint of the sources it was built from (bin/build-web.ts,
 * for `npm start`); never deployed.
 */
export const WEB_BUILD_STAMP = '.source-hash';
