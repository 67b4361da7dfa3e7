/**
 * Refusals construct: the requests the HTTP API's JWT authorizer refuses with 401 reach no Lambda,
 * so a subscription on the API's access log sends their lines to the refusals function, which writes
 * their `denied` audit entries (lambdas/refusals/; docs/decisions/0012-refused-requests-in-the-audit-trail.md).
 */
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { LambdaDestination } from 'aws-cdk-lib/aws-logs-destinations';
import { Construct } from 'constructs';
import type { LambdaEnvInput } from '../lambdas/lib/env';
import { REFUSAL_FILTER } from '../lambdas/refusals/access-log';
import { sutureFunction } from './lambda';
import { REFUSALS_ENTRY } from './bundling';
import type { StageSettings } from './stage';

/** The refusals function's name in the monitoring (alarms, dashboard). */
export const REFUSALS_FUNCTION = 'refusals';
/** Reserved concurrency of the refusals function: deliveries are batched, a few at once suffice. */
export const REFUSALS_RESERVED_CONCURRENCY = 5;
/** Memory (MB) and timeout (s): a delivery of thousands of lines is written 25 entries at a time. */
export const REFUSALS_SIZING = { memorySize: 256, timeoutSeconds: 60 } as const;

export interface RefusalsProps {
  settings: StageSettings;
  /** The HTTP API's access log group (infra/api.ts `Api.accessLogGroup`). */
  accessLogGroup: logs.ILogGroup;
  /** The audit table: the function may PutItem on it and nothing else. */
  auditTable: dynamodb.ITable;
  /** The API functions' environment (the audit writer reads AUDIT_TABLE from it). */
  environment: LambdaEnvInput;
  logsKey: kms.IKey;
  skipBundling: boolean;
}

/**
 * The refusals function (lambdas/refusals/handler.ts, built like the API's: infra/lambda.ts) with a
 * dead-letter queue (CloudWatch Logs invokes it asynchronously: a delivery that still fails after
 * Lambda's two retries is kept 14 days), PutItem on the audit table only, and the subscription
 * filter that sends it the access log's 401 lines ({@link REFUSAL_FILTER}).
 */
export class Refusals extends Construct {
  readonly fn: lambda.Function;
  readonly subscription: logs.SubscriptionFilter;

  constructor(scope: Construct, id: string, props: RefusalsProps) {
    super(scope, id);
    const { settings } = props;
    this.fn = sutureFunction(this, 'Fn', {
      settings,
      logsKey: props.logsKey,
      description: `Suture audit entries of the requests refused with 401 (${settings.stage})`,
      roleDescription: 'Suture refusals function',
      entry: REFUSALS_ENTRY,
      environment: props.environment,
      ...REFUSALS_SIZING,
      reservedConcurrency: REFUSALS_RESERVED_CONCURRENCY,
      deadLetterQueue: true,
      skipBundling: props.skipBundling,
    });
    // Append-only, as for every API function (docs/decisions/0005-fail-closed-audit-write.md).
    props.auditTable.grant(this.fn, 'dynamodb:PutItem');
    this.subscription = new logs.SubscriptionFilter(this, 'Subscription', {
      logGroup: props.accessLogGroup,
      destination: new LambdaDestination(this.fn),
      filterPattern: logs.FilterPattern.stringValue(REFUSAL_FILTER.field, '=', REFUSAL_FILTER.value),
    });
  }
}
