/**
 * Runtime configuration: fetched once from `/config.json` (shared/config.ts schema) and used to
 * configure Amplify Auth (USER_PASSWORD_AUTH against the user pool, or the local emulator through
 * `userPoolEndpoint`) and the API base URL.
 */
import { Amplify } from 'aws-amplify';
import { RuntimeConfigSchema, type RuntimeConfig } from '../../../shared/config';

let current: RuntimeConfig | undefined;

/** Load `/config.json` and configure Amplify. Throws `Error` when the file is missing or malformed. */
export async function loadConfig(): Promise<RuntimeConfig> {
  if (current) return current;
  const res = await fetch('/config.json', { cache: 'no-store' });
  if (!res.ok) throw new Error(`Could not load /config.json (${res.status})`);
  const config = RuntimeConfigSchema.parse(await res.json());
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
        loginWith: { email: true },
      },
    },
  });
  current = config;
  return config;
}

/** The loaded configuration. Throws `Error` if `loadConfig` has not completed. */
export function getConfig(): RuntimeConfig {
  if (!current) throw new Error('Configuration not loaded');
  return current;
}
