/**
 * Monitoring construct: where a stage's alarms go (an encrypted SNS topic, mailed to the stage's
 * `alarmEmail`), the alarms themselves and a dashboard of the same figures
 * (docs/decisions/0013-observability.md).
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { METRIC_NAMES, SERVICE_DIMENSION } from '../lambdas/lib/metrics';
import type { StageSettings } from './stage';

/** The DynamoDB operations Suture calls: the throttled requests of each are summed per table (at most 10 metrics per alarm). */
export const DYNAMODB_OPERATIONS: readonly dynamodb.Operation[] = [
  dynamodb.Operation.GET_ITEM,
  dynamodb.Operation.BATCH_GET_ITEM,
  dynamodb.Operation.QUERY,
  dynamodb.Operation.SCAN,
  dynamodb.Operation.PUT_ITEM,
  dynamodb.Operation.UPDATE_ITEM,
  dynamodb.Operation.DELETE_ITEM,
  dynamodb.Operation.BATCH_WRITE_ITEM,
  dynamodb.Operation.TRANSACT_WRITE_ITEMS,
];

/** Share of the HTTP API's requests answered 5xx over {@link ALARM_PERIOD} that raises the alarm, in percent. */
export const API_5XX_RATE_PERCENT = 5;
/** The period every alarm evaluates, once. */
export const ALARM_PERIOD = Duration.minutes(5);

/** The CloudWatch namespace of a stage's application metrics (EMF from Powertools Metrics), e.g. `Suture/dev`. */
export function metricsNamespace(settings: StageSettings): string {
  return `Suture/${settings.stage}`;
}

/** Thrown when a prod stage has no `alarmEmail`: its alarms would reach nobody. */
export class MissingAlarmEmailError extends Error {
  override name = 'MissingAlarmEmailError';
}

export interface MonitoringProps {
  settings: StageSettings;
  httpApi: apigwv2.IHttpApi;
  /** Every function by name (the API's by resource, and the refusals function): each gets an Errors and a Throttles alarm and the metrics namespace. */
  functions: ReadonlyMap<string, lambda.Function>;
  /** Every table of the stack, by its env var: one throttled-requests alarm each. */
  tables: ReadonlyMap<string, dynamodb.ITable>;
  webAcl: wafv2.CfnWebACL;
  /** The key of the alarm topic (the stack's `logsKey`: operational data, no PHI). */
  key: kms.IKey;
}

/**
 * One stage's alarms, each notifying {@link Monitoring.topic} (SSE-KMS with `key`, TLS only, an email
 * subscription when the stage has `alarmEmail`), and the dashboard `<resourcePrefix>`:
 *
 * - the HTTP API's 5xx rate above {@link API_5XX_RATE_PERCENT} %;
 * - each function's Errors (a crash, a timeout: answered 500s are counted by the API alarm) and
 *   Throttles, any;
 * - each table's throttled requests ({@link DYNAMODB_OPERATIONS}), any;
 * - the web ACL's blocked requests above the stage's `wafBlockedBaseline`;
 * - `AuditWriteFailed` of the application metrics, any: a request whose audit entry could not be
 *   written was refused (docs/decisions/0005-fail-closed-audit-write.md), and nobody may miss it.
 *
 * Every alarm evaluates one {@link ALARM_PERIOD}; missing data is not breaching (no traffic is fine).
 * Each function gets `POWERTOOLS_METRICS_NAMESPACE` ({@link metricsNamespace}), where the alarms read.
 * @throws MissingAlarmEmailError in prod without `alarmEmail`.
 */
export class Monitoring extends Construct {
  readonly topic: sns.Topic;
  readonly alarms: cloudwatch.Alarm[] = [];
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: MonitoringProps) {
    super(scope, id);
    const { settings } = props;
    if (settings.isProd && !settings.alarmEmail) {
      throw new MissingAlarmEmailError(
        `Stage ${settings.stage} needs -c alarmEmail=<address>: its alarms must reach someone`,
      );
    }
    const stack = Stack.of(this);
    const namespace = metricsNamespace(settings);

    this.topic = new sns.Topic(this, 'Alarms', {
      displayName: `Suture ${settings.stage} alarms`,
      masterKey: props.key,
      enforceSSL: true,
    });
    // CloudWatch publishes to an encrypted topic only when the key lets it (the AWS-managed SNS key does not).
    props.key.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    );
    this.topic.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': stack.account } },
      }),
    );
    if (settings.alarmEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(settings.alarmEmail));

    for (const fn of props.functions.values()) fn.addEnvironment('POWERTOOLS_METRICS_NAMESPACE', namespace);

    const period = ALARM_PERIOD;
    const api5xxRate = new cloudwatch.MathExpression({
      expression: 'IF(requests > 0, 100 * errors / requests, 0)',
      usingMetrics: {
        errors: props.httpApi.metricServerError({ period, statistic: 'Sum' }),
        requests: props.httpApi.metricCount({ period, statistic: 'Sum' }),
      },
      label: 'API 5xx (%)',
      period,
    });
    this.alarm(
      'Api5xxRate',
      api5xxRate,
      API_5XX_RATE_PERCENT,
      `HTTP API: more than ${API_5XX_RATE_PERCENT} % of requests answered 5xx`,
      cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    );

    const fnErrors: cloudwatch.IMetric[] = [];
    const fnThrottles: cloudwatch.IMetric[] = [];
    for (const [resource, fn] of props.functions) {
      const errors = fn.metricErrors({ period, statistic: 'Sum', label: resource });
      const throttles = fn.metricThrottles({ period, statistic: 'Sum', label: resource });
      this.alarm(`Fn-${resource}-Errors`, errors, 1, `Lambda ${resource}: invocations failed (crash or timeout)`);
      this.alarm(`Fn-${resource}-Throttles`, throttles, 1, `Lambda ${resource}: invocations throttled`);
      fnErrors.push(errors);
      fnThrottles.push(throttles);
    }

    const tableThrottles: cloudwatch.IMetric[] = [];
    for (const [index, [envVar, table]] of [...props.tables].entries()) {
      // ThrottledRequests exists per operation, and only where one was throttled: missing values
      // count 0 in the sum (`a + b` would drop every period in which one operation had none).
      const id = `t${index}_`;
      const throttled = new cloudwatch.MathExpression({
        expression: `SUM(FILL(METRICS("${id}"), 0))`,
        usingMetrics: Object.fromEntries(
          DYNAMODB_OPERATIONS.map((op) => [
            `${id}${op.toLowerCase()}`,
            table.metric('ThrottledRequests', {
              dimensionsMap: { TableName: table.tableName, Operation: op },
              period,
              statistic: 'Sum',
            }),
          ]),
        ),
        label: envVar,
        period,
      });
      this.alarm(`${envVar}-Throttled`, throttled, 1, `DynamoDB ${envVar}: requests throttled`);
      tableThrottles.push(throttled);
    }

    // A CLOUDFRONT web ACL's metrics carry its visibility metric name, and Rule ALL for the whole ACL.
    const wafMetric = (metricName: string) =>
      new cloudwatch.Metric({
        namespace: 'AWS/WAFV2',
        metricName,
        dimensionsMap: {
          WebACL: (props.webAcl.visibilityConfig as wafv2.CfnWebACL.VisibilityConfigProperty).metricName,
          Rule: 'ALL',
        },
        period,
        statistic: 'Sum',
      });
    const wafBlocked = wafMetric('BlockedRequests');
    this.alarm(
      'WafBlocked',
      wafBlocked,
      settings.wafBlockedBaseline,
      `WAF: more than ${settings.wafBlockedBaseline} requests blocked in ${period.toMinutes()} minutes`,
      cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
    );

    const app = (metricName: string, dimensionsMap: Record<string, string> = {}) =>
      new cloudwatch.Metric({
        namespace,
        metricName,
        dimensionsMap: { service: SERVICE_DIMENSION, ...dimensionsMap },
        period,
        statistic: 'Sum',
      });
    this.alarm(
      'AuditWriteFailed',
      app(METRIC_NAMES.auditWriteFailed),
      1,
      'Audit trail: an entry could not be written (the request was refused)',
    );

    this.dashboard = new cloudwatch.Dashboard(this, 'Dashboard', {
      dashboardName: settings.resourcePrefix,
      defaultInterval: Duration.days(1),
    });
    const graph = (title: string, left: cloudwatch.IMetric[], right: cloudwatch.IMetric[] = []) =>
      new cloudwatch.GraphWidget({ title, left, right, width: 12, height: 6 });
    this.dashboard.addWidgets(
      new cloudwatch.AlarmStatusWidget({ title: 'Alarms', alarms: this.alarms, width: 24, height: 4 }),
    );
    this.dashboard.addWidgets(
      graph(
        'HTTP API: requests and 5xx rate (%)',
        [props.httpApi.metricCount({ period, statistic: 'Sum' })],
        [api5xxRate],
      ),
      graph(
        'Requests by status class',
        ['2xx', '4xx', '5xx'].map((c) => app(METRIC_NAMES.requests, { statusClass: c })),
      ),
    );
    this.dashboard.addWidgets(graph('Lambda errors', fnErrors), graph('Lambda throttles', fnThrottles));
    this.dashboard.addWidgets(
      graph('DynamoDB throttled requests', tableThrottles),
      graph('WAF requests', [wafBlocked, wafMetric('AllowedRequests')]),
    );
    this.dashboard.addWidgets(
      graph('Audit writes', [
        app(METRIC_NAMES.auditWriteSucceeded),
        app(METRIC_NAMES.auditWriteFailed),
        app(METRIC_NAMES.accessLogLineMalformed),
      ]),
      graph(
        'Document confirms',
        [METRIC_NAMES.documentConfirmed, METRIC_NAMES.documentConfirmRefused, METRIC_NAMES.documentConfirmFailed].map(
          (name) => app(name),
        ),
      ),
    );
  }

  /** An alarm on `metric` (one {@link ALARM_PERIOD}, missing data not breaching) notifying the topic. */
  private alarm(
    id: string,
    metric: cloudwatch.IMetric,
    threshold: number,
    description: string,
    comparisonOperator = cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
  ): cloudwatch.Alarm {
    const alarm = new cloudwatch.Alarm(this, id, {
      metric,
      threshold,
      comparisonOperator,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    });
    alarm.addAlarmAction(new actions.SnsAction(this.topic));
    this.alarms.push(alarm);
    return alarm;
  }
}
