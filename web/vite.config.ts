/**
 * Vite build of the SPA.
 *
 * - root is `web/`, output `web/dist/` (served by the local runtime and deployed by the CDK web
 *   construct together with its `config.json`);
 * - `npm run dev:web` serves the SPA with hot reload and proxies `/api`, `/cognito`, `/config.json`
 *   and `/nppes` to a running local runtime on http://127.0.0.1:3000 (`npm run start:api`);
 * - code is split by route (React.lazy in App.tsx); React, the router, react-hook-form and TanStack
 *   Query get their own chunks so that they are cached across deployments;
 * - `build.manifest` writes `web/dist/.vite/manifest.json`, read by `npm run size:web` (per-route
 *   gzipped JS, bin/size-web.ts; the route budgets are in docs/decisions/0015-spa-patterns.md);
 * - every text asset of 1 KB or more is also written precompressed as `<file>.br` (brotli, quality
 *   5) and `<file>.gz` (gzip, level 9); the local runtime serves them by Accept-Encoding. CloudFront
 *   compresses on its own (infra/web.ts), so the deployment skips them; for a local server quality 5
 *   is 10 % larger than 11 at 2 % of its CPU (7 s of every build; docs/decisions/0020-ci-time.md);
 * - no modulepreload polyfill (`build.modulePreload.polyfill: false`), to keep /auth within its budget.
 */
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const webRoot = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.resolve(webRoot, '..');
const localRuntime = process.env.SUTURE_DEV_PROXY ?? 'http://127.0.0.1:3000';

/** Vendor chunk for a module id, or undefined to let Rollup decide. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
  if (/node_modules\/(react-router|react-router-dom)\//.test(id)) return 'router';
  // Amplify (UI and Auth) is left to Rollup: a manual chunk would also take in every Amplify module
  // it reaches, the sign-in flows included; this way the session calls go with the entry and the
  // sign-in flows with web/src/auth/flows.ts (loaded when the sign-in form is used).
  if (/node_modules\/(react-hook-form|@hookform)\//.test(id)) return 'forms';
  if (/node_modules\/@tanstack\//.test(id)) return 'query';
  return undefined;
}

export default defineConfig({
  root: webRoot,
  publicDir: path.resolve(webRoot, 'public'),
  plugins: [
    react(),
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      skipIfLargerOrEqual: true,
    }),
  ],
  build: {
    outDir: path.resolve(webRoot, 'dist'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // No modulepreload polyfill in the entry (about 0.3 KB gzipped of the /auth budget): every
    // browser Suture supports reads <link rel="modulepreload"> itself; one without it still loads
    // each lazy chunk and its imports through import(), only without the head start.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 900,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
  server: {
    host: '127.0.0.1',
    // The SPA imports ../shared: let the dev server read the whole project.
    fs: { allow: [projectRoot] },
    proxy: {
      '/api': { target: localRuntime, changeOrigin: true },
      '/cognito': { target: localRuntime, changeOrigin: true },
      '/config.json': { target: localRuntime, changeOrigin: true },
      '/nppes': { target: localRuntime, changeOrigin: true },
    },
  },
  preview: { host: '127.0.0.1' },
});
