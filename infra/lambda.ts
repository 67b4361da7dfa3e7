/**
 * How every Suture Lambda is built, declared once: its runtime, its role (one customer-managed
 * policy, its own log group only), its encrypted log group, X-Ray tracing, reserved concurrency,
 * an optional dead-letter queue and the esbuild bundle of infra/bundling.ts. Used by the API
 * functions (infra/api.ts) and the refusals function (infra/refusals.ts).
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { bundledCode } from './bundling';
import type { StageSettings } from './stage';

/**
 * The Lambda runtime, explicit (not "latest"): nodejs24.x, the latest Node.js runtime of Lambda
 * (cdk-nag AwsSolutions-L1). The bundle's syntax target stays `node20` (see
 * LAMBDA_BUNDLING in infra/bundling.ts), the Node.js the tests run on here, which Node.js 24 runs
 * unchanged (the handlers are async; Node.js 24 on Lambda dropped only callback-style handlers).
 */
export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_24_X;

/**
 * A Lambda execution role whose statements all go to one customer-managed policy attached to it,
 * never to an inline (default) policy (cdk-nag HIPAA.Security-IAMNoInlinePolicy), and which may write
 * only its function's own log group (so no AWSLambdaBasicExecutionRole, which may write any log group).
 *
 * Every grant on the role (`table.grantReadData(fn)`, `fn.addToRolePolicy(...)`, CDK's own grants of
 * a BucketDeployment) lands in {@link LambdaRole.policy}. The policy is a child of the role, so a
 * function that depends on its role also waits for its permissions; a statement that names the
 * function itself must therefore go to a separate managed policy (a dependency cycle otherwise).
 */
export class LambdaRole extends iam.Role {
  /** The customer-managed policy that holds every statement of the role. */
  readonly policy: iam.ManagedPolicy;

  /**
   * @param logGroup The function's log group: the role gets logs:CreateLogStream and logs:PutLogEvents on it.
   */
  constructor(scope: Construct, id: string, props: { description: string; logGroup: logs.ILogGroup }) {
    super(scope, id, { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'), description: props.description });
    this.policy = new iam.ManagedPolicy(this, 'Policy', { roles: [this] });
    props.logGroup.grantWrite(this);
  }

  /** Adds `statement` to {@link LambdaRole.policy} (not to an inline default policy). */
  override addToPrincipalPolicy(statement: iam.PolicyStatement): iam.AddToPrincipalPolicyResult {
    this.policy.addStatements(statement);
    return { statementAdded: true, policyDependable: this.policy };
  }
}

export interface SutureFunctionProps {
  settings: StageSettings;
  /** The key of the function's log group (infra/keys.ts `logsKey`). */
  logsKey: kms.IKey;
  description: string;
  roleDescription: string;
  /** The handler file (exports `handler`), absolute. */
  entry: string;
  environment: Record<string, string>;
  memorySize: number;
  timeoutSeconds: number;
  reservedConcurrency: number;
  /** A dead-letter queue for the asynchronous events that fail after Lambda's two retries. */
  deadLetterQueue: boolean;
  /** Placeholder code instead of the bundle (fast synth only, never deploy it). */
  skipBundling: boolean;
}

/**
 * A function `id` under `scope` with its own log group (`<id>-logs`: 30 days, a year in prod,
 * encrypted with `logsKey`), its {@link LambdaRole} (`<id>-role`), Node.js 24 on arm64, active
 * tracing, source maps, and when asked a dead-letter queue (`<id>-dlq`: 14 days, SSE-SQS, TLS only).
 */
export function sutureFunction(scope: Construct, id: string, props: SutureFunctionProps): lambda.Function {
  const { settings } = props;
  const deadLetterQueue = props.deadLetterQueue
    ? new sqs.Queue(scope, `${id}-dlq`, {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      })
    : undefined;
  const logGroup = new logs.LogGroup(scope, `${id}-logs`, {
    retention: settings.isProd ? logs.RetentionDays.ONE_YEAR : logs.RetentionDays.ONE_MONTH,
    encryptionKey: props.logsKey,
    removalPolicy: settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
  return new NodejsFunction(scope, id, {
    description: props.description,
    role: new LambdaRole(scope, `${id}-role`, { description: props.roleDescription, logGroup }),
    runtime: LAMBDA_RUNTIME,
    architecture: lambda.Architecture.ARM_64,
    memorySize: props.memorySize,
    timeout: Duration.seconds(props.timeoutSeconds),
    logGroup,
    ...(deadLetterQueue ? { deadLetterQueue } : {}),
    reservedConcurrentExecutions: props.reservedConcurrency,
    // X-Ray: lambdas/lib/tracer.ts adds the handler's and the SDK calls' subsegments.
    tracing: lambda.Tracing.ACTIVE,
    environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    ...(props.skipBundling
      ? {
          handler: 'index.handler',
          code: lambda.Code.fromInline(
            "exports.handler = async () => ({ statusCode: 503, body: 'synthesized with skipBundling: not deployable' });",
          ),
        }
      : { handler: 'index.handler', code: bundledCode(props.entry) }),
  });
}
