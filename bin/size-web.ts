/**
 * `npm run size:web`: per-route gzipped JS of the built SPA (issue 6, section 6), from
 * `web/dist/.vite/manifest.json` (run `npm run build:web` first).
 *
 * Prints one line per route: KB gzipped (gzip level 9, 1 KB = 1024 bytes) and the files loaded;
 * lazily loaded modules that no route of the table names are listed too, so a new page is never
 * missed. Exits 1 when the sign-in route (/auth) is above {@link AUTH_BUDGET_KB} KB, or when the
 * build or a module of the table is missing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_DIST } from '../infra/paths';
import { dynamicEntries, kb, resolveModuleKey, routeSizes, type Manifest, type RouteModules } from './lib/bundle-size';

/** Budget of the sign-in route's JS, gzipped, in KB (issue 6, section 6). */
export const AUTH_BUDGET_KB = 150;

/** Lazily loaded layout of every signed-in route (query client, signed-in navigation). */
const SIGNED_IN = 'src/shell/SignedInLayout.tsx';

/** Route -> lazily loaded modules (web/src/App.tsx). */
const ROUTES: readonly RouteModules[] = [
  { route: '/auth', modules: ['src/auth/AuthPage.tsx'] },
  { route: '(page not found)', modules: ['src/shell/NotFoundPage.tsx'] },
  { route: '/profile-setup', modules: [SIGNED_IN, 'src/profile/ProfileSetupPage.tsx'] },
  { route: '/dashboard', modules: [SIGNED_IN, 'src/cases/CaseListPage.tsx'] },
  { route: '/case/new', modules: [SIGNED_IN, 'src/cases/CaseFormPage.tsx'] },
  { route: '/case/:caseId', modules: [SIGNED_IN, 'src/cases/CaseDetailsPage.tsx'] },
  { route: '/update-profile', modules: [SIGNED_IN, 'src/profile/UpdateProfilePage.tsx'] },
  { route: '/report-bug', modules: [SIGNED_IN, 'src/report-bug/ReportBugPage.tsx'] },
  { route: '/back-office', modules: [SIGNED_IN, 'src/shell/BackOfficeHomePage.tsx'] },
];

function main(): void {
  const manifestPath = join(WEB_DIST, '.vite', 'manifest.json');
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  } catch {
    console.error(`No build manifest at ${manifestPath}: run npm run build:web first.`);
    process.exit(1);
  }
  const has = (m: string) => resolveModuleKey(manifest, m) !== undefined;
  const known = new Set(ROUTES.flatMap((r) => r.modules.map((m) => resolveModuleKey(manifest, m) ?? m)));
  // A page missing from this build (not merged yet) is left out of its route rather than failing.
  const present = ROUTES.map((r) => ({ ...r, modules: r.modules.filter(has) }));
  const others = dynamicEntries(manifest)
    .filter((m) => !known.has(m))
    .map((m) => ({ route: `(lazy) ${m}`, modules: m === SIGNED_IN ? [m] : [SIGNED_IN, m].filter(has) }));
  const cache = new Map<string, number>();
  const gz = (file: string): number => {
    let size = cache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(WEB_DIST, file)), { level: 9 }).length;
      cache.set(file, size);
    }
    return size;
  };
  const sizes = routeSizes(manifest, [...present, ...others], gz);
  const width = Math.max(...sizes.map((s) => s.route.length));
  console.log('Route JS, gzipped (entry + static imports + lazily loaded route modules):');
  for (const s of sizes) {
    console.log(`  ${s.route.padEnd(width)}  ${kb(s.bytes).padStart(6)} KB  (${s.files.length} files)`);
  }
  const auth = sizes.find((s) => s.route === '/auth');
  if (!auth || !has('src/auth/AuthPage.tsx')) {
    console.error('The sign-in page (src/auth/AuthPage.tsx) is not a lazily loaded chunk of this build.');
    process.exit(1);
  }
  if (auth.bytes / 1024 > AUTH_BUDGET_KB) {
    console.error(`/auth loads ${kb(auth.bytes)} KB gzipped, above the ${AUTH_BUDGET_KB} KB budget:`);
    for (const f of auth.files) console.error(`  ${f} ${kb(gz(f))} KB`);
    process.exit(1);
  }
}

main();
