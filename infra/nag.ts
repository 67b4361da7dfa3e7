/**
 * The cdk-nag checks of the stack (issue 9, section 3): the AwsSolutions and HIPAA.Security packs,
 * registered on the app, and every acknowledged (suppressed) finding with the reason it does not apply.
 *
 * cdk-nag 3 runs as a CDK policy-validation plugin: `npm run synth` (and every in-memory synth, such as
 * the infra test's) reports the findings that are not acknowledged, and fails on an error. Findings
 * that are known but not yet fixed are listed in {@link KNOWN_OPEN_FINDINGS}: they are reported as
 * warnings (so that the stack still synthesizes and deploys) while any other finding fails synth; the
 * infra test asserts that list exactly, so fixing one means removing it from the list (a ratchet).
 */
import {
  Stack,
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
 * pack. Each is reported as a warning, with "known open finding" in its description. Shrink this list;
 * never grow it to let a new finding through.
 */
export const KNOWN_OPEN_FINDINGS: Readonly<Record<string, readonly string[]>> = {
  AwsSolutions: [
    // TLS 1.2 minimum needs a custom domain with an ACM certificate; the default *.cloudfront.net
    // certificate cannot raise the minimum.
    'AwsSolutions-CFR4',
    // nodejs22.x is not the latest runtime (nodejs24.x); the CDK-managed SPA deployment function too.
    'AwsSolutions-L1',
    // The CDK-managed SPA deployment function (BucketDeployment): its role reads the CDK asset bucket
    // and writes the SPA bucket with CDK's own wildcard grants.
    'AwsSolutions-IAM5[Action::s3:GetBucket*]',
    'AwsSolutions-IAM5[Action::s3:GetObject*]',
    'AwsSolutions-IAM5[Action::s3:List*]',
    'AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-<AWS::AccountId>-<AWS::Region>/*]',
    'AwsSolutions-IAM5[Action::s3:Abort*]',
    'AwsSolutions-IAM5[Action::s3:DeleteObject*]',
    'AwsSolutions-IAM5[Resource::<WebSpaBucket2BBFBAF8.Arn>/*]',
    'AwsSolutions-IAM5[Resource::*]',
  ],
  'HIPAA.Security': [
    // CDK grants write each role's statements as an inline (default) policy, not a managed policy.
    'HIPAA.Security-IAMNoInlinePolicy',
    // The CDK-managed SPA deployment function has no dead-letter queue (CloudFormation invokes it).
    'HIPAA.Security-LambdaDLQ',
    // The CDK-managed SPA deployment function has no reserved concurrency (BucketDeployment has no option).
    'HIPAA.Security-LambdaConcurrency',
  ],
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

/** Acknowledge `id` on `scope` and everything below it, with the reason it does not apply there. */
function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * Every suppression of the stack, each with its reason next to it (issue 9, section 3: fewer than 15,
 * each explained). Called once by the stack after all its constructs exist.
 */
export function acknowledgeNagFindings(stack: SutureStack): void {
  // 1. Lambda basic execution role: the AWS managed policy grants only logs:CreateLogGroup,
  // CreateLogStream and PutLogEvents; writing its own logs is what every function needs, and a copy as
  // a customer policy would say the same with more to maintain.
  acknowledge(
    stack,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    'AWSLambdaBasicExecutionRole only lets a function write its own CloudWatch logs.',
  );

  // 2. Lambda inside a VPC: the functions reach only AWS APIs (DynamoDB, S3, KMS, Cognito, Lambda) over
  // TLS with IAM and the public NPPES registry; there is no VPC resource (database, cache) to reach,
  // so a VPC would add NAT gateways and endpoints without protecting anything the functions hold.
  acknowledge(
    stack,
    'HIPAA.Security-LambdaInsideVPC',
    'No VPC resources exist: the functions call only AWS APIs over TLS with IAM, and NPPES over HTTPS.',
  );

  // 3. Lambda dead-letter queue: a DLQ receives failed *asynchronous* invocations only. Functions that
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

  // 4. Public routes without an authorizer: the health checks carry no data, and any route of the
  // shared table with `auth: false` is public by the spec; every other route requires a Cognito JWT.
  for (const route of ROUTES.filter((r) => !r.auth)) {
    const id = `${route.method}--${route.path.replace(/\//g, '--').replace(/^--/, '')}`;
    const construct = stack.api.httpApi.node.tryFindChild(id);
    if (construct) {
      acknowledge(
        construct,
        'AwsSolutions-APIG4',
        'Public by the spec (auth: false in lambdas/routes.ts): a health check or the public NPI lookup, no PHI.',
      );
    }
  }

  // 5. Cross-region replication of the buckets: the documents are versioned and backed up daily by AWS
  // Backup (35 days); the SPA bucket is rebuilt from source by every deployment; the log bucket holds
  // logs only. A replica would need a second-region stack and key this single-region stack does not have.
  acknowledge(
    stack,
    'HIPAA.Security-S3BucketReplicationEnabled',
    'Durability comes from versioning and the daily AWS Backup plan; the SPA is rebuilt by each deploy.',
  );

  // 6. The access-log bucket: it is the destination of the server access logs, so it cannot log to
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

  // 7. The SPA bucket holds the public build of the SPA (HTML, JS, CSS, config.json with public ids),
  // served to anyone by CloudFront: no PHI, so a customer-managed key protects nothing; SSE-S3 stays.
  acknowledge(
    stack.web.bucket,
    'HIPAA.Security-S3DefaultEncryptionKMS',
    'Holds only the public SPA build served to every visitor; no PHI. SSE-S3 encryption.',
  );

  // 8. AWS Backup's service-role policies: AWS maintains them for exactly this role (backup and
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

  // 9. The functions' dead-letter queues are themselves the last stop of failed events: a queue
  // behind a dead-letter queue would only move the same messages once more.
  for (const resource of asyncInvokedResources()) {
    const queue = stack.api.node.tryFindChild(`Fn-${resource}-dlq`);
    if (queue)
      acknowledge(queue, 'AwsSolutions-SQS3', 'It is the dead-letter queue of a function: failed events end here.');
  }

  // 10. Scoped wildcards in the functions' least-privilege grants (infra/api.ts): each names one resource
  // and covers only its sub-resources, which cannot be listed ahead of time: the global secondary
  // indexes of one table, the object keys under one prefix of the documents bucket, the versions and
  // aliases of one function, and the action families of CDK's grant on the one data key.
  const arnOf = (c: IConstruct): string => `<${Stack.of(c).getLogicalId(c.node.defaultChild as CfnElement)}.Arn>`;
  const scoped = [
    ...[...stack.data.tablesByEnvVar.values()].map((t) => `Resource::${arnOf(t)}/index/*`),
    `Resource::${arnOf(stack.storage.documentsBucket)}/private/*`,
    `Resource::${arnOf(stack.storage.documentsBucket)}/imports/*`,
    ...[...stack.api.functions.values()].map((fn) => `Resource::${arnOf(fn)}:*`),
    'Action::kms:GenerateDataKey*',
    'Action::kms:ReEncrypt*',
  ];
  for (const finding of scoped) {
    acknowledge(
      stack.api,
      `AwsSolutions-IAM5[${finding}]`,
      'Scoped to one named resource: a table and its indexes, one bucket prefix, one function and its versions, one KMS key.',
    );
  }
}
