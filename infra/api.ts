/**
 * API construct: the HTTP API, its Cognito JWT authorizer and one Lambda per resource
 * (issue 2, sections 4 and 7; routes from `lambdas/routes.ts`).
 */
import * as path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { DEFAULT_NPPES_API_URL, type LambdaEnvInput } from '../lambdas/lib/env';
import {
  DEFAULT_FUNCTION_SIZING,
  FUNCTION_SIZING,
  RESOURCES,
  RESOURCE_ACCESS,
  ROUTES,
  type Resource,
} from '../lambdas/routes';
import { LAMBDA_BUNDLING, handlerEntry } from './bundling';
import type { Data } from './data';
import { PROJECT_ROOT } from './paths';
import { RATE_LIMIT } from './security-headers';
import type { StageSettings } from './stage';

export interface ApiProps {
  settings: StageSettings;
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  data: Data;
  documentsBucket: s3.IBucket;
  /** Origins the browser may call the API from (the SPA's CloudFront URL). */
  corsOrigins: string[];
  /** NPPES NPI Registry base URL with `version=2.1`; default the real registry. */
  nppesApiUrl?: string;
  /**
   * true: deploy a placeholder instead of bundling the handlers (fast synth only, never deploy it).
   * Set by the `skipBundling` context flag.
   */
  skipBundling?: boolean;
}

/**
 * The Lambda runtime, explicit (not "latest"). AWS deprecated nodejs20.x on 2026-04-30 (creation
 * blocked from 2027-02-01), so the functions run on nodejs22.x. The bundle's syntax target stays
 * `node20` (see LAMBDA_BUNDLING in infra/bundling.ts), the Node.js the tests run on here, which Node.js 22 runs unchanged.
 */
/** The Cognito administrator actions a `cognitoAdmin` resource may call, on its user pool only. */
export const COGNITO_ADMIN_ACTIONS = [
  'AdminCreateUser',
  'AdminDisableUser',
  'AdminAddUserToGroup',
  'AdminRemoveUserFromGroup',
] as const;

export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_22_X;

/**
 * The HTTP API.
 *
 * - routes: every entry of `ROUTES`; `auth: true` routes use the Cognito user pool JWT authorizer
 *   (issuer `https://cognito-idp.<region>.amazonaws.com/<poolId>`, audience the SPA's app client id,
 *   token from the `Authorization` header), `auth: false` routes (`/case/health`, `/health`) none;
 * - one NodejsFunction per resource (entry `lambdas/<resource>/handler.ts`, export `handler`,
 *   payload format 2.0), Node.js 20 on arm64, environment per `LambdaEnvInput`, its own log group;
 * - least privilege from `RESOURCE_ACCESS`: read-only or read-write per table; the documents bucket
 *   only for resources that declare `documentsBucket` (the document Lambda): s3:GetObject,
 *   s3:PutObject and s3:DeleteObject on `private/*`, nothing else (no list, no version-level actions);
 *   `invokes`: lambda:InvokeFunction on those functions only, their name in `DOCUMENT_FUNCTION_NAME`
 *   (the case Lambda asks the document Lambda to delete a deleted case's files, issue 6 section 3);
 * - `cognitoAdmin`: {@link COGNITO_ADMIN_ACTIONS} on the user pool's ARN, its id in `USER_POOL_ID`
 *   (the user Lambda: invite, type change, delete; issue 8 section 4);
 * - `importsBucket` (the lists Lambda): s3:GetObject, s3:PutObject, s3:DeleteObject on `imports/*` only
 *   (browser imports of reference files, issue 8 section 6); `invokesSelf`: lambda:InvokeFunction on
 *   its own function (a separate policy, so that the function does not depend on its own ARN);
 * - sizes: `DEFAULT_FUNCTION_SIZING` (10 s, 512 MB) except `FUNCTION_SIZING` of lambdas/routes.ts (the
 *   report and lists functions);
 * - CORS for the SPA origin with the `Authorization` and `Content-Type` headers;
 * - throttling of the `$default` stage's routes: `RATE_LIMIT` of infra/security-headers.ts (20 requests
 *   per second, burst 40; issue 9, section 3), the numbers the local gateway applies per caller
 *   (API Gateway applies them to each route of the stage, all callers together); beyond them 429.
 */
export class Api extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  /** API base URL without trailing slash (the `$default` stage), e.g. `https://abc.execute-api.us-east-1.amazonaws.com`. */
  readonly url: string;
  readonly functions: ReadonlyMap<Resource, lambda.Function>;
  private readonly userPool: cognito.IUserPool;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { settings, data } = props;

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: settings.resourcePrefix,
      description: `Suture API (${settings.stage})`,
      corsPreflight: {
        allowOrigins: props.corsOrigins,
        allowMethods: [
          apigwv2.CorsHttpMethod.GET,
          apigwv2.CorsHttpMethod.POST,
          apigwv2.CorsHttpMethod.PUT,
          apigwv2.CorsHttpMethod.PATCH,
          apigwv2.CorsHttpMethod.DELETE,
          apigwv2.CorsHttpMethod.OPTIONS,
        ],
        allowHeaders: ['Authorization', 'Content-Type'],
        // The SPA reads the report's file name (POST /report/provider-payment) from another origin.
        exposeHeaders: ['Content-Disposition'],
        maxAge: Duration.hours(1),
      },
    });
    this.url = this.httpApi.apiEndpoint;
    const stage = this.httpApi.defaultStage?.node.defaultChild as apigwv2.CfnStage | undefined;
    if (!stage) throw new Error('The HTTP API has no $default stage');
    stage.defaultRouteSettings = {
      throttlingRateLimit: RATE_LIMIT.ratePerSecond,
      throttlingBurstLimit: RATE_LIMIT.burst,
    };
    this.userPool = props.userPool;

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
      DOCUMENTS_BUCKET: props.documentsBucket.bucketName,
      NPPES_API_URL: props.nppesApiUrl ?? DEFAULT_NPPES_API_URL,
      LOG_LEVEL: settings.isProd ? 'INFO' : 'DEBUG',
      POWERTOOLS_SERVICE_NAME: 'suture',
    };

    const functions = new Map<Resource, lambda.Function>();
    const integrations = new Map<Resource, HttpLambdaIntegration>();
    for (const resource of RESOURCES) {
      const fn = this.createFunction(resource, settings, environment, props.skipBundling === true);
      this.grantAccess(fn, resource, data, props.documentsBucket);
      functions.set(resource, fn);
      integrations.set(resource, new HttpLambdaIntegration(`${resource}-integration`, fn));
    }
    this.functions = functions;
    for (const resource of RESOURCES) {
      for (const target of RESOURCE_ACCESS[resource].invokes ?? []) {
        const caller = functions.get(resource);
        const callee = functions.get(target);
        if (!caller || !callee) throw new Error(`No function for ${resource} or ${target}`);
        callee.grantInvoke(caller);
        if (target === 'document') caller.addEnvironment('DOCUMENT_FUNCTION_NAME', callee.functionName);
      }
    }

    const authorizer = new HttpUserPoolAuthorizer('CognitoAuthorizer', props.userPool, {
      authorizerName: 'cognito-jwt',
      userPoolClients: [props.userPoolClient],
      identitySource: ['$request.header.Authorization'],
    });
    const noAuth = new apigwv2.HttpNoneAuthorizer();

    for (const route of ROUTES) {
      const integration = integrations.get(route.resource);
      if (!integration) throw new Error(`No integration for resource ${route.resource}`);
      this.httpApi.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration,
        authorizer: route.auth ? authorizer : noAuth,
      });
    }
  }

  /** One resource's function with its own log group (30 days, 1 year in prod). */
  private createFunction(
    resource: Resource,
    settings: StageSettings,
    environment: LambdaEnvInput,
    skipBundling: boolean,
  ): lambda.Function {
    const id = `Fn-${resource}`;
    const logGroup = new logs.LogGroup(this, `${id}-logs`, {
      retention: settings.isProd ? logs.RetentionDays.ONE_YEAR : logs.RetentionDays.ONE_MONTH,
      removalPolicy: settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    return new NodejsFunction(this, id, {
      description: `Suture ${resource} API (${settings.stage})`,
      runtime: LAMBDA_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: (FUNCTION_SIZING[resource] ?? DEFAULT_FUNCTION_SIZING).memorySize,
      timeout: Duration.seconds((FUNCTION_SIZING[resource] ?? DEFAULT_FUNCTION_SIZING).timeoutSeconds),
      logGroup,
      environment: { ...environment, NODE_OPTIONS: '--enable-source-maps' },
      ...(skipBundling
        ? {
            handler: 'index.handler',
            code: lambda.Code.fromInline(
              "exports.handler = async () => ({ statusCode: 503, body: 'synthesized with skipBundling: not deployable' });",
            ),
          }
        : {
            entry: handlerEntry(resource),
            handler: 'handler',
            projectRoot: PROJECT_ROOT,
            depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
            bundling: LAMBDA_BUNDLING,
          }),
    });
  }

  /** Least-privilege grants from `RESOURCE_ACCESS` (write implies read). */
  private grantAccess(fn: lambda.Function, resource: Resource, data: Data, documentsBucket: s3.IBucket): void {
    const access = RESOURCE_ACCESS[resource];
    for (const envVar of access.write) data.table(envVar).grantReadWriteData(fn);
    for (const envVar of access.read) {
      if (!access.write.includes(envVar)) data.table(envVar).grantReadData(fn);
    }
    if (access.cognitoAdmin) {
      // Issue 8, section 4: invitations, type changes (group follows), deletions (account disabled).
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
    }
    if (access.importsBucket) {
      fn.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
          resources: [documentsBucket.arnForObjects('imports/*')],
        }),
      );
    }
    if (access.invokesSelf && fn.role) {
      // Not the role's default policy: the function depends on that one, and this one names the function.
      new iam.Policy(this, `Fn-${resource}-self-invoke`, {
        roles: [fn.role],
        statements: [new iam.PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [fn.functionArn] })],
      });
    }
  }
}
