/**
 * The file a Lambda pool thread starts (`startLambdaPool`, ./lambda-pool.ts): plain CommonJS, like
 * ./dynamodb-worker.cjs, so that it loads the same way under `tsx` (bin/local.ts, the scripts) and
 * under jest (whose @swc/jest transform a Worker does not inherit). It registers tsx's CommonJS hook
 * in this thread, then runs the TypeScript entry ./lambda-worker.ts.
 */
require('tsx/cjs/api').register();
require('./lambda-worker.ts');
