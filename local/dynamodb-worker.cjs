/**
 * The file a DynamoDB emulator's Worker starts (`startDynamo`, ./dynamodb.ts): plain CommonJS, so
 * that it loads the same way under `tsx` (bin/local.ts, the scripts) and under jest (whose @swc/jest
 * transform a Worker does not inherit). It registers tsx's CommonJS hook in this thread, then runs
 * the TypeScript entry ./dynamodb-worker.ts.
 */
require('tsx/cjs/api').register();
require('./dynamodb-worker.ts');
