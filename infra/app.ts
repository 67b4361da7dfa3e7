/**
 * Builds the Suture CDK app from context (docs/operations.md). Used by `bin/app.ts` (context from
 * cdk.json and `-c key=value`) and by the infra tests (which pass cdk.json's context explicitly,
 * since `new App()` outside the CLI does not read cdk.json).
 *
 * Context keys:
 * - `stage` (required; cdk.json sets `dev`): lowercase letters, digits and dashes, e.g. `-c stage=qa-123`;
 * - `nppesApiUrl` (optional): NPPES NPI Registry base URL for `/check_npi`, `/surgeon/search` and `/facility/search`;
 * - `webDistDir` (optional): directory of the built SPA, default `web/dist`;
 * - `skipBundling` (optional, `true`): placeholder Lambda code instead of esbuild bundles (fast synth
 *   for checks only; such an assembly must never be deployed);
 * - `domainName` and `certificateArn` (optional, together): a custom domain of the distribution and the
 *   ARN of its ACM certificate in us-east-1; TLS 1.2 minimum then applies (infra/web.ts);
 * - `supportEmail` and `debugPages` (optional): read by the web construct into `config.json`
 *   (infra/web.ts; `debugPages` defaults to true except in prod); `supportEmail` is also where
 *   messages to support are emailed;
 * - `senderEmail` and `senderIdentity` (optional): the address email is sent from and its verified
 *   SES identity (the address or its domain), the only one the functions may send from (infra/stage.ts);
 * - `alarmEmail` (required in prod, optional elsewhere) and `wafBlockedBaseline` (optional, default
 *   100 blocked requests in 5 minutes): where the stage's alarms go and the WAF alarm's threshold
 *   (infra/stage.ts, infra/monitoring.ts);
 * - `disputeDeadlines` (optional, an object or its JSON text): the deadline engine's settings
 *   (shared/dispute/settings.ts: `openNegotiationStartFrom`, `responseNoticeFrom`,
 *   `batchedCoolingOffFrom` as dates or null, `dueSoonBusinessDays`, `executiveOrderClosures`),
 *   defaults as the engine's; a bad value stops synth;
 * - the CDK feature flags of cdk.json.
 *
 * The cdk-nag packs AwsSolutions and HIPAA.Security check every synth (infra/nag.ts).
 */
import * as path from 'node:path';
import { App, Tags } from 'aws-cdk-lib';
import { applyNagChecks } from './nag';
import { SutureStack } from './stack';
import type { CustomDomain } from './web';
import { parseStage, stageSettings } from './stage';

export interface BuiltApp {
  app: App;
  stack: SutureStack;
}

/** Read a boolean context value given as a boolean or as the strings "true"/"false" (`-c` passes strings). */
function contextFlag(app: App, key: string): boolean {
  const value: unknown = app.node.tryGetContext(key);
  return value === true || value === 'true';
}

/**
 * The custom domain of the context (`domainName` and `certificateArn`), or undefined when neither is set.
 * @throws Error when only one of them is set.
 */
export function customDomainOf(app: App): CustomDomain | undefined {
  const domainName: unknown = app.node.tryGetContext('domainName');
  const certificateArn: unknown = app.node.tryGetContext('certificateArn');
  const given = (v: unknown): v is string => typeof v === 'string' && v !== '';
  if (!given(domainName) && !given(certificateArn)) return undefined;
  if (!given(domainName) || !given(certificateArn)) {
    throw new Error('Set both domainName and certificateArn (an ACM certificate in us-east-1), or neither');
  }
  return { domainName, certificateArn };
}

/**
 * Create the app and its single stack `Suture-<stage>`.
 *
 * The stack's environment comes from `CDK_DEFAULT_ACCOUNT` / `CDK_DEFAULT_REGION` when the CLI sets
 * them and is left unresolved otherwise, so synthesis needs no credentials and does no lookups.
 * @param context Context to start the app with (tests); omit it under the CDK CLI, which passes
 *   cdk.json's context and `-c` values through the environment.
 * @param outdir Cloud assembly directory (tests: a temporary directory); default the CLI's.
 * @throws InvalidStageError when `stage` is missing or malformed.
 * @throws InvalidStageSettingError when `alarmEmail`, `wafBlockedBaseline` or `disputeDeadlines` is malformed (infra/stage.ts).
 * @throws MissingAlarmEmailError when the stage is prod and has no `alarmEmail` (infra/monitoring.ts).
 * @throws StackRegionError when the region is known and is not us-east-1 (infra/stack.ts).
 */
export function buildApp(context?: Record<string, unknown>, outdir?: string): BuiltApp {
  const app = new App({ ...(context ? { context } : {}), ...(outdir ? { outdir } : {}) });
  const settings = stageSettings(parseStage(app.node.tryGetContext('stage')), {
    alarmEmail: app.node.tryGetContext('alarmEmail'),
    wafBlockedBaseline: app.node.tryGetContext('wafBlockedBaseline'),
    disputeDeadlines: app.node.tryGetContext('disputeDeadlines'),
    senderEmail: app.node.tryGetContext('senderEmail'),
    senderIdentity: app.node.tryGetContext('senderIdentity'),
    supportEmail: app.node.tryGetContext('supportEmail'),
  });
  const nppesApiUrl: unknown = app.node.tryGetContext('nppesApiUrl');
  const webDistDir: unknown = app.node.tryGetContext('webDistDir');
  const customDomain = customDomainOf(app);
  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const region = process.env.CDK_DEFAULT_REGION;

  const stack = new SutureStack(app, `Suture-${settings.stage}`, {
    description: `Suture (${settings.stage}): surgical case management`,
    ...(account || region ? { env: { account, region } } : {}),
    terminationProtection: settings.isProd,
    settings,
    ...(typeof nppesApiUrl === 'string' && nppesApiUrl !== '' ? { nppesApiUrl } : {}),
    ...(typeof webDistDir === 'string' && webDistDir !== '' ? { webDistDir: path.resolve(webDistDir) } : {}),
    skipBundling: contextFlag(app, 'skipBundling'),
    ...(customDomain ? { customDomain } : {}),
  });
  Tags.of(stack).add('project', 'suture');
  Tags.of(stack).add('stage', settings.stage);
  applyNagChecks(app);
  return { app, stack };
}
