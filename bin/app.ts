#!/usr/bin/env node
/**
 * CDK entry point (cdk.json `app`: `npx tsx bin/app.ts`).
 *
 *   npm run synth                      # stage from cdk.json (dev), offline, no credentials needed
 *   npx cdk deploy -c stage=qa-123     # an ephemeral QA stack Suture-qa-123
 *   npx cdk destroy -c stage=qa-123
 *
 * The stack is deployed to us-east-1 only (its CloudFront web ACL must live there; infra/waf.ts):
 * set AWS_REGION or the profile's region to us-east-1, or synth fails with StackRegionError.
 * Run `npm run build:web` before deploying: without `web/dist` a placeholder page is deployed.
 * The CLI synthesizes the app when this process exits (App autoSynth).
 */
import { buildApp } from '../infra/app';

buildApp();
