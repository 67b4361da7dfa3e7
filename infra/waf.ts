/**
 * The AWS WAF web ACL in front of the CloudFront distribution, and so in front of both the SPA and
 * the API under `/api/*` (OWASP ASVS 4.0.3 V12/V14; HIPAA 164.312(a)(1), (b)).
 *
 * A web ACL of scope CLOUDFRONT must be created in us-east-1 ({@link EDGE_REGION}): the Suture stack
 * is deployed there (infra/stack.ts checks it at synth when the region is known and adds a
 * CloudFormation rule that refuses any other region when it is not; README "Edge: WAF, CloudFront
 * and the API under /api").
 */
import { RemovalPolicy, Stack, ArnFormat } from 'aws-cdk-lib';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import type { StageSettings } from './stage';

/** The only region in which a CloudFront web ACL (scope CLOUDFRONT) can be created. */
export const EDGE_REGION = 'us-east-1';

/**
 * The AWS managed rule groups of the web ACL, in priority order after the rate rule: Amazon's IP
 * reputation list (bots, known malicious sources), known bad inputs (Log4Shell, Java deserialization,
 * localhost Host headers...) and the core rule set (OWASP top ten: XSS, LFI, RFI, bad bots...).
 */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesCommonRuleSet',
] as const;

/**
 * Rules of the core rule set that only count (not block): `SizeRestrictions_BODY` blocks any body over
 * 8 KB, and a case with its CPT lines and notes, or a list import, can be larger; the API validates
 * every body itself (zod schemas of shared/) and API Gateway caps it at 10 MB.
 */
export const COUNT_ONLY_RULES: Readonly<Record<(typeof MANAGED_RULE_GROUPS)[number], readonly string[]>> = {
  AWSManagedRulesAmazonIpReputationList: [],
  AWSManagedRulesKnownBadInputsRuleSet: [],
  AWSManagedRulesCommonRuleSet: ['SizeRestrictions_BODY'],
};

/**
 * The rate-based rule: at most `limit` requests per `windowSeconds` from one IP address (SPA files and
 * API calls together), beyond which WAF answers 403 until the rate falls. 3,000 per 5 minutes is 10
 * requests per second sustained, well above one office behind one address using the SPA, and the
 * API's own throttling (infra/api.ts) still applies below it.
 */
export const WAF_RATE_LIMIT = { limit: 3000, windowSeconds: 300 } as const;

/** The request fields never written to the WAF log: the bearer token, cookies, and query strings (a case search can hold a patient's name). */
export const WAF_REDACTED_FIELDS = [
  { singleHeader: { Name: 'authorization' } },
  { singleHeader: { Name: 'cookie' } },
  { queryString: {} },
] as const;

export interface EdgeFirewallProps {
  settings: StageSettings;
  /** The key of the WAF log group (infra/keys.ts `logsKey`). */
  logsKey: kms.IKey;
}

/**
 * The web ACL (scope CLOUDFRONT; default allow): first {@link WAF_RATE_LIMIT} per IP, then the
 * {@link MANAGED_RULE_GROUPS}, each blocking on a match except {@link COUNT_ONLY_RULES}. CloudWatch
 * metrics per rule; no sampled requests (they would keep unredacted headers and query strings in the
 * console). Its log (HIPAA 164.312(b)) goes to the encrypted log group `aws-waf-logs-<prefix>` (30 days,
 * a year in prod) without {@link WAF_REDACTED_FIELDS}.
 */
export class EdgeFirewall extends Construct {
  readonly webAcl: wafv2.CfnWebACL;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: EdgeFirewallProps) {
    super(scope, id);
    const { settings } = props;
    const name = `${settings.resourcePrefix}-edge`;
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: false,
    });

    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name,
      description: `Suture edge firewall of stage ${settings.stage}: the SPA and /api`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(name),
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: WAF_RATE_LIMIT.limit,
              evaluationWindowSec: WAF_RATE_LIMIT.windowSeconds,
              aggregateKeyType: 'IP',
            },
          },
          visibilityConfig: visibility(`${name}-rate`),
        },
        ...MANAGED_RULE_GROUPS.map((group, i) => ({
          name: group,
          priority: i + 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: group,
              ...(COUNT_ONLY_RULES[group].length > 0
                ? {
                    ruleActionOverrides: COUNT_ONLY_RULES[group].map((rule) => ({
                      name: rule,
                      actionToUse: { count: {} },
                    })),
                  }
                : {}),
            },
          },
          visibilityConfig: visibility(`${name}-${group}`),
        })),
      ],
    });

    // WAF logs only to a log group named aws-waf-logs-*, given by its ARN without the `:*` suffix.
    const logGroupName = `aws-waf-logs-${settings.resourcePrefix}`;
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName,
      retention: settings.isProd ? logs.RetentionDays.ONE_YEAR : logs.RetentionDays.ONE_MONTH,
      encryptionKey: props.logsKey,
      removalPolicy: settings.isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const logging = new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: WAF_REDACTED_FIELDS.map((f) => ({ ...f })),
    });
    logging.node.addDependency(this.logGroup);
  }
}
