/**
 * Import first in API integration tests: the Lambdas' INFO lines ("Request refused", one per 4xx)
 * are noise in test output; warnings and errors still show.
 */
process.env.POWERTOOLS_LOG_LEVEL ??= 'WARN';
