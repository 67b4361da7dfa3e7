/**
 * Setup file of the e2e project (jest.config.js `setupFiles`): the Lambdas' Powertools logger takes
 * its level when its module loads, which may be before the suite's runtime starts (a test file that
 * imports from lambdas/, or local/ itself). WARN unless `SUTURE_LOCAL_LOG` asks for the request log;
 * a level set by the caller is kept.
 */
const level = process.env.SUTURE_LOCAL_LOG ? 'INFO' : 'WARN';
process.env.LOG_LEVEL ??= level;
process.env.POWERTOOLS_LOG_LEVEL ??= level;
export {};
