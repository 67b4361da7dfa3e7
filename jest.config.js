/**
 * Jest 30 with @swc/jest. Projects: unit (no network), integration (real emulators),
 * infra (CDK synth), e2e (real Chromium; skipped without Chromium unless CI is set).
 */
const { availableParallelism } = require('node:os');

// The SPA shows times in the machine's zone; the tests' expected texts are written for UTC, the zone
// of CI and of the development machine. Set before any worker starts, so that every project runs in it.
process.env.TZ = 'UTC';

const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
  '^.+\\.m?js$': ['@swc/jest', { module: { type: 'commonjs' } }],
};
// ESM-only packages in node_modules that jest must transform.
const transformIgnorePatterns = [
  '/node_modules/(?!(csv-stringify|@middy|@scure|@noble|otplib|@otplib|rettime|@open-draft|until-async)/)',
];
const common = {
  transform,
  transformIgnorePatterns,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};

module.exports = {
  // Jest's default (cores - 1): one worker on 2 cores. `npm test` gives the CPU-bound unit and infra
  // projects two, then runs the browser suites beside the niced integration suites
  // (docs/decisions/0020-ci-time.md).
  maxWorkers: Math.max(1, availableParallelism() - 1),
  // Every suite closes its emulators, servers and browser in afterAll; should one ever be left
  // open (a crashed Chromium, say), jest still ends instead of holding CI until its time limit.
  forceExit: true,
  // With two workers on 2 cores, a runtime restart, an emulator's first answer or the parse of the
  // real CMS file passes Jest's 5 s. Global: jest-circus reads the timeout from the global config only.
  testTimeout: 30_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts?(x)'],
      // The async hooks a file's modules enabled (the X-Ray SDK's) end with it (test/unit/support/async-hooks.ts).
      setupFilesAfterEnv: ['<rootDir>/test/unit/support/async-hooks.ts'],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      // One local runtime per worker, shared by its suites (test/support/shared-runtime.ts).
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      // As in the unit project: the async hooks a suite's modules enabled (the X-Ray SDK's) end with it.
      setupFilesAfterEnv: ['<rootDir>/test/unit/support/async-hooks.ts'],
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
    },
    { ...common, displayName: 'infra', testMatch: ['<rootDir>/test/infra/**/*.test.ts'] },
    {
      ...common,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/e2e/**/*.test.ts'],
      // The demo data seeded once; each suite's runtime starts on a copy (test/e2e/support/global-setup.ts).
      globalSetup: '<rootDir>/test/e2e/support/global-setup.ts',
      // The Lambdas' INFO lines (one per refused request, per report) off before any module makes its logger.
      setupFiles: ['<rootDir>/test/e2e/support/log-level.ts'],
      // The suites run one after another in one process: each would leave the X-Ray SDK's async hook
      // of its runtime on every promise of the suites after it (test/unit/support/async-hooks.ts).
      setupFilesAfterEnv: ['<rootDir>/test/unit/support/async-hooks.ts'],
      globalTeardown: '<rootDir>/test/e2e/support/global-teardown.ts',
    },
  ],
};
