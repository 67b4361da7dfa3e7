/**
 * How every Lambda is bundled, declared once (docs/decisions/0004-bundled-aws-sdk.md): the build in
 * NodejsFunction's terms ({@link LAMBDA_BUNDLING}), the same build as esbuild's own options
 * ({@link esbuildOptionsFor}), which `npm run bench:api` uses to measure the deployed bundles (size
 * and cold init) without a synth, and the deployed code itself ({@link bundledCode}).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AssetHashType, DockerImage } from 'aws-cdk-lib';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { LogLevel, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import { buildSync, type BuildOptions } from 'esbuild';
import { RESOURCES, type Resource } from '../lambdas/routes';
import { PROJECT_ROOT } from './paths';

/** The credential provider module put in place of @aws-sdk/credential-provider-node, from the project root. */
export const CREDENTIALS_SHIM = 'lambdas/lib/env-credentials.ts';

/**
 * Bundled with the local esbuild (never Docker) as ESM for Node.js 20, AWS SDK v3 included (its
 * default credential chain cut to the environment credentials Lambda provides, CREDENTIALS_SHIM) so that
 * the deployed code runs the SDK versions the tests ran (relying on the Lambda runtime's SDK would
 * cut each bundle by 250 to 550 KB, but every cold start would then load the runtime's unminified
 * SDK, file by file, which measured slower than the whole bundle (`npm run bench:api -- --sdk
 * external`), and run an SDK version the tests never ran). Minified, names included (no
 * `keepNames`: it wraps every class and function in a naming call, about 25 to 35 KB per bundle):
 * errors are mapped to HTTP statuses by `error.name`, which every error class of the project spells
 * out (`override name = '...'`, lambdas/lib/errors.ts), as the SDK's exception classes do, and the
 * infra test runs a deployed bundle to check that a malformed NPI still answers 400. The banner
 * gives CommonJS dependencies bundled into ESM a working `require`.
 *
 * Size: zod must be imported as `import * as z from 'zod'` (never `import { z }`, an ESLint rule):
 * the `z` namespace object drags every zod locale (about 265 KB) and all of zod classic into a
 * bundle, the namespace import lets esbuild keep only what is used. `shared/package.json` declares
 * shared/ free of side effects (`"sideEffects": false`): a handler that imports from the shared
 * barrel then bundles only the shared modules it uses (10 to 26 KB less per bundle, and fewer zod
 * schemas built at cold init), as the zod schemas built at module top level would otherwise be kept.
 */
export const LAMBDA_BUNDLING: BundlingOptions = {
  forceDockerBundling: false,
  format: OutputFormat.ESM,
  target: 'node20',
  mainFields: ['module', 'main'],
  minify: true,
  // No keepNames: error classes spell their `name` out, so minified class names do not matter (see above).
  keepNames: false,
  sourceMap: true,
  sourcesContent: false,
  logLevel: LogLevel.WARNING,
  bundleAwsSDK: true,
  externalModules: [],
  banner:
    "import { createRequire as __sutureCreateRequire } from 'module'; const require = __sutureCreateRequire(import.meta.url);",
  // The SDK's default credential chain replaced by its environment link (what Lambda provides):
  // see lambdas/lib/env-credentials.ts. Paths are relative to the project root (esbuild's cwd).
  esbuildArgs: { '--alias': [`@aws-sdk/credential-provider-node=./${CREDENTIALS_SHIM}`] },
};

/** The entry file of a resource's Lambda (`<root>/lambdas/<resource>/handler.ts`). */
export function handlerEntry(resource: Resource): string {
  return path.join(PROJECT_ROOT, 'lambdas', resource, 'handler.ts');
}

/** Every resource with a Lambda, in route-table order. */
export const LAMBDA_RESOURCES: readonly Resource[] = RESOURCES;

/** The entry file of the refusals function (infra/refusals.ts). */
export const REFUSALS_ENTRY = path.join(PROJECT_ROOT, 'lambdas', 'refusals', 'handler.ts');

/** Every Lambda entry file of the app: the API functions' and the refusals function's. */
export const LAMBDA_ENTRIES: readonly string[] = [...LAMBDA_RESOURCES.map(handlerEntry), REFUSALS_ENTRY];

/**
 * esbuild's options for the build NodejsFunction runs with `bundling` (the arguments
 * aws-cdk-lib/aws-lambda-nodejs passes to the esbuild CLI: `--bundle --platform=node --target
 * --format --outfile --minify --sourcemap --sources-content --external --log-level --keep-names
 * --banner:js --main-fields`, and `--alias:` from `esbuildArgs`). `outfile` is `index.mjs` in CDK's asset directory; the bench writes
 * it elsewhere. Options NodejsFunction has but LAMBDA_BUNDLING does not use (loader, define, inject,
 * footer, tsconfig, esbuildArgs other than `--alias`) are refused, so that the two builds cannot drift apart silently.
 * @throws Error when `bundling` uses an option this mapping does not cover
 */
export function esbuildOptionsFor(
  entry: string,
  outfile: string,
  bundling: BundlingOptions = LAMBDA_BUNDLING,
): BuildOptions {
  const unsupported = (
    ['loader', 'define', 'inject', 'footer', 'tsconfig', 'sourceMapMode', 'metafile'] as const
  ).filter((k) => bundling[k] !== undefined);
  const { '--alias': aliasArg, ...otherArgs } = bundling.esbuildArgs ?? {};
  if (Object.keys(otherArgs).length) unsupported.push(...(Object.keys(otherArgs) as never[]));
  if (unsupported.length) throw new Error(`esbuildOptionsFor does not map ${unsupported.join(', ')}`);
  const alias = Object.fromEntries(
    (Array.isArray(aliasArg) ? aliasArg : []).map((entry) => {
      const eq = String(entry).indexOf('=');
      return [String(entry).slice(0, eq), String(entry).slice(eq + 1)];
    }),
  );
  const external = bundling.externalModules ?? (bundling.bundleAwsSDK ? [] : ['@aws-sdk/*']);
  return {
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    target: bundling.target,
    format: bundling.format === OutputFormat.ESM ? 'esm' : 'cjs',
    outfile,
    minify: bundling.minify === true,
    sourcemap: bundling.sourceMap === true,
    sourcesContent: bundling.sourcesContent ?? true,
    external,
    logLevel: bundling.logLevel ?? 'warning',
    keepNames: bundling.keepNames === true,
    ...(bundling.banner ? { banner: { js: bundling.banner } } : {}),
    ...(bundling.mainFields ? { mainFields: bundling.mainFields } : {}),
    ...(Object.keys(alias).length ? { alias } : {}),
    absWorkingDir: PROJECT_ROOT,
  };
}

/**
 * Bundles waiting in a cloud assembly directory for their asset, by `<assembly dir>\0<entry>`: the
 * directory (beside CDK's own `bundling-temp-*` ones) that holds `index.mjs` and `index.mjs.map`.
 */
const pendingBundles = new Map<string, string>();
/** The cloud assembly directories whose every entry was already bundled once. */
const bundledAssemblies = new Set<string>();
let discardHooked = false;

/**
 * One esbuild run over `entries`, each bundled as {@link esbuildOptionsFor} says into its own
 * directory of `assemblyDir`, recorded in {@link pendingBundles}. The output of each entry is
 * byte for byte that of its own build (the infra test compares them); the directories sit at
 * the depth of CDK's bundling directories, so that the source maps name the same relative paths.
 */
function buildBundles(assemblyDir: string, entries: readonly string[]): void {
  const dirOf = (entry: string) =>
    `bundling-temp-suture-${path.relative(PROJECT_ROOT, path.dirname(entry)).replace(/[^\w-]+/g, '-')}`;
  const { outfile: _single, entryPoints: _entry, ...options } = esbuildOptionsFor(entries[0] ?? '', 'index.mjs');
  buildSync({
    ...options,
    entryPoints: entries.map((entry) => ({ in: entry, out: `${dirOf(entry)}/index` })),
    outdir: assemblyDir,
    outExtension: { '.js': '.mjs' },
  });
  if (!discardHooked) process.once('exit', discardPendingBundles);
  discardHooked = true;
  for (const entry of entries) pendingBundles.set(`${assemblyDir}\0${entry}`, path.join(assemblyDir, dirOf(entry)));
}

/** Removes the bundles no asset took (a synth that created only some of the functions). */
function discardPendingBundles(): void {
  for (const dir of pendingBundles.values()) fs.rmSync(dir, { recursive: true, force: true });
  pendingBundles.clear();
}

/**
 * Puts the bundle of `entry` in `outputDir` (CDK's bundling directory of its asset). The first
 * bundle a cloud assembly needs runs one esbuild build over every entry of {@link LAMBDA_ENTRIES}:
 * the modules they share (the AWS SDK above all) are then parsed and minified once, for about a
 * third of the CPU of one build per function; the later assets of the assembly take their output.
 */
function bundleInto(entry: string, outputDir: string): void {
  const assemblyDir = path.dirname(outputDir);
  const key = `${assemblyDir}\0${entry}`;
  if (!pendingBundles.has(key)) {
    const all = !bundledAssemblies.has(assemblyDir) && LAMBDA_ENTRIES.includes(entry);
    bundledAssemblies.add(assemblyDir);
    buildBundles(assemblyDir, all ? LAMBDA_ENTRIES : [entry]);
  }
  const dir = pendingBundles.get(key) ?? '';
  pendingBundles.delete(key);
  for (const file of fs.readdirSync(dir)) fs.renameSync(path.join(dir, file), path.join(outputDir, file));
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * The deployable code of the Lambda whose handler file is `entry` (absolute): an asset of
 * `index.mjs` (exporting `handler`) and its source map, bundled locally as {@link LAMBDA_BUNDLING}
 * says and hashed by its output, as NodejsFunction's own bundling does; the bundle is built only when
 * the stack is (CDK skips the bundling of stacks a CLI command leaves out).
 * @throws Error (at synth) when esbuild fails
 */
export function bundledCode(entry: string): lambda.Code {
  return lambda.Code.fromAsset(PROJECT_ROOT, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // Never pulled: the local bundling below always succeeds.
      image: DockerImage.fromRegistry('dummy'),
      // What the asset is (CDK's cache key of an asset includes its bundling options).
      command: ['esbuild', path.relative(PROJECT_ROOT, entry)],
      local: {
        tryBundle: (outputDir) => {
          bundleInto(entry, outputDir);
          return true;
        },
      },
    },
  });
}
