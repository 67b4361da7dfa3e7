/**
 * Web construct: the SPA bucket behind CloudFront and the deployment of the built SPA with its
 * runtime `config.json` (issue 2, sections 5 and 7).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { RuntimeConfigSchema, type RuntimeConfigInput } from '../shared/config';
import { WEB_DIST } from './paths';
import { HSTS_MAX_AGE_SECONDS, contentSecurityPolicy, deployedConnectSources } from './security-headers';
import type { StageSettings } from './stage';

/** The page deployed instead of the SPA when `web/dist` is missing at synth time (tests, CI before the web build). */
export const PLACEHOLDER_INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Suture</title></head>' +
  '<body><p>Suture was synthesized without a built SPA. Run <code>npm run build:web</code>, then deploy again.</p></body></html>';

/** Build outputs that only the local runtime serves (CloudFront compresses on its own). */
const PRECOMPRESSED = ['*.br', '*.gz', '**/*.br', '**/*.gz'];

/**
 * Whether a stage's SPA offers the debug pages (issue 8, section 7): the CDK context `debugPages`
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
}

/**
 * The SPA's hosting.
 *
 * - a private bucket (all public access blocked, TLS only, S3-managed encryption, versioned, server
 *   access logs to the access-log bucket), read by CloudFront through origin access control only;
 * - a CloudFront distribution: HTTPS only (HTTP redirects), root object `index.html`, 403 and 404 answered
 *   with `/index.html` and status 200 so that client-side routes (`/case/123`) load the SPA, the
 *   response headers policy {@link Web.headersPolicy} (issue 9, section 3: HSTS two years with
 *   subdomains, X-Content-Type-Options nosniff, X-Frame-Options DENY, Referrer-Policy
 *   strict-origin-when-cross-origin, and the Content-Security-Policy of infra/security-headers.ts
 *   with connect-src the API, Cognito and the documents bucket of the stack's region), and compression on (CloudFront sends brotli or gzip by Accept-Encoding; the
 *   precompressed `.br`/`.gz` files and the build manifest of `web/dist` are not deployed), standard
 *   logging to the access-log bucket (`cloudfront/`, no cookies);
 * - {@link Web.deploy}: uploads `web/dist` and `config.json`. If `web/dist/index.html` does not exist
 *   at synth time a placeholder page is deployed instead: run `npm run build:web` before `cdk deploy`.
 *
 * The bucket is retained in prod, destroyed with its objects in other stages.
 */
export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** The security headers and CSP on every answer of the distribution (infra/security-headers.ts). */
  readonly headersPolicy: cloudfront.ResponseHeadersPolicy;
  /** The SPA origin, e.g. `https://d111111abcdef8.cloudfront.net` (no trailing slash). */
  readonly origin: string;
  /** true when the SPA was found in `web/dist` at synth time; false when the placeholder is deployed. */
  readonly hasBuiltSpa: boolean;
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

    this.bucket = new s3.Bucket(this, 'SpaBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 's3/spa/',
      removalPolicy: this.settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !this.settings.isProd,
    });

    const spaFallback = (httpStatus: number): cloudfront.ErrorResponse => ({
      httpStatus,
      responseHttpStatus: 200,
      responsePagePath: '/index.html',
      ttl: Duration.seconds(0),
    });

    const stack = Stack.of(this);
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
          contentSecurityPolicy: contentSecurityPolicy(deployedConnectSources(stack.region, stack.urlSuffix)),
          override: true,
        },
      },
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Suture SPA (${this.settings.stage})`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.headersPolicy,
        compress: true,
      },
      errorResponses: [spaFallback(403), spaFallback(404)],
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      logIncludesCookies: false,
    });
    this.origin = `https://${this.distribution.distributionDomainName}`;
  }

  /**
   * Deploy the SPA and its runtime configuration.
   *
   * Hashed files (`assets/`) are cached for a year and never pruned (a browser holding an older
   * `index.html` still finds its chunks); everything else, `index.html` and `config.json` included,
   * is served with `no-cache`. The whole distribution is invalidated on each deployment.
   * `supportEmail`, when `config` has none, comes from the CDK context `supportEmail`
   * (`cdk deploy -c supportEmail=help@example.com`, or cdk.json), else the schema's default
   * `support@suture.example` (issue 6, section 6: Report Bug shows it as a mailto link).
   * `debugPages`, when `config` has none, comes from the CDK context `debugPages` (`true`/`false`,
   * boolean or text), else true in every stage but prod (issue 8, section 7: the debug pages exist
   * only in stages that enable them; {@link debugPagesFor}).
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
      });
    }

    const site = new s3deploy.BucketDeployment(this, 'DeploySite', {
      destinationBucket: this.bucket,
      sources: [
        this.hasBuiltSpa
          ? s3deploy.Source.asset(this.distDir, {
              exclude: ['assets', 'assets/**', '.vite', '.vite/**', ...PRECOMPRESSED],
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
    });
    if (assets) site.node.addDependency(assets);
  }
}
