/**
 * The Suture stack: one per stage, composed of the keys, access-log, auth, data, storage, backup, API
 * and web constructs (issue 2, section 7; issue 9, section 3).
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { AccessLogs } from './access-logs';
import { Api } from './api';
import { Auth } from './auth';
import { Backup } from './backup';
import { Data } from './data';
import { Keys } from './keys';
import { acknowledgeNagFindings } from './nag';
import type { StageSettings } from './stage';
import { Storage } from './storage';
import { Web } from './web';

export interface SutureStackProps extends StackProps {
  settings: StageSettings;
  /** NPPES NPI Registry base URL for `/check_npi`; default the real registry. */
  nppesApiUrl?: string;
  /** Placeholder Lambda code instead of bundling the handlers: fast synth only, not deployable. */
  skipBundling?: boolean;
  /** Directory of the built SPA; default `web/dist`. */
  webDistDir?: string;
}

/**
 * Everything one stage of Suture runs on.
 *
 * Order matters only for references: the web hosting comes first because its CloudFront origin is the
 * CORS origin of the documents bucket and of the API; the SPA deployment comes last because its
 * `config.json` carries the API URL and the user pool ids.
 *
 * Outputs: `ApiUrl`, `SpaUrl`, `UserPoolId`, `UserPoolClientId`, `DocumentsBucketName`, `SpaBucketName`.
 */
export class SutureStack extends Stack {
  readonly keys: Keys;
  readonly accessLogs: AccessLogs;
  readonly auth: Auth;
  readonly backup: Backup;
  readonly data: Data;
  readonly storage: Storage;
  readonly api: Api;
  readonly web: Web;

  constructor(scope: Construct, id: string, props: SutureStackProps) {
    super(scope, id, props);
    const { settings } = props;

    this.keys = new Keys(this, 'Keys', { settings });
    this.accessLogs = new AccessLogs(this, 'AccessLogs', { settings });
    this.auth = new Auth(this, 'Auth', { settings });
    this.data = new Data(this, 'Data', { settings, encryptionKey: this.keys.dataKey });
    this.web = new Web(this, 'Web', {
      settings,
      accessLogsBucket: this.accessLogs.bucket,
      logsKey: this.keys.logsKey,
      ...(props.webDistDir ? { distDir: props.webDistDir } : {}),
    });
    this.storage = new Storage(this, 'Storage', {
      settings,
      corsOrigins: [this.web.origin],
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
      corsOrigins: [this.web.origin],
      ...(props.nppesApiUrl ? { nppesApiUrl: props.nppesApiUrl } : {}),
      skipBundling: props.skipBundling === true,
    });
    this.web.deploy({
      region: this.region,
      apiUrl: this.api.url,
      userPoolId: this.auth.userPool.userPoolId,
      userPoolClientId: this.auth.userPoolClient.userPoolClientId,
      stage: settings.stage,
    });

    acknowledgeNagFindings(this);

    new CfnOutput(this, 'ApiUrl', { value: this.api.url, description: 'HTTP API base URL (no trailing slash)' });
    new CfnOutput(this, 'SpaUrl', { value: this.web.origin, description: 'The SPA (CloudFront)' });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.userPoolClient.userPoolClientId });
    new CfnOutput(this, 'DocumentsBucketName', { value: this.storage.documentsBucket.bucketName });
    new CfnOutput(this, 'SpaBucketName', { value: this.web.bucket.bucketName });
  }
}
