/**
 * Lambda environment for unit tests: import FIRST (before any lambdas/ module) so that the logger
 * and getEnv() see it. No endpoints: every AWS call is mocked with aws-sdk-client-mock.
 */
Object.assign(process.env, {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  CASES_TABLE: 'cases',
  CASE_STATS_TABLE: 'case-stats',
  USERS_TABLE: 'users',
  SURGEONS_TABLE: 'surgeons',
  FACILITIES_TABLE: 'facilities',
  CPT_CODES_TABLE: 'cpt-codes',
  CPT_SEARCH_TABLE: 'cpt-search',
  LISTS_TABLE: 'lists',
  REPORTS_TABLE: 'reports',
  AUDIT_TABLE: 'audit',
  DISPUTES_TABLE: 'disputes',
  CASE_NOTES_TABLE: 'case-notes',
  SUPPORT_TABLE: 'support',
  REMINDERS_TABLE: 'reminders',
  SENDER_EMAIL: 'no-reply@suture.test',
  SUPPORT_EMAIL: 'support@suture.test',
  DOCUMENTS_BUCKET: 'documents',
  USER_POOL_ID: 'us-east-1_unit',
  NPPES_API_URL: 'https://nppes.test/api/?version=2.1',
  POWERTOOLS_LOG_LEVEL: 'SILENT',
  // No EMF lines among the test output; test/unit/lambdas/observability.test.ts turns them on.
  POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
  POWERTOOLS_METRICS_NAMESPACE: 'Suture/unit',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
});

/**
 * The list cursors' key (lambdas/lib/cursor-seal.ts): GetSecretValue of `CURSOR_KEY_SECRET_ARN`
 * answered by aws-sdk-client-mock with a random secret, and loaded before the file's tests, so that
 * list functions called directly can seal cursors as after a Lambda's cold start. Imported inside the
 * hook: this module must set the environment before any lambdas/ module loads.
 */
process.env.CURSOR_KEY_SECRET_ARN = 'arn:aws:secretsmanager:us-east-1:000000000000:secret:suture-unit-cursor-key';
beforeAll(async () => {
  const { randomBytes } = await import('node:crypto');
  const { GetSecretValueCommand, SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
  const { mockClient } = await import('aws-sdk-client-mock');
  const { loadCursorKey } = await import('../../../../lambdas/lib/cursor-seal');
  mockClient(SecretsManagerClient)
    .on(GetSecretValueCommand, { SecretId: process.env.CURSOR_KEY_SECRET_ARN })
    .resolves({ SecretString: randomBytes(32).toString('base64') });
  await loadCursorKey();
});
