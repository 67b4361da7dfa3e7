/**
 * Import first in API integration tests: the Lambdas' INFO lines ("Request refused", one per 4xx)
 * are noise in test output; warnings and errors still show. A handler run in the test process
 * writes no metrics, as in the local runtime (local/observability.ts).
 */
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
