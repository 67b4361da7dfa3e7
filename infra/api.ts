/**
 * API construct: the HTTP API, its Cognito JWT authorizer and one Lambda per resource
 * (routes from `shared/api-routes.ts`, grants from `lambdas/routes.ts`).
 */
import { Aws, Duration, Fn, RemovalPolicy, TimeZone } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as events from 'aws-cdk-lib/aws-events';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as schedulerTargets from 'aws-cdk-lib/aws-scheduler-targets';
import * as ses from 'aws-cdk-lib/aws-ses';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as snsSubscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { PURGE_EVENT } from '../lambdas/case/purge';
import { DEFAULT_NPPES_API_URL, type LambdaEnvInput } from '../lambdas/lib/env';
import { DISPUTE_DEADLINES_ENV } from '../shared/dispute/settings';
import { REMINDERS_EVENT } from '../shared/schemas/reminders';
import { ACCESS_LOG_FORMAT } from '../lambdas/refusals/access-log';
import {
  DEFAULT_FUNCTION_SIZING,
  FUNCTION_SIZING,
  RESOURCES,
  RESOURCE_ACCESS,
  ROUTES,
  type Resource,
} from '../lambdas/routes';
import { handlerEntry } from './bundling';
import type { Data } from './data';
import { sutureFunction } from './lambda';
import type { StageSettings } from './stage';

export interface ApiProps {
  settings: StageSettings;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  data: Data;
  documentsBucket: s3.IBucket;
  /**
   * The key of the documents bucket: functions that touch the bucket may encrypt and decrypt with it;
   * it also encrypts the topic of SES's email events.
   */
  documentsKey: kms.IKey;
  /** The key of every log group (Lambda logs, API access log; infra/keys.ts `logsKey`). */
  logsKey: kms.IKey;
  /** The secret the list cursors' key comes from (infra/keys.ts), read by the functions that page. */
  cursorKeySecret: secretsmanager.ISecret;
  /** NPPES NPI Registry base URL with `version=2.1`; default the real registry. */
  nppesApiUrl?: string;
  /** The SPA's origin (CloudFront), for the links to a case in the reminder emails (`APP_URL`). */
  appUrl?: string;
  /**
   * true: deploy a placeholder instead of bundling the handlers (fast synth only, never deploy it).
   * Set by the `skipBundling` context flag.
   */
  skipBundling?: boolean;
}

/** The functions that compute deadlines or their states, and get the stage's `DISPUTE_DEADLINES`. */
export const DEADLINE_RESOURCES: readonly Resource[] = ['dispute', 'case', 'reminders'];

/** The Cognito administrator actions a `cognitoAdmin` resource may call, on its user pool only. */
export const COGNITO_ADMIN_ACTIONS = [
  'AdminCreateUser',
  'AdminDisableUser',
  // Whether an invitation is still pending before it is sent again (lambdas/user/accounts.ts).
  'AdminGetUser',
  'AdminAddUserToGroup',
  'AdminRemoveUserFromGroup',
  // The invitations not accepted yet (GET /user/invitations).
  'ListUsers',
] as const;

/**
 * Reserved concurrency per function (one resource cannot starve the others):
 * {@link DEFAULT_RESERVED_CONCURRENCY} unless listed here. The sum (about 250) leaves most of a default
 * regional limit of 1,000 unreserved (AWS keeps at least 100 unreserved). The report and lists
 * functions are heavy and rare, so they get a small share.
 */
export const RESERVED_CONCURRENCY: Readonly<Partial<Record<Resource, number>>> = {
  case: 50,
  cpt_codes: 40,
  document: 40,
  lists: 5,
  report: 10,
};
/** Reserved concurrency of a function not listed in {@link RESERVED_CONCURRENCY}. */
export const DEFAULT_RESERVED_CONCURRENCY = 25;

/**
 * Resources whose function is also invoked asynchronously (`InvocationType: Event`, lambdas/lib/invoke.ts):
 * the targets of `invokes` and the `invokesSelf` resources of `RESOURCE_ACCESS`. Each gets a dead-letter
 * queue for the events that fail after Lambda's retries.
 */
export function asyncInvokedResources(): Set<Resource> {
  const out = new Set<Resource>();
  for (const r of RESOURCES) {
    for (const target of RESOURCE_ACCESS[r].invokes ?? []) out.add(target);
    if (RESOURCE_ACCESS[r].invokesSelf) out.add(r);
  }
  return out;
}

/** Throttling of the `$default` stage: steady requests per second and burst, per route. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 } as const;

/** Tighter throttling for routes that fan out to slow work or to a third party, by route key. */
export const ROUTE_THROTTLE: Readonly<Record<string, { rateLimit: number; burstLimit: number }>> = {
  'POST /report/provider-payment': { rateLimit: 5, burstLimit: 10 },
  'GET /check_npi': { rateLimit: 10, burstLimit: 20 },
};

/**
 * The HTTP API.
 *
 * - routes: every entry of `ROUTES`; `auth: true` routes use the Cognito user pool JWT authorizer
 *   (issuer `https://cognito-idp.<region>.amazonaws.com/<poolId>`, audience the SPA's app client id,
 *   token from the `Authorization` header), `auth: false` routes (`/case/health`, `/health`) none;
 * - one NodejsFunction per resource (entry `lambdas/<resource>/handler.ts`, export `handler`,
 *   payload format 2.0), Node.js 24 on arm64, environment per `LambdaEnvInput`, its own log group;
 * - least privilege from `RESOURCE_ACCESS`: read-only or read-write per table; the documents bucket
 *   only for resources that declare `documentsBucket` (the document Lambda): s3:GetObject,
 *   s3:PutObject and s3:DeleteObject on `private/*`, s3:GetObjectVersion on the staging prefix
 *   `private/uploads/*` only (a confirm checks and copies one version), nothing else (no list);
 *   `invokes`: lambda:InvokeFunction on those functions only, their name in `DOCUMENT_FUNCTION_NAME`
 *   (the case Lambda asks the document Lambda to delete a deleted case's files);
 * - `cognitoAdmin`: {@link COGNITO_ADMIN_ACTIONS} on the user pool's ARN, its id in `USER_POOL_ID`
 *   (the user Lambda: invite, type change, delete);
 * - `email` (the support function): ses:SendEmail on the stage's verified identity only, from its
 *   sender address only (condition `ses:FromAddress`), the addresses in `SENDER_EMAIL`, `SUPPORT_EMAIL`;
 * - `cursorKey` (the functions that page): secretsmanager:GetSecretValue on the cursor key secret
 *   only, its ARN in `CURSOR_KEY_SECRET_ARN`;
 * - `reportsPrefix` (the report Lambda): s3:GetObject, s3:PutObject on `private/reports/*` only (kept reports);
 * - `exportsPrefix` (the export Lambda): s3:GetObject, s3:PutObject, s3:AbortMultipartUpload on
 *   `private/exports/*` only (export files and their state);
 * - `importsBucket` (the lists Lambda): s3:GetObject, s3:PutObject, s3:DeleteObject on `imports/*` only
 *   (browser imports of reference files); `invokesSelf`: lambda:InvokeFunction on
 *   its own function (a separate policy, so that the function does not depend on its own ARN);
 * - sizes: `DEFAULT_FUNCTION_SIZING` (10 s, 512 MB) except `FUNCTION_SIZING` of lambdas/routes.ts (the
 *   report, lists and export functions);
 * - no CORS: the browser calls the API through the SPA's own CloudFront distribution under `/api`
 *   (infra/web.ts `Web.addApi`), the same origin;
 * - each function's role is a `LambdaRole` of infra/lambda.ts (customer-managed policy, its own log group only);
 * - throttling of the `$default` stage: {@link API_THROTTLE} for every route and
 *   {@link ROUTE_THROTTLE} for the report and NPI routes, all callers of a route together (an HTTP
 *   API cannot throttle per caller; the local gateway's per-caller limit is `RATE_LIMIT` of
 *   infra/security-headers.ts); beyond them 429.
 */
export class Api extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  /** API base URL without trailing slash (the `$default` stage), e.g. `https://abc.execute-api.us-east-1.amazonaws.com`. */
  readonly url: string;
  /** The execute-api host of the `$default` stage (`<apiId>.execute-api.<region>.amazonaws.com`), CloudFront's `/api` origin. */
  readonly domainName: string;
  /**
   * The token CloudFront's `/api/*` origin sends in `x-suture-origin-verify` and every function gets
   * as `ORIGIN_VERIFY` (lambdas/lib/origin.ts): a call to the execute-api URL without it, past the
   * WAF, is a 403. The random part of the stack id (a UUID CloudFormation draws per stack): stable
   * across deploys, unknown outside the account (readable by those who may describe the stack,
   * who could read the functions' environment anyway); not rotated.
   */
  readonly originVerifyToken: string;
  readonly functions: ReadonlyMap<Resource, lambda.Function>;
  /** The `$default` stage's access log group. */
  readonly accessLogGroup: logs.LogGroup;
  /** The environment every function gets (table names, bucket, origin token, log settings). */
  readonly environment: LambdaEnvInput;
  /** The daily schedule of the reminder emails, and the topic of SES's bounces and complaints. */
  remindersSchedule!: scheduler.Schedule;
  emailEventsTopic!: sns.Topic;
  private readonly userPool: cognito.IUserPool;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { settings, data } = props;

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: settings.resourcePrefix,
      description: `Suture API (${settings.stage})`,
    });
    this.url = this.httpApi.apiEndpoint;
    this.domainName = Fn.join('', [this.httpApi.apiId, '.execute-api.', Aws.REGION, '.', Aws.URL_SUFFIX]);
    this.userPool = props.userPool;
    this.originVerifyToken = Fn.select(2, Fn.split('/', Aws.STACK_ID));

    const environment: LambdaEnvInput = {
      CASES_TABLE: data.table('CASES_TABLE').tableName,
      CASE_STATS_TABLE: data.table('CASE_STATS_TABLE').tableName,
      USERS_TABLE: data.table('USERS_TABLE').tableName,
      SURGEONS_TABLE: data.table('SURGEONS_TABLE').tableName,
      FACILITIES_TABLE: data.table('FACILITIES_TABLE').tableName,
      CPT_CODES_TABLE: data.table('CPT_CODES_TABLE').tableName,
      CPT_SEARCH_TABLE: data.table('CPT_SEARCH_TABLE').tableName,
      LISTS_TABLE: data.table('LISTS_TABLE').tableName,
      REPORTS_TABLE: data.table('REPORTS_TABLE').tableName,
      AUDIT_TABLE: data.table('AUDIT_TABLE').tableName,
      DISPUTES_TABLE: data.table('DISPUTES_TABLE').tableName,
      CASE_NOTES_TABLE: data.table('CASE_NOTES_TABLE').tableName,
      SUPPORT_TABLE: data.table('SUPPORT_TABLE').tableName,
      REMINDERS_TABLE: data.table('REMINDERS_TABLE').tableName,
      DOCUMENTS_BUCKET: props.documentsBucket.bucketName,
      NPPES_API_URL: props.nppesApiUrl ?? DEFAULT_NPPES_API_URL,
      ORIGIN_VERIFY: this.originVerifyToken,
      LOG_LEVEL: settings.isProd ? 'INFO' : 'DEBUG',
      POWERTOOLS_SERVICE_NAME: 'suture',
    };
    this.environment = environment;

    const functions = new Map<Resource, lambda.Function>();
    const integrations = new Map<Resource, HttpLambdaIntegration>();
    for (const resource of RESOURCES) {
      const fn = this.createFunction(resource, settings, environment, props.skipBundling === true, props.logsKey);
      this.grantAccess(fn, resource, data, props);
      functions.set(resource, fn);
      integrations.set(resource, new HttpLambdaIntegration(`${resource}-integration`, fn));
    }
    this.functions = functions;
    // The stage's deadline rules, where deadlines or their states are computed: the dispute calls and
    // the dispute counts of GET /case/stats (their due-soon window must match the queue's).
    for (const resource of DEADLINE_RESOURCES) {
      functions.get(resource)?.addEnvironment(DISPUTE_DEADLINES_ENV, JSON.stringify(settings.disputeDeadlines));
    }
    for (const resource of RESOURCES) {
      for (const target of RESOURCE_ACCESS[resource].invokes ?? []) {
        const caller = functions.get(resource);
        const callee = functions.get(target);
        if (!caller || !callee) throw new Error(`No function for ${resource} or ${target}`);
        callee.grantInvoke(caller);
        if (target === 'document') caller.addEnvironment('DOCUMENT_FUNCTION_NAME', callee.functionName);
      }
    }

    this.configureReminders(settings, functions, props);

    // The 30-day purge of soft-deleted cases (docs/decisions/0006-soft-delete-and-30-day-purge.md): once a day
    // the case Lambda gets `{ type: PURGE_EVENT }`, removes the cases past the window and asks the
    // document Lambda to delete their files.
    const caseFunction = functions.get('case');
    if (!caseFunction) throw new Error('No function for case');
    new events.Rule(this, 'PurgeDeletedCases', {
      description: 'Removes cases soft-deleted more than 30 days ago, with their documents',
      schedule: events.Schedule.rate(Duration.days(1)),
      targets: [
        new targets.LambdaFunction(caseFunction, { event: events.RuleTargetInput.fromObject({ type: PURGE_EVENT }) }),
      ],
    });

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      authorizerName: 'cognito-jwt',
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });
    const noAuth = new apigwv2.HttpNoneAuthorizer();

    const routesByKey = new Map<string, apigwv2.HttpRoute>();
    for (const route of ROUTES) {
      const integration = integrations.get(route.resource);
      if (!integration) throw new Error(`No integration for resource ${route.resource}`);
      const [added] = this.httpApi.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration,
        authorizer: route.auth ? authorizer : noAuth,
      });
      if (added) routesByKey.set(`${route.method} ${route.path}`, added);
    }
    this.accessLogGroup = this.configureStage(settings, props.logsKey, routesByKey);
  }

  /**
   * The reminder emails (docs/decisions/0030-deadline-reminders.md): EventBridge Scheduler invokes the
   * reminders function with {@link REMINDERS_EVENT} daily at 07:00 America/New_York (daylight saving
   * followed by the schedule's time zone); it sends through an SES configuration set whose event
   * destination publishes bounces and complaints to an encrypted SNS topic that invokes the same
   * function. Its links to cases use the SPA's origin (`APP_URL`).
   */
  private configureReminders(
    settings: StageSettings,
    functions: Map<Resource, lambda.Function>,
    props: ApiProps,
  ): void {
    const fn = functions.get('reminders');
    if (!fn) throw new Error('No function for reminders');
    if (props.appUrl) fn.addEnvironment('APP_URL', props.appUrl);
    // The scheduler's own role: invoke this function only (no version wildcard), in a customer-managed
    // policy; the target's grant is turned off (an immutable role) so that it adds no inline policy.
    const schedulerRole = new iam.Role(this, 'SendRemindersRole', {
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
      description: 'EventBridge Scheduler: invokes the reminders function daily',
    });
    new iam.ManagedPolicy(this, 'SendRemindersInvoke', {
      roles: [schedulerRole],
      statements: [new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] })],
    });
    this.remindersSchedule = new scheduler.Schedule(this, 'SendReminders', {
      description: 'Deadline reminders and weekly summaries by email, every morning',
      schedule: scheduler.ScheduleExpression.cron({ minute: '0', hour: '7', timeZone: TimeZone.AMERICA_NEW_YORK }),
      target: new schedulerTargets.LambdaInvoke(fn, {
        input: scheduler.ScheduleTargetInput.fromObject({ type: REMINDERS_EVENT }),
        role: schedulerRole.withoutPolicyUpdates(),
        retryAttempts: 2,
      }),
    });

    const topic = new sns.Topic(this, 'EmailEvents', {
      displayName: `${settings.resourcePrefix} email bounces and complaints`,
      enforceSSL: true,
      masterKey: props.documentsKey,
    });
    const sesPrincipal = new iam.ServicePrincipal('ses.amazonaws.com');
    topic.addToResourcePolicy(
      new iam.PolicyStatement({
        actions: ['sns:Publish'],
        principals: [sesPrincipal],
        resources: [topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
    );
    props.documentsKey.grant(sesPrincipal, 'kms:GenerateDataKey*', 'kms:Decrypt');
    const configurationSet = new ses.ConfigurationSet(this, 'EmailConfigurationSet', {
      configurationSetName: `${settings.resourcePrefix}-email`,
    });
    configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: ses.EventDestination.snsTopic(topic),
      events: [ses.EmailSendingEvent.BOUNCE, ses.EmailSendingEvent.COMPLAINT],
    });
    topic.addSubscription(new snsSubscriptions.LambdaSubscription(fn));
    fn.addEnvironment('SES_CONFIGURATION_SET', configurationSet.configurationSetName);
    // Sending with a configuration set is authorized on it too (the identity's grant: grantAccess).
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [
          `arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:configuration-set/${configurationSet.configurationSetName}`,
        ],
        conditions: { StringEquals: { 'ses:FromAddress': settings.email.sender } },
      }),
    );
    this.emailEventsTopic = topic;
  }

  /**
   * The `$default` stage: an access log ({@link ACCESS_LOG_FORMAT}) to its own encrypted log group
   * (30 days, a year in prod), throttling {@link API_THROTTLE} for every route and
   * {@link ROUTE_THROTTLE} for the routes it names (set on the stage resource itself, which the
   * HttpApi L2 construct does not expose for its default stage).
   */
  private configureStage(
    settings: StageSettings,
    logsKey: kms.IKey,
    routesByKey: ReadonlyMap<string, apigwv2.HttpRoute>,
  ): logs.LogGroup {
    const logGroup = new logs.LogGroup(this, 'AccessLogs', {
      retention: settings.isProd ? logs.RetentionDays.ONE_YEAR : logs.RetentionDays.ONE_MONTH,
      encryptionKey: logsKey,
      removalPolicy: settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const stage = this.httpApi.defaultStage?.node.defaultChild as apigwv2.CfnStage | undefined;
    if (!stage) throw new Error('The HTTP API has no $default stage');
    stage.accessLogSettings = { destinationArn: logGroup.logGroupArn, format: JSON.stringify(ACCESS_LOG_FORMAT) };
    stage.defaultRouteSettings = {
      throttlingRateLimit: API_THROTTLE.rateLimit,
      throttlingBurstLimit: API_THROTTLE.burstLimit,
    };
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {};
    for (const [routeKey, throttle] of Object.entries(ROUTE_THROTTLE)) {
      const route = routesByKey.get(routeKey);
      if (!route) throw new Error(`ROUTE_THROTTLE names ${routeKey}, which is not in ROUTES`);
      routeSettings[routeKey] = { ThrottlingRateLimit: throttle.rateLimit, ThrottlingBurstLimit: throttle.burstLimit };
      // A stage's route settings must name routes that already exist.
      stage.node.addDependency(route);
    }
    stage.routeSettings = routeSettings;
    return logGroup;
  }

  /** One resource's function ({@link sutureFunction}): its sizing, reserved concurrency, a DLQ when invoked asynchronously. */
  private createFunction(
    resource: Resource,
    settings: StageSettings,
    environment: LambdaEnvInput,
    skipBundling: boolean,
    logsKey: kms.IKey,
  ): lambda.Function {
    const sizing = FUNCTION_SIZING[resource] ?? DEFAULT_FUNCTION_SIZING;
    return sutureFunction(this, `Fn-${resource}`, {
      settings,
      logsKey,
      description: `Suture ${resource} API (${settings.stage})`,
      roleDescription: `Suture ${resource} function`,
      entry: handlerEntry(resource),
      environment,
      memorySize: sizing.memorySize,
      timeoutSeconds: sizing.timeoutSeconds,
      reservedConcurrency: RESERVED_CONCURRENCY[resource] ?? DEFAULT_RESERVED_CONCURRENCY,
      deadLetterQueue: asyncInvokedResources().has(resource),
      skipBundling,
    });
  }

  /** Least-privilege grants from `RESOURCE_ACCESS` (write implies read). */
  private grantAccess(fn: lambda.Function, resource: Resource, data: Data, props: ApiProps): void {
    const { documentsBucket, documentsKey, cursorKeySecret, settings } = props;
    const access = RESOURCE_ACCESS[resource];
    for (const envVar of access.write) data.table(envVar).grantReadWriteData(fn);
    for (const envVar of access.read) {
      if (!access.write.includes(envVar)) data.table(envVar).grantReadData(fn);
    }
    // Append-only tables (the audit trail, docs/decisions/0005-fail-closed-audit-write.md): PutItem and nothing else.
    for (const envVar of access.append) data.table(envVar).grant(fn, 'dynamodb:PutItem');
    if (access.cognitoAdmin) {
      // User management (spec back-office-and-shell section 2): invitations, type changes (group follows), deletions (account disabled).
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: COGNITO_ADMIN_ACTIONS.map((a) => `cognito-idp:${a}`),
          resources: [this.userPool.userPoolArn],
        }),
      );
      fn.addEnvironment('USER_POOL_ID', this.userPool.userPoolId);
    }
    if (access.documentsBucket) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
          resources: [documentsBucket.arnForObjects('private/*')],
        }),
      );
      // A confirm checks and copies one version of an upload (a later PUT to its URL changes nothing).
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['s3:GetObjectVersion'],
          resources: [documentsBucket.arnForObjects('private/uploads/*')],
        }),
      );
    }
    if (access.importsBucket) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
          resources: [documentsBucket.arnForObjects('imports/*')],
        }),
      );
    }
    if (access.reportsPrefix) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['s3:GetObject', 's3:PutObject'],
          resources: [documentsBucket.arnForObjects('private/reports/*')],
        }),
      );
    }
    if (access.exportsPrefix) {
      // PutObject covers a multipart upload's create, parts and completion; abort is its own action.
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload'],
          resources: [documentsBucket.arnForObjects('private/exports/*')],
        }),
      );
    }
    // SSE-KMS: reading and writing objects (also through the presigned URLs a function signs) needs the key.
    if (access.documentsBucket || access.importsBucket || access.reportsPrefix || access.exportsPrefix)
      documentsKey.grantEncryptDecrypt(fn);
    if (access.cursorKey) {
      // The secret's value only (no DescribeSecret, no other secret), and the key it is encrypted with.
      fn.addToRolePolicy(
        new iam.PolicyStatement({ actions: ['secretsmanager:GetSecretValue'], resources: [cursorKeySecret.secretArn] }),
      );
      cursorKeySecret.encryptionKey?.grantDecrypt(fn);
      fn.addEnvironment('CURSOR_KEY_SECRET_ARN', cursorKeySecret.secretArn);
    }
    if (access.email) {
      // The stage's verified identity only: no other sender, whatever the code asks.
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [`arn:${Aws.PARTITION}:ses:${Aws.REGION}:${Aws.ACCOUNT_ID}:identity/${settings.email.identity}`],
          conditions: { StringEquals: { 'ses:FromAddress': settings.email.sender } },
        }),
      );
      fn.addEnvironment('SENDER_EMAIL', settings.email.sender);
      fn.addEnvironment('SUPPORT_EMAIL', settings.email.support);
    }
    if (access.invokesSelf && fn.role) {
      // Not the role's own policy: the function depends on that one, and this one names the function.
      new iam.ManagedPolicy(this, `Fn-${resource}-self-invoke`, {
        roles: [fn.role],
        statements: [new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] })],
      });
    }
  }
}
