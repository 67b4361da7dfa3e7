/**
 * The AWS credential provider of the deployed Lambda bundles (bundles at most
 * 300 KB, cold init within 1.5x of hello world). Never imported by product code: the bundler puts
 * it in place of `@aws-sdk/credential-provider-node` (LAMBDA_BUNDLING in infra/bundling.ts, esbuild
 * `--alias`), whose `defaultProvider` every SDK client's runtime config imports.
 *
 * The default chain tries environment variables, SSO, INI files, web identity, process, container
 * and instance metadata credentials, and brings the STS, SSO and sign-in clients with it (about
 * 140 KB of each bundle, and their load time at every cold start). A Lambda function always gets
 * its role's credentials in `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN`,
 * the first link of that chain, so the bundles use that link alone (`fromEnv` of
 * @aws-sdk/credential-provider-env, the SDK's own). Missing variables reject with the SDK's
 * `CredentialsProviderError`. The local runtime runs handlers from source with the full chain.
 */
import { fromEnv, type FromEnvInit } from '@aws-sdk/credential-provider-env';

/** Same signature as `defaultProvider` of @aws-sdk/credential-provider-node (its init is passed on). */
export const defaultProvider = (init: FromEnvInit = {}) => fromEnv(init);
