import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The local runtime (emulators and the layers over them) serves `npm start` and the tests only: the
// deployed code and the CDK app never import it (docs/decisions/0008-local-runtime-without-docker.md).
const LOCAL = ['../local', '../local/**', '**/../local', '**/../local/**'];

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
      forbidden: ['**/lambdas/**', '**/web/**', '**/infra/**', '**/bin/**', 'node:*', '@aws-sdk/*', 'aws-amplify*', ...LOCAL],
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
