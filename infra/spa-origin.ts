/**
 * The SPA bucket as a CloudFront origin with origin access control whose bucket and key policies name
 * the one distribution (`AWS:SourceArn` equals its ARN), where `S3BucketOrigin.withOriginAccessControl`
 * grants the key to every distribution of the account (`distribution/*`, CDK warning
 * `@aws-cdk/aws-cloudfront-origins:wildcardKeyPolicyForOac`).
 *
 * CDK uses the wildcard to avoid a cycle: key policy -> distribution -> bucket (its domain name) -> key
 * (its encryption). Here the bucket has a physical name known at synth time, so the origin's domain
 * is written out instead of read from the bucket, and the distribution no longer depends on it.
 */
import { Stack } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';

/**
 * The regional domain name of a bucket named `bucketName` in the stack's region, e.g.
 * `suture-dev-spa-123456789012.s3.us-east-1.amazonaws.com` (what the bucket's `RegionalDomainName`
 * attribute resolves to), built without a reference to the bucket resource.
 */
export function bucketRegionalDomainName(scope: Construct, bucketName: string): string {
  const stack = Stack.of(scope);
  return `${bucketName}.s3.${stack.region}.${stack.urlSuffix}`;
}

/** An S3 origin at a given domain, signed by an origin access control (no origin access identity). */
class OacS3Origin extends cloudfront.OriginBase {
  constructor(
    domainName: string,
    private readonly originAccessControl: cloudfront.IOriginAccessControlRef,
  ) {
    super(domainName);
  }

  override bind(scope: Construct, options: cloudfront.OriginBindOptions): cloudfront.OriginBindConfig {
    const config = super.bind(scope, options);
    if (!config.originProperty) throw new Error('An S3 origin must render an origin property');
    return {
      ...config,
      originProperty: {
        ...config.originProperty,
        originAccessControlId: this.originAccessControl.originAccessControlRef.originAccessControlId,
      },
    };
  }

  /** OAC replaces the legacy origin access identity, which CloudFront then expects empty. */
  protected override renderS3OriginConfig(): cloudfront.CfnDistribution.S3OriginConfigProperty {
    return { originAccessIdentity: '' };
  }
}

/** The origin of a bucket with a physical name, read through a new S3 origin access control (SigV4, always signed). */
export function spaBucketOrigin(scope: Construct, bucketName: string): cloudfront.IOrigin {
  const oac = new cloudfront.S3OriginAccessControl(scope, 'S3OriginAccessControl');
  return new OacS3Origin(bucketRegionalDomainName(scope, bucketName), oac);
}

/**
 * Let `distribution` (and no other) read `bucket`'s objects and decrypt them with `key`:
 * `s3:GetObject` in the bucket policy and `kms:Decrypt` in the key policy, each for the service
 * principal `cloudfront.amazonaws.com` on condition `StringEquals AWS:SourceArn <distribution ARN>`
 * (AWS CloudFront guide, "Restricting access to an Amazon S3 origin", SSE-KMS).
 */
export function grantDistributionRead(distribution: cloudfront.IDistribution, bucket: s3.IBucket, key: kms.IKey): void {
  const fromDistribution = { StringEquals: { 'AWS:SourceArn': distribution.distributionArn } };
  const cloudfrontService = new iam.ServicePrincipal('cloudfront.amazonaws.com');
  bucket.addToResourcePolicy(
    new iam.PolicyStatement({
      principals: [cloudfrontService],
      actions: ['s3:GetObject'],
      resources: [bucket.arnForObjects('*')],
      conditions: fromDistribution,
    }),
  );
  key.addToResourcePolicy(
    new iam.PolicyStatement({
      principals: [cloudfrontService],
      actions: ['kms:Decrypt'],
      resources: ['*'],
      conditions: fromDistribution,
    }),
  );
}
