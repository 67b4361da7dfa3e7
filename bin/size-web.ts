/**
 * `npm run size:web`: per-route gzipped JS of the built SPA, from
 * `web/dist/.vite/manifest.json` (run `npm run build:web` first).
 *
 * Prints one line per route: KB gzipped (gzip level 9, 1 KB = 1024 bytes) and the number of files
 * loaded; lazily loaded modules that no route of the table names (a new page, or code loaded on use
 * such as the sign-in flows) are listed after, with what they add on top of the entry. Exits 1 when the sign-in route (/auth) is above {@link AUTH_BUDGET_KB} KB, or when the
 * build or a module of the table is missing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { WEB_DIST } from '../infra/paths';
import { dynamicEntries, kb, resolveModuleKey, routeSizes, type Manifest, type RouteModules } from './lib/bundle-size';

/** Budget of the sign-in route's JS, gzipped, in KB. */
export const AUTH_BUDGET_KB = 150;

/**
 * Lazily loaded parts of every signed-in screen: the layout (query client, profile guards), the
 * profile-aware header, the footer and the beta notice (web/src/App.tsx, shell/AppLayout.tsx).
 */
const SIGNED_IN_PARTS = [
  'src/shell/SignedInLayout.tsx',
  'src/shell/ProfileHeader.tsx',
  'src/shell/Footer.tsx',
  'src/shell/BetaNotice.tsx',
];

/** The provider pages' route table (web/src/providerRoutes.tsx, loaded on the first navigation to one). */
const PROVIDER = [...SIGNED_IN_PARTS, 'src/providerRoutes.tsx'];
/** The back-office route table (web/src/back-office/routes.tsx, loaded on the first navigation under /back-office). */
const BACK_OFFICE = [...SIGNED_IN_PARTS, 'src/back-office/routes.tsx'];

/** Route -> lazily loaded modules (web/src/App.tsx and the route tables it patches in). */
const ROUTES: readonly RouteModules[] = [
  { route: '/auth', modules: ['src/auth/AuthPage.tsx'] },
  { route: '(page not found)', modules: ['src/shell/NotFoundPage.tsx'] },
  { route: '/profile-setup', modules: [...SIGNED_IN_PARTS, 'src/profile/ProfileSetupPage.tsx'] },
  { route: '/dashboard', modules: [...PROVIDER, 'src/cases/CaseListPage.tsx'] },
  { route: '/case/new', modules: [...PROVIDER, 'src/cases/CaseFormPage.tsx'] },
  // The Dispute panel is its own chunk, loaded with every case's details.
  { route: '/case/:caseId', modules: [...PROVIDER, 'src/cases/CaseDetailsPage.tsx', 'src/disputes/DisputePanel.tsx'] },
  { route: '/surgeon-management', modules: [...PROVIDER, 'src/surgeons/SurgeonListPage.tsx'] },
  { route: '/surgeon/new', modules: [...PROVIDER, 'src/surgeons/SurgeonFormPage.tsx'] },
  { route: '/facility-management', modules: [...PROVIDER, 'src/facilities/FacilityListPage.tsx'] },
  { route: '/facility/new', modules: [...PROVIDER, 'src/facilities/FacilityFormPage.tsx'] },
  { route: '/facility/:facilityId/edit', modules: [...PROVIDER, 'src/facilities/FacilityEditPage.tsx'] },
  { route: '/update-profile', modules: [...PROVIDER, 'src/profile/UpdateProfilePage.tsx'] },
  { route: '/report-bug', modules: [...PROVIDER, 'src/report-bug/ReportBugPage.tsx'] },
  { route: '/tools/deadlines', modules: [...PROVIDER, 'src/disputes/DeadlineCalculatorPage.tsx'] },
  { route: '/back-office', modules: [...BACK_OFFICE, 'src/shell/BackOfficeHomePage.tsx'] },
  { route: '/back-office/dashboard', modules: [...BACK_OFFICE, 'src/back-office/dashboard/DashboardPage.tsx'] },
  { route: '/back-office/cases', modules: [...BACK_OFFICE, 'src/back-office/cases/CaseManagementPage.tsx'] },
  { route: '/back-office/deadlines', modules: [...BACK_OFFICE, 'src/disputes/DeadlinesPage.tsx'] },
  { route: '/back-office/awards', modules: [...BACK_OFFICE, 'src/disputes/AwardsPage.tsx'] },
  { route: '/back-office/users', modules: [...BACK_OFFICE, 'src/back-office/users/UserManagement.tsx'] },
  { route: '/back-office/reports', modules: [...BACK_OFFICE, 'src/back-office/reports/ReportsPage.tsx'] },
  { route: '/back-office/list-management', modules: [...BACK_OFFICE, 'src/back-office/lists/ListManagementPage.tsx'] },
  { route: '/back-office/faq', modules: [...BACK_OFFICE, 'src/back-office/faq/BackOfficeFaqPage.tsx'] },
  // The viewer's chunk is over the route budget (docs/decisions/0014-openapi-from-code.md).
  {
    route: '/back-office/api',
    modules: [...BACK_OFFICE, 'src/back-office/api/ApiDescriptionPage.tsx', 'src/back-office/api/ApiReference.tsx'],
  },
  { route: '/about', modules: ['src/public/routes.tsx', 'src/public/AboutPage.tsx'] },
  { route: '/faq', modules: ['src/public/routes.tsx', 'src/public/FaqPage.tsx'] },
  { route: '/contact', modules: ['src/public/routes.tsx', 'src/public/ContactPage.tsx'] },
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
    .map((m) => ({ route: `(on demand) ${m}`, modules: [m] }));
  const cache = new Map<string, number>();
  const gz = (file: string): number => {
    let size = cache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(WEB_DIST, file)), { level: 9 }).length;
      cache.set(file, size);
    }
    return size;
  };
  const sizes = routeSizes(manifest, present, gz);
  const [entryOnly] = routeSizes(manifest, [{ route: 'entry', modules: [] }], gz);
  const extra = routeSizes(manifest, others, gz);
  const width = Math.max(...[...sizes, ...extra].map((s) => s.route.length));
  console.log('Route JS, gzipped (entry + static imports + lazily loaded route modules):');
  for (const s of sizes) {
    console.log(`  ${s.route.padEnd(width)}  ${kb(s.bytes).padStart(6)} KB  (${s.files.length} files)`);
  }
  console.log('Loaded on demand (on use, not with a route), gzipped, on top of the entry:');
  for (const s of extra) {
    console.log(`  ${s.route.padEnd(width)}  +${kb(s.bytes - (entryOnly?.bytes ?? 0)).padStart(5)} KB`);
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
