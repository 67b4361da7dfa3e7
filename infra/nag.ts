/**
 * The cdk-nag checks of the stack (docs/security.md): the AwsSolutions and HIPAA.Security packs,
 * registered on the app, and every acknowledged (suppressed) finding with the reason it does not apply.
 *
 * cdk-nag 3 runs as a CDK policy-validation plugin: `npm run synth` (and every in-memory synth, such as
 * the infra test's) reports the findings that are not acknowledged, and fails on an error. There are
 * none: every finding is fixed or acknowledged below with its reason (13 rules),
 * {@link KNOWN_OPEN_FINDINGS} is empty, and the infra test fails on any unacknowledged error or
 * warning and on 15 or more acknowledged rules. The list stays as the one place where a finding could
 * be recorded as known-but-open (reported as a warning), should one ever have to be.
 */
import {
  BOOTSTRAP_QUALIFIER_CONTEXT,
  DefaultStackSynthesizer,
  Stack,
  Token,
  Validations,
  type CfnElement,
  type IPolicyValidationContext,
  type IPolicyValidationPlugin,
  type PolicyValidationPluginReport,
} from 'aws-cdk-lib';
import { AwsSolutionsChecks, HIPAASecurityChecks, type NagPack } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { RESOURCES, ROUTES } from '../lambdas/routes';
import { asyncInvokedResources } from './api';
import { S3_BACKUP_POLICIES } from './backup';
import type { SutureStack } from './stack';

/**
 * Findings that apply and are not fixed yet (rule id, with the finding suffix cdk-nag gives it), by
 * pack. Each is reported as a warning, with "known open finding" in its description. Empty: keep it
 * so. Never grow it to let a new finding through; fix the
 * finding, or acknowledge it in {@link acknowledgeNagFindings} with the reason it does not apply.
 */
export const KNOWN_OPEN_FINDINGS: Readonly<Record<string, readonly string[]>> = {
  AwsSolutions: [],
  'HIPAA.Security': [],
};

/**
 * A finding's id without the account, region and partition a CLI synth resolves (the CDK asset bucket
 * is `cdk-hnb659fds-assets-<account>-<region>`), so that {@link KNOWN_OPEN_FINDINGS} matches in every
 * environment.
 */
export function normalizeFinding(ruleName: string): string {
  return ruleName
    .replace(/arn:aws[a-z-]*:s3:::/g, 'arn:<AWS::Partition>:s3:::')
    .replace(/cdk-([a-z0-9]+)-assets-[^/\]]+\/\*/g, 'cdk-$1-assets-<AWS::AccountId>-<AWS::Region>/*');
}

/** The two packs, fresh (a pack keeps the findings of its last run). */
export function nagPacks(): NagPack[] {
  return [new AwsSolutionsChecks(), new HIPAASecurityChecks()];
}

/**
 * A pack whose {@link KNOWN_OPEN_FINDINGS} are downgraded to warnings; every other finding keeps its
 * severity, so an error fails synth.
 */
class RatchetedPack implements IPolicyValidationPlugin {
  readonly name: string;

  constructor(private readonly pack: NagPack) {
    this.name = pack.name;
  }

  validate(context: IPolicyValidationContext): PolicyValidationPluginReport {
    const report = this.pack.validate(context);
    const known = new Set(KNOWN_OPEN_FINDINGS[this.name] ?? []);
    const violations = report.violations.map((v) =>
      known.has(normalizeFinding(v.ruleName))
        ? { ...v, severity: 'warning', description: `${v.description} (known open finding, infra/nag.ts)` }
        : v,
    );
    return { ...report, violations, success: violations.every((v) => v.severity !== 'error') };
  }
}

/** Register both packs on the app (`bin/app.ts` through `buildApp`, and the infra test). */
export function applyNagChecks(app: IConstruct): void {
  Validations.of(app).addPlugins(...nagPacks().map((pack) => new RatchetedPack(pack)));
}

/**
 * The objects of the CDK bootstrap asset bucket as cdk-nag names them in a finding: the partition,
 * account and region resolved when the stack knows them (a CLI synth with credentials or
 * `CDK_DEFAULT_REGION`), else their pseudo parameters, e.g.
 * `arn:aws:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-us-east-1/*`.
 */
export function cdkAssetBucketObjects(stack: Stack): string {
  const known = (value: string, pseudo: string): string => (Token.isUnresolved(value) ? `<AWS::${pseudo}>` : value);
  const qualifier: unknown = stack.node.tryGetContext(BOOTSTRAP_QUALIFIER_CONTEXT);
  return `arn:${known(stack.partition, 'Partition')}:s3:::cdk-${typeof qualifier === 'string' ? qualifier : DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${known(stack.account, 'AccountId')}-${known(stack.region, 'Region')}/*`;
}

/** Acknowledge `id` on `scope` and everything below it, with the reason it does not apply there. */
function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * Every suppression of the stack, each with its reason next to it (fewer than 15 rules, each
 * explained). Called once by the stack after all its constructs exist.
 */
export function acknowledgeNagFindings(stack: SutureStack): void {
  // 1. Lambda inside a VPC: the functions reach only AWS APIs (DynamoDB, S3, KMS, Cognito, Lambda) over
  // TLS with IAM and the public NPPES registry; there is no VPC resource (database, cache) to reach,
  // so a VPC would add NAT gateways and endpoints without protecting anything the functions hold.
  acknowledge(
    stack,
    'HIPAA.Security-LambdaInsideVPC',
    'No VPC resources exist: the functions call only AWS APIs over TLS with IAM, and NPPES over HTTPS.',
  );

  // 2. Lambda dead-letter queue: a DLQ receives failed *asynchronous* invocations only. Functions that
  // only API Gateway invokes (synchronously, the error goes back to the caller) have nothing to catch.
  for (const resource of RESOURCES) {
    if (asyncInvokedResources().has(resource)) continue;
    const fn = stack.api.functions.get(resource);
    if (fn) {
      acknowledge(
        fn,
        'HIPAA.Security-LambdaDLQ',
        'Invoked only synchronously by API Gateway: a dead-letter queue receives only failed asynchronous invocations.',
      );
    }
  }

  // 3. Public routes without an authorizer: the health checks carry no data, and any route of the
  // shared table with `auth: false` is public by the spec; every other route requires a Cognito JWT.
  for (const route of ROUTES.filter((r) => !r.auth)) {
    const id = `${route.method}--${route.path.replace(/\//g, '--').replace(/^--/, '')}`;
    const construct = stack.api.httpApi.node.tryFindChild(id);
    if (construct) {
      acknowledge(
        construct,
        'AwsSolutions-APIG4',
        'Public by the spec (auth: false in lambdas/routes.ts): the health checks /health and /case/health, which return no data.',
      );
    }
  }

  // 4. Cross-region replication of the buckets: the documents are versioned and backed up daily by AWS
  // Backup (35 days); the SPA bucket is rebuilt from source by every deployment; the log bucket holds
  // logs only. A replica would need a second-region stack and key this single-region stack does not have.
  acknowledge(
    stack,
    'HIPAA.Security-S3BucketReplicationEnabled',
    'Durability comes from versioning and the daily AWS Backup plan; the SPA is rebuilt by each deploy.',
  );

  // 5-7. The access-log bucket: it is the destination of the server access logs, so it cannot log to
  // itself (a loop), and S3 server access logging delivers only to SSE-S3 buckets, not SSE-KMS.
  const logBucket = stack.accessLogs.bucket;
  acknowledge(logBucket, 'AwsSolutions-S1', 'It is the server access log destination: logging it to itself loops.');
  acknowledge(
    logBucket,
    'HIPAA.Security-S3BucketLoggingEnabled',
    'It is the server access log destination: logging it to itself loops.',
  );
  acknowledge(
    logBucket,
    'HIPAA.Security-S3DefaultEncryptionKMS',
    'S3 server access logging delivers only to SSE-S3 buckets; SSE-KMS targets are not supported.',
  );

  // 9. AWS Backup's service-role policies: AWS maintains them for exactly this role (backup and
  // restore of DynamoDB and S3); the selection's role is assumable by backup.amazonaws.com only.
  for (const policy of [
    'service-role/AWSBackupServiceRolePolicyForBackup',
    'service-role/AWSBackupServiceRolePolicyForRestores',
    ...S3_BACKUP_POLICIES,
  ]) {
    acknowledge(
      stack.backup,
      `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${policy}]`,
      'AWS Backup service-role policy, maintained by AWS for the role only backup.amazonaws.com assumes.',
    );
  }

  // 10. Wildcards in IAM policies, all from CDK's grants: action families (s3:GetObject*, kms:ReEncrypt*)
  // and the sub-resources of one named resource, which cannot be listed ahead of time: the global
  // secondary indexes of one table, the object keys under one prefix of the documents bucket, the
  // versions and aliases of one function, the objects of the SPA bucket and of the CDK asset bucket that
  // the SPA deployment copies; and `Resource::*` twice, for actions that take no resource: CloudFront's
  // CreateInvalidation and GetInvalidation granted by the CDK BucketDeployment (cache invalidation
  // only, no data access), and X-Ray's PutTraceSegments and PutTelemetryRecords of active tracing.
  const iam5Reason =
    'CDK grants: action families or the sub-resources of one named resource (table indexes, bucket objects, function versions); Resource::* only for CloudFront cache invalidation and X-Ray trace segments.';
  const arnOf = (c: IConstruct): string => `<${Stack.of(c).getLogicalId(c.node.defaultChild as CfnElement)}.Arn>`;
  const scoped = [
    ...[...stack.data.tablesByEnvVar.values()].map((t) => `Resource::${arnOf(t)}/index/*`),
    `Resource::${arnOf(stack.storage.documentsBucket)}/private/*`,
    `Resource::${arnOf(stack.storage.documentsBucket)}/private/uploads/*`,
    `Resource::${arnOf(stack.storage.documentsBucket)}/private/reports/*`,
    `Resource::${arnOf(stack.storage.documentsBucket)}/private/exports/*`,
    `Resource::${arnOf(stack.storage.documentsBucket)}/imports/*`,
    ...[...stack.api.functions.values()].map((fn) => `Resource::${arnOf(fn)}:*`),
    'Action::kms:GenerateDataKey*',
    'Action::kms:ReEncrypt*',
    'Resource::*',
  ];
  for (const finding of scoped) acknowledge(stack.api, `AwsSolutions-IAM5[${finding}]`, iam5Reason);
  // The refusals function: PutItem on the audit table (CDK's grant names its indexes too) and X-Ray.
  for (const finding of [`Resource::${arnOf(stack.data.table('AUDIT_TABLE'))}/index/*`, 'Resource::*']) {
    acknowledge(stack.refusals, `AwsSolutions-IAM5[${finding}]`, iam5Reason);
  }
  for (const finding of [
    'Action::s3:GetBucket*',
    'Action::s3:GetObject*',
    'Action::s3:List*',
    'Action::s3:Abort*',
    'Action::s3:DeleteObject*',
    'Action::kms:GenerateDataKey*',
    'Action::kms:ReEncrypt*',
    `Resource::${cdkAssetBucketObjects(stack)}`,
    `Resource::${arnOf(stack.web.bucket)}/*`,
    'Resource::*',
  ]) {
    acknowledge(stack.web.deploymentRole, `AwsSolutions-IAM5[${finding}]`, iam5Reason);
  }

  // 11. The SPA deployment function is CDK's (BucketDeployment): CDK pins its Python runtime with the
  // AWS CLI layer it ships; it runs only during `cdk deploy` and moves with aws-cdk-lib upgrades.
  if (stack.web.deploymentFunction) {
    acknowledge(
      stack.web.deploymentFunction,
      'AwsSolutions-L1',
      'The CDK BucketDeployment handler: CDK pins its Python runtime with its AWS CLI layer; it runs only during cdk deploy.',
    );
  }

  // 12. MFA is optional by design (docs/security.md, "Two-step sign-in": optional TOTP that each user
  // turns on from the profile screen); Cognito threat protection in enforced mode blocks risky sign-ins for everyone.
  acknowledge(
    stack.auth.userPool,
    'AwsSolutions-COG2',
    'MFA is optional by design (each user turns on TOTP from the profile, docs/security.md); threat protection is enforced.',
  );

  // 13. Geo restriction: surgeons travel and billing back offices work from abroad; sources are filtered
  // by the web ACL's IP reputation list and rate limit (infra/waf.ts), not by country.
  acknowledge(
    stack.web.distribution,
    'AwsSolutions-CFR1',
    'Users work from anywhere (travelling surgeons, remote billing); the WAF filters by IP reputation and rate instead.',
  );

  // 14. TLS minimum without a custom domain: the default *.cloudfront.net certificate keeps CloudFront's
  // own security policy (TLSv1), which cannot be raised; with `-c domainName=... -c certificateArn=...`
  // the distribution requires TLSv1.2_2021 and this acknowledgement is not made.
  if (!stack.web.customDomain) {
    acknowledge(
      stack.web.distribution,
      'AwsSolutions-CFR4',
      'No custom domain: the default *.cloudfront.net certificate cannot raise the TLS minimum; a domain and certificate set TLSv1.2_2021.',
    );
  }

  // 15. Rotation of the cursor key secret: a new key turns every open cursor into a 400, and warm
  // functions keep the old key until their next cold start; it seals paging positions only and only
  // the paging functions may read it (docs/decisions/0011-sealed-cursors.md: rotated by hand).
  const rotationReason =
    'It seals list cursors only; rotating it breaks every open cursor, so it is rotated by hand (docs/decisions/0011-sealed-cursors.md).';
  acknowledge(stack.keys.cursorKeySecret, 'AwsSolutions-SMG4', rotationReason);
  acknowledge(stack.keys.cursorKeySecret, 'HIPAA.Security-SecretsManagerRotationEnabled', rotationReason);
}
