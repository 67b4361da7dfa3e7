/**
 * `npm run seed:stage -- -c stage=qa-123`: put the demo accounts and the demo
 * data into a deployed, non-production stage, for QA against an ephemeral stack.
 *
 * - The stage comes as the CDK CLI takes it: `-c stage=qa-123`, `--context stage=qa-123` or
 *   `--context=stage=qa-123`. Region and credentials come from the standard AWS environment
 *   (`AWS_REGION` or `AWS_DEFAULT_REGION`, `AWS_PROFILE` or `--profile <name>`, as for `cdk deploy`).
 * - `prod` (any stage that infra/stage.ts marks `isProd`) is refused before any AWS call (exit 3);
 *   so is a stack with termination protection or the tag `stage=prod` (exit 3, after the one read).
 * - It reads the outputs of the stage's stack `Suture-<stage>` (infra/app.ts) with CloudFormation
 *   DescribeStacks: `UserPoolId`, `DocumentsBucketName` and `SpaUrl` (infra/stack.ts). Table names
 *   are not outputs: infra/data.ts sets them as `suture-<stage>-<id>` with the same function
 *   (lambdas/lib/tables.ts `physicalTableName`) that the seed uses here.
 * - It runs THE seed of `npm start` (local/seed.ts `seedDemo`): Cognito administrator calls
 *   (AdminCreateUser, AdminSetUserPassword permanent, AdminAddUserToGroup by the account's groups)
 *   and the Lambdas' repositories for the data. Idempotent: the case plan is anchored at the stack's
 *   creation time, so a second run finds everything in place and adds nothing.
 *
 * Exit codes: 0 seeded; 1 an AWS call failed or the stack is missing or not ready; 2 bad arguments
 * or stage name; 3 refused (production).
 */
import { CloudFormationClient, DescribeStacksCommand, type Stack as CfnStack } from '@aws-sdk/client-cloudformation';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, seedResources, type SeedSummary } from '../local/seed';
import { InvalidStageError, parseStage, stageSettings, type StageSettings } from '../infra/stage';
import { SDK_RETRY } from '../lambdas/lib/aws';

/** Exit codes of `npm run seed:stage`. */
export const EXIT = { OK: 0, FAILED: 1, USAGE: 2, REFUSED: 3 } as const;

/** The stack outputs the seed needs (infra/stack.ts). */
export const REQUIRED_OUTPUTS = ['UserPoolId', 'DocumentsBucketName', 'SpaUrl'] as const;

/** Stack states in which the resources exist and are usable. */
const READY_STATUSES = new Set(['CREATE_COMPLETE', 'UPDATE_COMPLETE', 'UPDATE_ROLLBACK_COMPLETE', 'IMPORT_COMPLETE']);

export const USAGE = 'Usage: npm run seed:stage -- -c stage=<stage> [--profile <aws profile>]   (e.g. -c stage=qa-123)';

/** Thrown for arguments that cannot be understood; the message is shown with {@link USAGE}. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export interface SeedStageArgs {
  /** The `stage` context value as given (validated later with infra/stage.ts). */
  stage?: string;
  /** `--profile`: the AWS profile, as for the CDK CLI. */
  profile?: string;
  help: boolean;
}

/**
 * Parse the arguments after `--`, like the CDK CLI's context flag: `-c key=value`,
 * `--context key=value`, `--context=key=value`, `-c=key=value` (repeatable; keys other than `stage`
 * are ignored, as the app would ignore them here); `--profile <name>` / `--profile=<name>`; `-h`/`--help`.
 * @throws UsageError for an unknown argument, a flag without its value, or a context value without `=`.
 */
export function parseArgs(argv: readonly string[]): SeedStageArgs {
  const out: SeedStageArgs = { help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.indexOf('=');
    const flag = arg.startsWith('-') && eq > 0 ? arg.slice(0, eq) : arg;
    const inline = arg.startsWith('-') && eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (): string => {
      if (inline !== undefined) return inline;
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('-')) throw new UsageError(`${flag} needs a value`);
      i += 1;
      return next;
    };
    if (flag === '-h' || flag === '--help') {
      out.help = true;
    } else if (flag === '-c' || flag === '--context') {
      const pair = value();
      const at = pair.indexOf('=');
      if (at <= 0) throw new UsageError(`${flag} takes key=value, got "${pair}"`);
      if (pair.slice(0, at) === 'stage') out.stage = pair.slice(at + 1);
    } else if (flag === '--profile') {
      out.profile = value();
    } else {
      throw new UsageError(`Unknown argument "${arg}"`);
    }
  }
  return out;
}

/** Thrown when the stage must not be seeded (production); exit code {@link EXIT.REFUSED}. */
export class RefusedError extends Error {
  override name = 'RefusedError';
}

/** Thrown when the stack is missing, not ready, or lacks an output; exit code {@link EXIT.FAILED}. */
export class StackError extends Error {
  override name = 'StackError';
}

/** The name of the stage's stack, as infra/app.ts creates it. */
export function stackNameOf(stage: string): string {
  return `Suture-${stage}`;
}

/** What the seed reads from the deployed stack. */
export interface StageTarget {
  stackName: string;
  userPoolId: string;
  documentsBucket: string;
  spaUrl: string;
  /** The stack's creation time: the seed's "today", the same on every run (idempotence). */
  createdAt: Date;
}

/**
 * Read the stack `Suture-<stage>`: its outputs, creation time and production marks.
 * @throws StackError when it does not exist, is not in a ready state or lacks an output;
 *   RefusedError when it has termination protection or the tag `stage=prod` (a production stack);
 *   the SDK's error for any other failure (credentials, region, permissions).
 */
export async function readStageStack(cfn: CloudFormationClient, settings: StageSettings): Promise<StageTarget> {
  const stackName = stackNameOf(settings.stage);
  let stack: CfnStack | undefined;
  try {
    stack = (await cfn.send(new DescribeStacksCommand({ StackName: stackName }))).Stacks?.[0];
  } catch (err) {
    if ((err as Error)?.name === 'ValidationError' && /does not exist/i.test((err as Error).message)) {
      stack = undefined;
    } else {
      throw err;
    }
  }
  if (!stack) {
    throw new StackError(
      `Stack ${stackName} does not exist in this account and region: deploy it first (npx cdk deploy -c stage=${settings.stage}).`,
    );
  }
  if (stack.EnableTerminationProtection || stack.Tags?.some((t) => t.Key === 'stage' && t.Value === 'prod')) {
    throw new RefusedError(
      `Refusing to seed ${stackName}: it is marked as production (termination protection or tag stage=prod). Demo data never goes into production.`,
    );
  }
  if (!READY_STATUSES.has(String(stack.StackStatus))) {
    throw new StackError(
      `Stack ${stackName} is ${stack.StackStatus}: wait for the deployment to finish, then run again.`,
    );
  }
  const outputs = new Map((stack.Outputs ?? []).map((o) => [o.OutputKey, o.OutputValue]));
  const missing = REQUIRED_OUTPUTS.filter((key) => !outputs.get(key));
  if (missing.length) {
    throw new StackError(`Stack ${stackName} lacks the output(s) ${missing.join(', ')}: deploy the current app first.`);
  }
  return {
    stackName,
    userPoolId: outputs.get('UserPoolId')!,
    documentsBucket: outputs.get('DocumentsBucketName')!,
    spaUrl: outputs.get('SpaUrl')!,
    createdAt: stack.CreationTime ?? new Date(),
  };
}

export interface SeedStageIo {
  log(line: string): void;
  error(line: string): void;
}

const CONSOLE_IO: SeedStageIo = { log: (l) => console.log(l), error: (l) => console.error(l) };

function summaryLine(s: SeedSummary): string {
  return (
    `accounts ${s.accounts} (created or updated), new: profiles ${s.profiles}, surgeons ${s.surgeons}, ` +
    `facilities ${s.facilities}, cases ${s.cases}, CPT codes ${s.cptCodes}, disputes ${s.disputes}`
  );
}

/**
 * The whole command; resolves with its exit code ({@link EXIT}) and never throws.
 * Order: arguments, stage name, production refusal (no AWS call before this point), stack read,
 * seed. Region and credentials: the SDK's default chain (`AWS_REGION`, `AWS_DEFAULT_REGION` copied
 * to it when unset, `AWS_PROFILE` or `--profile`).
 */
export async function runSeedStage(argv: readonly string[], io: SeedStageIo = CONSOLE_IO): Promise<number> {
  let settings: StageSettings;
  let args: SeedStageArgs;
  try {
    args = parseArgs(argv);
    if (args.help) {
      io.log(USAGE);
      return EXIT.OK;
    }
    if (args.stage === undefined) throw new UsageError('Which stage? Give it as -c stage=<stage>.');
    settings = stageSettings(parseStage(args.stage));
  } catch (err) {
    if (err instanceof UsageError || err instanceof InvalidStageError) {
      io.error((err as Error).message);
      io.error(USAGE);
      return EXIT.USAGE;
    }
    throw err;
  }
  if (settings.isProd) {
    io.error(
      `Refusing to seed stage "${settings.stage}": it is production. seed:stage puts demo accounts with a published password into a stage; use it on dev or QA stages only.`,
    );
    return EXIT.REFUSED;
  }

  if (args.profile) process.env.AWS_PROFILE = args.profile;
  if (!process.env.AWS_REGION && process.env.AWS_DEFAULT_REGION)
    process.env.AWS_REGION = process.env.AWS_DEFAULT_REGION;
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const cfn = new CloudFormationClient({ ...SDK_RETRY });
  const cognito = new CognitoIdentityProviderClient({ ...SDK_RETRY });
  try {
    const target = await readStageStack(cfn, settings);
    io.log(`Seeding ${target.stackName} (user pool ${target.userPoolId}, bucket ${target.documentsBucket})...`);
    const summary = await seedDemo({
      cognito,
      userPoolId: target.userPoolId,
      resources: seedResources(settings.resourcePrefix, target.documentsBucket),
      now: target.createdAt,
      log: io.log,
    });
    io.log(`Done: ${summaryLine(summary)}.`);
    io.log(`Sign in at ${target.spaUrl} with the password ${DEMO_PASSWORD} as:`);
    for (const account of DEMO_ACCOUNTS) io.log(`  ${account.email}`);
    return EXIT.OK;
  } catch (err) {
    if (err instanceof RefusedError) {
      io.error(err.message);
      return EXIT.REFUSED;
    }
    const e = err as Error;
    if (e instanceof StackError) io.error(e.message);
    else if (/region is missing/i.test(e?.message ?? '')) {
      io.error('No AWS region: set AWS_REGION (or AWS_DEFAULT_REGION, or a profile with a region).');
    } else io.error(`seed:stage failed: ${e?.name ?? 'Error'}: ${e?.message ?? String(err)}`);
    return EXIT.FAILED;
  } finally {
    cfn.destroy();
    cognito.destroy();
  }
}

if (require.main === module) {
  void runSeedStage(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
