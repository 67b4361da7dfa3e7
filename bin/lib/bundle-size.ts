/**
 * What each route of the built SPA downloads, from Vite's build manifest (the budgets:
 * "bring the sign-in route's JS to at most 150 KB gzipped ... report the figure per route").
 *
 * A route loads the entry chunk (`index.html`'s script) with its static imports, then the lazily
 * loaded modules of its route (React.lazy chunks: the page, and a layout chunk where one exists)
 * with their static imports. Shared chunks are counted once per route. Sizes are of the JS files
 * only (CSS is listed apart), gzipped by the caller's `sizeOf` (bytes).
 */

/** One entry of `web/dist/.vite/manifest.json` (the fields used here). */
export interface ManifestChunk {
  file: string;
  /** Chunk name (the module's file name without extension). */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** A route and the source modules (manifest keys, relative to web/) it loads lazily. */
export interface RouteModules {
  route: string;
  modules: readonly string[];
}

export interface RouteSize {
  route: string;
  /** Output files (JS) the route downloads, entry first. */
  files: string[];
  /** Sum of `sizeOf` over those files, in bytes. */
  bytes: number;
  /** CSS files the route loads. */
  css: string[];
}

/** The manifest key of the entry chunk (`isEntry`). Throws `Error` when there is none. */
export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error('The build manifest has no entry chunk: was the SPA built with build.manifest?');
  return key;
}

/**
 * The manifest key of a source module (e.g. `src/auth/AuthPage.tsx`): the module itself, or, when
 * Rollup merged it into a chunk that other chunks import (key `_AuthPage-<hash>.js`, no `src`), the
 * lazily loaded chunk named after its file. Undefined when the build has no such module.
 */
export function resolveModuleKey(manifest: Manifest, module: string): string | undefined {
  if (manifest[module]) return module;
  const base = (module.split('/').pop() ?? module).replace(/\.[^.]+$/, '');
  const matches = Object.keys(manifest).filter(
    (k) => k.startsWith('_') && manifest[k]?.isDynamicEntry && manifest[k]?.name === base,
  );
  return matches.length === 1 ? matches[0] : undefined;
}

/** Files of `key` and of everything it imports statically (depth first, no duplicates, in load order). */
export function staticClosure(manifest: Manifest, key: string, seen: Set<string> = new Set()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Module ${key} is not in the build manifest`);
  const files = [chunk.file];
  for (const imported of chunk.imports ?? []) files.push(...staticClosure(manifest, imported, seen));
  return files;
}

/** Every module loaded lazily somewhere (manifest keys of `isDynamicEntry` chunks), sorted. */
export function dynamicEntries(manifest: Manifest): string[] {
  return Object.keys(manifest)
    .filter((k) => manifest[k]?.isDynamicEntry)
    .sort();
}

/**
 * Size of each route: entry closure plus each lazily loaded module's closure, shared files once.
 * @param sizeOf bytes of one output file (e.g. its gzipped length)
 * Modules are resolved with {@link resolveModuleKey}.
 * @throws Error when a module of a route is not in the manifest (a page was renamed: fix the table)
 */
export function routeSizes(
  manifest: Manifest,
  routes: readonly RouteModules[],
  sizeOf: (file: string) => number,
): RouteSize[] {
  const entry = entryKey(manifest);
  return routes.map(({ route, modules }) => {
    const seen = new Set<string>();
    const keys: string[] = [];
    const files = staticClosure(manifest, entry, seen);
    for (const m of modules) files.push(...staticClosure(manifest, resolveModuleKey(manifest, m) ?? m, seen));
    for (const k of seen) keys.push(k);
    const js = files.filter((f) => f.endsWith('.js'));
    const css = [...new Set(keys.flatMap((k) => manifest[k]?.css ?? []))];
    return { route, files: js, bytes: js.reduce((sum, f) => sum + sizeOf(f), 0), css };
  });
}

/** Bytes as KB with one decimal (1 KB = 1024 bytes), e.g. `148.2`. */
export function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1);
}
