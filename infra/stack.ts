/**
 * The Suture stack: one per stage, composed of the keys, access-log, auth, data, storage, backup, API,
 * refusals, web and monitoring constructs (docs/architecture.md).
 */
import { Aws, CfnOutput, CfnRule, Fn, Stack, Token, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { AccessLogs } from './access-logs';
import { Api } from './api';
import { Auth } from './auth';
import { Backup } from './backup';
import { Data } from './data';
import { Keys } from './keys';
import { Monitoring } from './monitoring';
import { acknowledgeNagFindings } from './nag';
import { REFUSALS_FUNCTION, Refusals } from './refusals';
import type { StageSettings } from './stage';
import { Storage } from './storage';
import { EDGE_REGION, EdgeFirewall } from './waf';
import { API_PATH_PREFIX, Web, type CustomDomain } from './web';

export interface SutureStackProps extends StackProps {
  settings: StageSettings;
  /** NPPES NPI Registry base URL for `/check_npi`; default the real registry. */
  nppesApiUrl?: string;
  /** Placeholder Lambda code instead of bundling the handlers: fast synth only, not deployable. */
  skipBundling?: boolean;
  /** Directory of the built SPA; default `web/dist`. */
  webDistDir?: string;
  /** A custom domain and its us-east-1 ACM certificate for the distribution (TLS 1.2 minimum); default none. */
  customDomain?: CustomDomain;
}

/** Thrown when the stack's region is known and is not {@link EDGE_REGION}. */
export class StackRegionError extends Error {
  override name = 'StackRegionError';
}

/**
 * Everything one stage of Suture runs on.
 *
 * Order matters only for references: the web hosting comes first because its CloudFront origin is the
 * CORS origin of the documents bucket; the API is added to the distribution under `/api` once it
 * exists; the SPA deployment comes last because its `config.json` carries the user pool ids.
 *
 * Region: {@link EDGE_REGION} only, where the CLOUDFRONT web ACL (infra/waf.ts) must live. A known
 * other region throws {@link StackRegionError} at synth; an unresolved region (synth without
 * credentials) gets a CloudFormation rule that refuses to deploy anywhere else (README "Edge").
 *
 * Outputs: `ApiUrl` (`<SpaUrl>/api`), `SpaUrl`, `UserPoolId`, `UserPoolClientId`, `DocumentsBucketName`,
 * `SpaBucketName`, `WebAclArn`.
 */
export class SutureStack extends Stack {
  readonly keys: Keys;
  readonly accessLogs: AccessLogs;
  readonly auth: Auth;
  readonly backup: Backup;
  readonly data: Data;
  readonly storage: Storage;
  readonly api: Api;
  readonly refusals: Refusals;
  readonly web: Web;
  readonly firewall: EdgeFirewall;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: SutureStackProps) {
    super(scope, id, props);
    const { settings } = props;
    if (!Token.isUnresolved(this.region) && this.region !== EDGE_REGION) {
      throw new StackRegionError(
        `Suture-${settings.stage} must be deployed to ${EDGE_REGION}, where the CloudFront web ACL lives; got ${this.region} (set CDK_DEFAULT_REGION or AWS_REGION to ${EDGE_REGION})`,
      );
    }
    if (Token.isUnresolved(this.region)) {
      new CfnRule(this, 'EdgeRegion', {
        assertions: [
          {
            assert: Fn.conditionEquals(Aws.REGION, EDGE_REGION),
            assertDescription: `Suture must be deployed to ${EDGE_REGION}, where the CloudFront web ACL (WAF) lives.`,
          },
        ],
      });
    }

    this.keys = new Keys(this, 'Keys', { settings });
    this.accessLogs = new AccessLogs(this, 'AccessLogs', { settings });
    this.auth = new Auth(this, 'Auth', { settings });
    this.firewall = new EdgeFirewall(this, 'Firewall', { settings, logsKey: this.keys.logsKey });
    this.data = new Data(this, 'Data', { settings, encryptionKey: this.keys.dataKey });
    this.web = new Web(this, 'Web', {
      settings,
      accessLogsBucket: this.accessLogs.bucket,
      logsKey: this.keys.logsKey,
      webAclArn: this.firewall.webAcl.attrArn,
      ...(props.webDistDir ? { distDir: props.webDistDir } : {}),
      ...(props.customDomain ? { customDomain: props.customDomain } : {}),
    });
    this.storage = new Storage(this, 'Storage', {
      settings,
      corsOrigins: this.web.origins,
      encryptionKey: this.keys.dataKey,
      accessLogsBucket: this.accessLogs.bucket,
    });
    this.backup = new Backup(this, 'Backup', {
      tables: [...this.data.tablesByEnvVar.values()],
      documentsBucket: this.storage.documentsBucket,
    });
    this.api = new Api(this, 'Api', {
      settings,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      data: this.data,
      documentsBucket: this.storage.documentsBucket,
      documentsKey: this.keys.dataKey,
      logsKey: this.keys.logsKey,
      cursorKeySecret: this.keys.cursorKeySecret,
      ...(props.nppesApiUrl ? { nppesApiUrl: props.nppesApiUrl } : {}),
      appUrl: this.web.origin,
      skipBundling: props.skipBundling === true,
    });
    this.refusals = new Refusals(this, 'Refusals', {
      settings,
      accessLogGroup: this.api.accessLogGroup,
      auditTable: this.data.table('AUDIT_TABLE'),
      environment: this.api.environment,
      logsKey: this.keys.logsKey,
      skipBundling: props.skipBundling === true,
    });
    this.web.addApi(this.api);
    this.web.deploy({
      region: this.region,
      // Same origin: the SPA calls /api of the distribution it was loaded from (infra/web.ts addApi).
      apiUrl: API_PATH_PREFIX,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.userPoolClient.userPoolClientId,
      stage: settings.stage,
    });

    this.monitoring = new Monitoring(this, 'Monitoring', {
      settings,
      httpApi: this.api.httpApi,
      functions: new Map([...this.api.functions, [REFUSALS_FUNCTION, this.refusals.fn]]),
      tables: this.data.tablesByEnvVar,
      webAcl: this.firewall.webAcl,
      key: this.keys.logsKey,
    });

    acknowledgeNagFindings(this);

    new CfnOutput(this, 'ApiUrl', {
      value: `${this.web.origin}${API_PATH_PREFIX}`,
      description: 'API base URL through CloudFront and the WAF (no trailing slash)',
    });
    new CfnOutput(this, 'SpaUrl', { value: this.web.origin, description: 'The SPA (CloudFront)' });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'DocumentsBucketName', { value: this.storage.documentsBucket.bucketName });
    new CfnOutput(this, 'SpaBucketName', { value: this.web.bucket.bucketName });
    new CfnOutput(this, 'WebAclArn', { value: this.firewall.webAcl.attrArn });
  }
}
