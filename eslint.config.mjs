import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

// The local runtime (emulators and the layers over them) serves `npm start` and the tests only: the
// deployed code and the CDK app never import it (docs/decisions/0008-local-runtime-without-docker.md).
const LOCAL = ['../local', '../local/**', '**/../local', '**/../local/**'];

// Data layer (docs/decisions/0010-data-layer.md): a resource folder `lambdas/<resource>/` imports
// `lambdas/lib/`, `lambdas/data/` and `shared/`, never another resource's folder, so that its bundle
// and its IAM grants follow the data modules it uses; `lambdas/lib/` and `lambdas/data/` import no
// resource folder at all.
const LAMBDAS = path.resolve(import.meta.dirname, 'lambdas');
const NOT_RESOURCES = new Set(['lib', 'data']);
/** The top folder of `file` under lambdas/ (undefined outside it or for lambdas/routes.ts). */
const lambdasFolder = (file) => {
  const rel = path.relative(LAMBDAS, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const parts = rel.split(path.sep);
  return parts.length > 1 ? parts[0] : undefined;
};
const resourceBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      crossResource:
        '{{from}} may not import the resource folder lambdas/{{to}}/: move what both need to lambdas/data/ or lambdas/lib/.',
    },
  },
  create(context) {
    const from = lambdasFolder(context.filename);
    if (from === undefined) return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = lambdasFolder(path.resolve(path.dirname(context.filename), spec));
      if (to === undefined || NOT_RESOURCES.has(to) || to === from) return;
      const where = NOT_RESOURCES.has(from) ? `lambdas/${from}/` : `The resource lambdas/${from}/`;
      context.report({ node: node.source, messageId: 'crossResource', data: { from: where, to } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  { ignores: ['node_modules', 'cdk.out', 'web/dist', '.data', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { files: ['**/*.js', '**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  {
    files: ['lambdas/**/*.ts'],
    plugins: { suture: { rules: { 'resource-boundaries': resourceBoundaries } } },
    rules: { 'suture/resource-boundaries': 'error' },
  },
  // Bundle size: `import { z } from 'zod'` pulls every zod locale (about
  // 265 KB) and all of zod classic into each Lambda bundle; the namespace import lets esbuild drop them.
  {
    files: ['lambdas/**/*.ts', 'shared/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > ImportSpecifier[imported.name='z']",
          message: "Import zod as `import * as z from 'zod'` (bundle size).",
        },
      ],
    },
  },
  // Layering (house rule): web and lambdas never import each other or the infrastructure; shared
  // imports none of them, nor Node or AWS modules (it runs in the browser and in the Lambdas).
  ...[
    { files: ['web/src/**/*.{ts,tsx}'], forbidden: ['**/lambdas/**', '**/infra/**', '**/bin/**', ...LOCAL] },
    { files: ['lambdas/**/*.ts'], forbidden: ['**/web/**', '**/infra/**', '**/bin/**', ...LOCAL] },
    { files: ['infra/**/*.ts'], forbidden: ['**/web/src/**', ...LOCAL] },
    {
      files: ['shared/**/*.ts'],
      forbidden: [
        '**/lambdas/**',
        '**/web/**',
        '**/infra/**',
        '**/bin/**',
        'node:*',
        '@aws-sdk/*',
        'aws-amplify*',
        ...LOCAL,
      ],
    },
  ].map(({ files, forbidden }) => ({
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: forbidden, message: 'Layering: web, lambdas and shared keep to their own side.' }] },
      ],
    },
  })),
);
