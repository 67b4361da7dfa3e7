/**
 * `npm run number:cases -- --stage <stage>`: give a deployed stage's cases created before case
 * numbers theirs, in creation order (lambdas/data/case/numbering.ts; docs/decisions/0022-case-numbers.md).
 * Run once after the deploy that brings case numbers (docs/operations.md); idempotent, so a second
 * run, or a run on a stage whose cases all have numbers, changes nothing. Locally `npm start` does
 * it on every start.
 *
 * Tables `suture-<stage>-cases` and `suture-<stage>-case-stats` (lambdas/lib/tables.ts
 * `physicalTableName`); region and credentials from the SDK's usual chain (`AWS_REGION`,
 * `AWS_PROFILE`). Exit codes: 0 done, 1 failed, 2 bad usage.
 */
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
import { parseArgs } from 'node:util';
import { InvalidStageError, parseStage, stageSettings } from '../infra/stage';
import { numberExistingCases } from '../lambdas/data/case/numbering';
import { refreshIndexKeys } from '../lambdas/data/refresh-keys';
import { recountAnalytics } from '../lambdas/data/counters/recount-analytics';
import { resetAwsClients } from '../lambdas/lib/aws';
import { resetEnvCache } from '../lambdas/lib/env';
import { TABLES, physicalTableName } from '../lambdas/lib/tables';
import { UsageError, runCli } from './lib/cli';

const HELP = `Usage: npm run number:cases -- --stage <stage>

Gives every case of the stage that has no case number one (C-000001, ...), in creation order,
from the stage's counter, then gives cases and profiles written before them today's index keys
(search texts, case-date and status-change orders), then recounts the analytics counters (pay
amounts per status, payers, days in status) from the cases. Cases that have a number keep it; a
second run changes nothing. Run it when the stage is quiet.

Options:
  --stage S    the deployed stage (tables suture-S-*), with the SDK's usual credentials and region
  -h, --help   this text`;

/** Point the data modules at the stage's tables (the Lambda environment's variable names). */
function useStageTables(stage: string): void {
  const prefix = stageSettings(stage).resourcePrefix;
  for (const def of TABLES) process.env[def.envVar] = physicalTableName(prefix, def);
  // The environment schema asks for it; the numbering never touches the bucket.
  process.env.DOCUMENTS_BUCKET ??= 'unused-by-number-cases';
  if (!process.env.AWS_REGION && process.env.AWS_DEFAULT_REGION)
    process.env.AWS_REGION = process.env.AWS_DEFAULT_REGION;
  resetEnvCache();
  resetAwsClients();
}

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { help: { type: 'boolean', short: 'h' }, stage: { type: 'string' } },
  });
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  if (!values.stage) throw new UsageError('Which stage? Give it as --stage <stage>.');
  let stage: string;
  try {
    stage = parseStage(values.stage);
  } catch (err) {
    if (err instanceof InvalidStageError) throw new UsageError(err.message);
    throw err;
  }
  useStageTables(stage);
  console.log(`Numbering the cases of ${stage} (${process.env.CASES_TABLE})...`);
  const result = await numberExistingCases();
  console.log(`Done: ${result.cases} cases read, ${result.numbered} numbered now; highest number ${result.highest}.`);
  const refreshed = await refreshIndexKeys();
  console.log(
    `Index keys: ${refreshed.casesRewritten} of ${refreshed.cases} cases and ${refreshed.profilesRewritten} of ${refreshed.profiles} profiles rewritten.`,
  );
  const recounted = await recountAnalytics();
  console.log(`Analytics counters: ${recounted.items} items recounted from ${recounted.cases} cases.`);
  return 0;
}

runCli(main, { help: HELP, expected: [] });
