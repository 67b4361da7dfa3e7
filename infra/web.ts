/**
 * Web construct: the SPA bucket behind CloudFront and the deployment of the built SPA with its
 * runtime `config.json` (docs/operations.md).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { RuntimeConfigSchema, type RuntimeConfigInput } from '../shared/config';
import { VIEWER_IP_HEADER } from '../lambdas/lib/audit';
import { ORIGIN_VERIFY_HEADER } from '../lambdas/lib/origin';
import type { Api } from './api';
import { LambdaRole } from './lambda';
import { WEB_BUILD_STAMP, WEB_DIST } from './paths';
import { grantDistributionRead, spaBucketOrigin } from './spa-origin';
import { HSTS_MAX_AGE_SECONDS, contentSecurityPolicy, deployedConnectSources } from './security-headers';
import type { StageSettings } from './stage';

/** The page deployed instead of the SPA when `web/dist` is missing at synth time (tests, CI before the web build). */
export const PLACEHOLDER_INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Suture</title></head>' +
  '<body><p>Suture was synthesized without a built SPA. Run <code>npm run build:web</code>, then deploy again.</p></body></html>';

/** The path under which the distribution serves the API (as the local runtime does): `/api/case` is the API's `/case`. */
export const API_PATH_PREFIX = '/api';

/**
 * CloudFront Function (cloudfront-js-2.0, viewer request) of the `/api/*` behavior: strips the
 * `/api` prefix, so that the HTTP API sees its own routes (`/api/case?x=1` -> `/case?x=1`; the query
 * string is a separate field and kept), and sets {@link VIEWER_IP_HEADER} to the viewer's address,
 * replacing any value the client sent, since API Gateway's own `sourceIp` is then a CloudFront edge
 * address (the audit entries' `source_ip`, lambdas/lib/audit.ts).
 */
export const API_PREFIX_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/api(?=\\/|$)/, '') || '/';
  request.headers['${VIEWER_IP_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

/**
 * CloudFront Function (cloudfront-js-2.0, viewer request) of the SPA's default behavior: a path whose
 * last segment has no dot is a client-side route (`/case/123`, `/back-office/audit`) and gets
 * `/index.html`; files (`/assets/app-1a2b.js`, `/config.json`) pass. It replaces the 403/404 -> 200
 * error responses, which would also have rewritten the API's own 403 and 404 answers.
 */
export const SPA_ROUTING_FUNCTION_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.slice(uri.lastIndexOf('/') + 1).indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** Reserved concurrency of the CDK-managed SPA deployment function (two deployments per stack, one after the other). */
export const DEPLOYMENT_FUNCTION_CONCURRENCY = 2;

/** A custom domain of the distribution (CDK context `domainName` and `certificateArn`). */
export interface CustomDomain {
  /** e.g. `app.suture.example`; its DNS record (CNAME or alias to the distribution) is made outside the stack. */
  domainName: string;
  /** ARN of an ACM certificate for `domainName` in us-east-1 (CloudFront's certificates live there). */
  certificateArn: string;
}

/** Build outputs that only the local runtime serves (CloudFront compresses on its own). */
const PRECOMPRESSED = ['*.br', '*.gz', '**/*.br', '**/*.gz'];

/**
 * Whether a stage's SPA offers the debug pages (spec back-office-and-shell.md, "Debug screens"): the CDK context `debugPages`
 * when given (`true`/`false` as a boolean or as text, since `-c` passes text), else true in every
 * stage but prod.
 * @throws Error when the context value is neither a boolean nor 'true'/'false'.
 */
export function debugPagesFor(settings: StageSettings, contextValue: unknown): boolean {
  if (contextValue === undefined || contextValue === '') return !settings.isProd;
  if (contextValue === true || contextValue === 'true') return true;
  if (contextValue === false || contextValue === 'false') return false;
  throw new Error(`Invalid debugPages context ${JSON.stringify(contextValue)}: use true or false`);
}

export interface WebProps {
  settings: StageSettings;
  /** Directory of the built SPA; default {@link WEB_DIST}. */
  distDir?: string;
  /** The bucket that receives the SPA bucket's server access logs (`s3/spa/`) and CloudFront's logs (`cloudfront/`). */
  accessLogsBucket: s3.IBucket;
  /** The key of the deployment function's log group (infra/keys.ts `logsKey`). */
  logsKey: kms.IKey;
  /** ARN of the CLOUDFRONT web ACL of the distribution (infra/waf.ts). */
  webAclArn: string;
  /** A custom domain with its certificate: TLS 1.2 minimum (TLSv1.2_2021) then applies; default none. */
  customDomain?: CustomDomain;
}

/**
 * The SPA's hosting.
 *
 * - a private bucket (all public access blocked, TLS only, encrypted with its own customer-managed
 *   key {@link Web.key} (rotated; only this distribution may decrypt, through origin access
 *   control: infra/spa-origin.ts), named `<resourcePrefix>-spa-<account>`, versioned, server access logs to the access-log bucket), read by CloudFront
 *   through origin access control only;
 * - a CloudFront distribution behind the web ACL of infra/waf.ts: HTTPS only (HTTP redirects), root
 *   object `index.html`, client-side routes (`/case/123`) answered with `/index.html` by
 *   {@link SPA_ROUTING_FUNCTION_CODE}, the response headers policy {@link Web.headersPolicy} (docs/security.md:
 *   HSTS two years with subdomains, X-Content-Type-Options nosniff, X-Frame-Options DENY,
 *   Referrer-Policy strict-origin-when-cross-origin, and the Content-Security-Policy of
 *   infra/security-headers.ts with connect-src itself (the API under `/api`), Cognito and the
 *   documents bucket of the stack's region), compression on (CloudFront sends brotli or gzip by
 *   Accept-Encoding; the precompressed `.br`/`.gz` files and the build manifest of `web/dist` are not
 *   deployed), standard logging to the access-log bucket (`cloudfront/`, no cookies); with a
 *   {@link CustomDomain}, that domain and TLS 1.2 minimum (TLSv1.2_2021);
 * - {@link Web.addApi}: the API under `/api/*` of the same distribution (no CORS on the browser's path);
 * - {@link Web.deploy}: uploads `web/dist` and `config.json`. If `web/dist/index.html` does not exist
 *   at synth time a placeholder page is deployed instead: run `npm run build:web` before `cdk deploy`.
 *
 * The bucket is retained in prod, destroyed with its objects in other stages.
 */
export class Web extends Construct {
  readonly bucket: s3.Bucket;
  /** The SPA bucket's key (SSE-KMS with a bucket key; HIPAA.Security-S3DefaultEncryptionKMS). */
  readonly key: kms.Key;
  readonly distribution: cloudfront.Distribution;
  /** The security headers and CSP on every answer of the distribution (infra/security-headers.ts). */
  readonly headersPolicy: cloudfront.ResponseHeadersPolicy;
  /**
   * The SPA origin, e.g. `https://d111111abcdef8.cloudfront.net` or `https://<custom domain>`
   * (no trailing slash). The API is `${origin}/api`.
   */
  readonly origin: string;
  /** Every origin the SPA can be loaded from: {@link Web.origin} and, with a custom domain, also the `*.cloudfront.net` one. */
  readonly origins: string[];
  /** true when the SPA was found in `web/dist` at synth time; false when the placeholder is deployed. */
  readonly hasBuiltSpa: boolean;
  /** The custom domain of the distribution, if any (TLS 1.2 minimum). */
  readonly customDomain: CustomDomain | undefined;
  /** The role of the SPA deployment's function (a customer-managed policy, its own log group only). */
  readonly deploymentRole: LambdaRole;
  /** The CDK-managed SPA deployment function and its dead-letter queue (set by {@link Web.deploy}). */
  deploymentFunction?: lambda.CfnFunction;
  deploymentDeadLetterQueue?: sqs.Queue;
  private readonly settings: StageSettings;
  private readonly distDir: string;
  /** The log group of the SPA deployment's function (encrypted, 30 days, a year in prod). */
  private readonly deploymentLogGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    this.settings = props.settings;
    this.distDir = props.distDir ?? WEB_DIST;
    this.hasBuiltSpa = fs.existsSync(path.join(this.distDir, 'index.html'));
    this.deploymentLogGroup = new logs.LogGroup(this, 'DeploymentLogs', {
      retention: this.settings.isProd ? logs.RetentionDays.ONE_YEAR : logs.RetentionDays.ONE_MONTH,
      encryptionKey: props.logsKey,
      removalPolicy: this.settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.deploymentRole = new LambdaRole(this, 'DeploymentRole', {
      description: 'Suture SPA deployment (CDK BucketDeployment)',
      logGroup: this.deploymentLogGroup,
    });

    this.key = new kms.Key(this, 'SpaKey', {
      description: `Suture ${this.settings.stage}: SPA bucket`,
      enableKeyRotation: true,
      removalPolicy: this.settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(this.settings.isProd ? 30 : 7),
    });
    const stack = Stack.of(this);
    // A physical name lets the origin name the bucket without depending on it (infra/spa-origin.ts).
    const bucketName = `${this.settings.resourcePrefix}-spa-${stack.account}`;
    this.bucket = new s3.Bucket(this, 'SpaBucket', {
      bucketName,
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.KMS,
      encryptionKey: this.key,
      bucketKeyEnabled: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 's3/spa/',
      removalPolicy: this.settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !this.settings.isProd,
    });

    this.headersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Suture security headers and CSP (${this.settings.stage})`,
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: true,
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        contentSecurityPolicy: {
          // The API is the distribution's own /api: 'self'.
          contentSecurityPolicy: contentSecurityPolicy(deployedConnectSources(stack.region, stack.urlSuffix)),
          override: true,
        },
      },
    });

    const spaRouting = new cloudfront.Function(this, 'SpaRouting', {
      comment: 'Client-side routes get /index.html',
      code: cloudfront.FunctionCode.fromInline(SPA_ROUTING_FUNCTION_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    const domain = props.customDomain;
    this.customDomain = domain;
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Suture SPA and API (${this.settings.stage})`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: spaBucketOrigin(this, bucketName),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.headersPolicy,
        compress: true,
        functionAssociations: [{ function: spaRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      webAclId: props.webAclArn,
      ...(domain
        ? {
            domainNames: [domain.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn),
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            sslSupportMethod: cloudfront.SSLMethod.SNI,
          }
        : {}),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      logIncludesCookies: false,
    });
    grantDistributionRead(this.distribution, this.bucket, this.key);
    const cloudfrontOrigin = `https://${this.distribution.distributionDomainName}`;
    this.origin = domain ? `https://${domain.domainName}` : cloudfrontOrigin;
    this.origins = domain ? [this.origin, cloudfrontOrigin] : [cloudfrontOrigin];
  }

  /**
   * Serve `api` under {@link API_PATH_PREFIX}`/*`: the HTTP API's execute-api host as an HTTPS-only
   * origin (TLS 1.2), every method, no caching (CachingDisabled), every viewer header but Host (the
   * `Authorization` bearer token included), cookies and query strings forwarded
   * (AllViewerExceptHostHeader), {@link API_PREFIX_FUNCTION_CODE} stripping the prefix, and the same
   * security headers as the SPA. The web ACL of the distribution thus covers the API too.
   */
  addApi(api: Api): void {
    const stripPrefix = new cloudfront.Function(this, 'ApiPrefix', {
      comment: 'Strips /api before the HTTP API',
      code: cloudfront.FunctionCode.fromInline(API_PREFIX_FUNCTION_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });
    this.distribution.addBehavior(
      `${API_PATH_PREFIX}/*`,
      new origins.HttpOrigin(api.domainName, {
        // CloudFront replaces a viewer's header of the same name: only CloudFront sends the token.
        customHeaders: { [ORIGIN_VERIFY_HEADER]: api.originVerifyToken },
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      }),
      {
        allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
        cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
        originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        responseHeadersPolicy: this.headersPolicy,
        functionAssociations: [{ function: stripPrefix, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
    );
  }

  /**
   * Deploy the SPA and its runtime configuration.
   *
   * Hashed files (`assets/`) are cached for a year and never pruned (a browser holding an older
   * `index.html` still finds its chunks); everything else, `index.html` and `config.json` included,
   * is served with `no-cache`. The whole distribution is invalidated on each deployment.
   * `supportEmail`, when `config` has none, comes from the CDK context `supportEmail`
   * (`cdk deploy -c supportEmail=help@example.com`, or cdk.json), else the schema's default
   * `support@suture.example` (Report Bug shows it as a mailto link).
   * `debugPages`, when `config` has none, comes from the CDK context `debugPages` (`true`/`false`,
   * boolean or text), else true in every stage but prod (the debug pages exist only in stages that enable
   * them; {@link debugPagesFor}).
   * @param config The SPA's `/config.json`; validated with `RuntimeConfigSchema` (values may be CDK tokens).
   * @throws RuntimeConfigError when the configuration does not match (e.g. an invalid supportEmail).
   */
  deploy(config: RuntimeConfigInput): void {
    const contextEmail: unknown = this.node.tryGetContext('supportEmail');
    const runtimeConfig = RuntimeConfigSchema.parse({
      debugPages: debugPagesFor(this.settings, this.node.tryGetContext('debugPages')),
      ...config,
      ...(config.supportEmail === undefined && typeof contextEmail === 'string' && contextEmail !== ''
        ? { supportEmail: contextEmail }
        : {}),
    });
    const assetsDir = path.join(this.distDir, 'assets');
    let assets: s3deploy.BucketDeployment | undefined;

    if (this.hasBuiltSpa && fs.existsSync(assetsDir)) {
      assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
        destinationBucket: this.bucket,
        destinationKeyPrefix: 'assets/',
        sources: [s3deploy.Source.asset(assetsDir, { exclude: PRECOMPRESSED })],
        cacheControl: [
          s3deploy.CacheControl.setPublic(),
          s3deploy.CacheControl.maxAge(Duration.days(365)),
          s3deploy.CacheControl.immutable(),
        ],
        prune: false,
        memoryLimit: 512,
        logGroup: this.deploymentLogGroup,
        role: this.deploymentRole,
      });
    }

    const site = new s3deploy.BucketDeployment(this, 'DeploySite', {
      destinationBucket: this.bucket,
      sources: [
        this.hasBuiltSpa
          ? s3deploy.Source.asset(this.distDir, {
              exclude: ['assets', 'assets/**', '.vite', '.vite/**', WEB_BUILD_STAMP, ...PRECOMPRESSED],
            })
          : s3deploy.Source.data('index.html', PLACEHOLDER_INDEX_HTML),
        s3deploy.Source.jsonData('config.json', runtimeConfig),
      ],
      // Leave the hashed assets to the deployment above.
      exclude: ['assets/*'],
      cacheControl: [s3deploy.CacheControl.noCache()],
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup: this.deploymentLogGroup,
      role: this.deploymentRole,
    });
    if (assets) site.node.addDependency(assets);
    this.hardenDeploymentFunction();
  }

  /**
   * The CDK-managed function behind both BucketDeployments (a singleton of the stack, which the
   * construct does not expose): reserved concurrency {@link DEPLOYMENT_FUNCTION_CONCURRENCY} and a
   * dead-letter queue for the CloudFormation events it fails on, like every function of the stack
   * (docs/security.md).
   */
  private hardenDeploymentFunction(): void {
    const handlers = Stack.of(this)
      .node.findAll()
      .filter(
        (c): c is lambda.CfnFunction => c instanceof lambda.CfnFunction && c.node.path.includes('CDKBucketDeployment'),
      );
    if (handlers.length !== 1) throw new Error(`Expected one SPA deployment function, found ${handlers.length}`);
    const [handler] = handlers;
    if (!handler) return;
    this.deploymentDeadLetterQueue = new sqs.Queue(this, 'DeploymentDlq', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    this.deploymentDeadLetterQueue.grantSendMessages(this.deploymentRole);
    handler.reservedConcurrentExecutions = DEPLOYMENT_FUNCTION_CONCURRENCY;
    handler.deadLetterConfig = { targetArn: this.deploymentDeadLetterQueue.queueArn };
    this.deploymentFunction = handler;
  }
}
