/**
 * Keys construct: the KMS customer-managed keys of the stack and the secret of the list cursors' key.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { StageSettings } from './stage';

export interface KeysProps {
  settings: StageSettings;
}

/**
 * Two symmetric customer-managed keys, each rotated yearly by KMS:
 *
 * - `dataKey`: the PHI at rest, every DynamoDB table and the documents bucket (HIPAA 164.312(a)(2)(iv));
 *   the grants of `RESOURCE_ACCESS` (infra/api.ts) carry its use, so only functions that may read or
 *   write a table or the bucket can decrypt;
 * - `logsKey`: the CloudWatch log groups (Lambda logs and the HTTP API's access log); its key policy
 *   lets the CloudWatch Logs service of the stack's region use it for log groups of this account only.
 *
 * and one secret:
 *
 * - `cursorKeySecret`: 64 random characters (encrypted with `dataKey`) from which the functions that
 *   page derive the key that seals list cursors (lambdas/lib/cursor-seal.ts,
 *   docs/decisions/0011-sealed-cursors.md); per stage, so a cursor of another stage does not open.
 *
 * Retained in prod; in other stages scheduled for deletion (7 days) with the stack.
 */
export class Keys extends Construct {
  readonly dataKey: kms.Key;
  readonly logsKey: kms.Key;
  readonly cursorKeySecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: KeysProps) {
    super(scope, id);
    const { settings } = props;
    const removal = {
      removalPolicy: settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      pendingWindow: Duration.days(settings.isProd ? 30 : 7),
    };
    this.dataKey = new kms.Key(this, 'DataKey', {
      description: `Suture ${settings.stage}: tables and documents bucket`,
      enableKeyRotation: true,
      ...removal,
    });
    this.logsKey = new kms.Key(this, 'LogsKey', {
      description: `Suture ${settings.stage}: CloudWatch log groups`,
      enableKeyRotation: true,
      ...removal,
    });
    this.cursorKeySecret = new secretsmanager.Secret(this, 'CursorKeySecret', {
      description: `Suture ${settings.stage}: the key material of the list cursors`,
      encryptionKey: this.dataKey,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: removal.removalPolicy,
    });
    const stack = Stack.of(this);
    this.logsKey.addToResourcePolicy(
      new iam.PolicyStatement({
        principals: [new iam.ServicePrincipal(`logs.${stack.region}.amazonaws.com`)],
        actions: ['kms:Encrypt*', 'kms:Decrypt*', 'kms:ReEncrypt*', 'kms:GenerateDataKey*', 'kms:Describe*'],
        resources: ['*'],
        conditions: {
          ArnLike: {
            'kms:EncryptionContext:aws:logs:arn': `arn:${stack.partition}:logs:${stack.region}:${stack.account}:*`,
          },
        },
      }),
    );
  }
}
