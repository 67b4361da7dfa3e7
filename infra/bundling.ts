/**
 * How every API Lambda is bundled, declared once (docs/decisions/0004-bundled-aws-sdk.md): the
 * NodejsFunction options of `infra/api.ts` ({@link LAMBDA_BUNDLING}) and the same build as
 * esbuild's own options ({@link esbuildOptionsFor}), which `npm run bench:api` uses to measure the
 * bundles that CDK deploys (size and cold init) without a synth.
 */
import * as path from 'node:path';
import { LogLevel, OutputFormat, type BundlingOptions } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';
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
