/**
 * The SPA's runtime configuration, served as `/config.json`.
 * On AWS the CDK web construct writes it to the SPA bucket; locally the runtime serves it.
 *
 * Checked by hand rather than with zod: the SPA parses it before anything else, on the sign-in route
 * too, whose JS is kept small. `RuntimeConfigSchema` keeps the zod-like
 * `parse`/`safeParse` that the CDK construct, the local runtime and the tests call.
 */

/**
 * Support address shown where users are told to contact support (Report Bug)
 * when the deployment sets none (CDK context `supportEmail`, see infra/web.ts). Locally this default
 * applies.
 */
export const DEFAULT_SUPPORT_EMAIL = 'support@suture.example';

/** The configuration as the SPA reads it (defaults applied). */
export interface RuntimeConfig {
  region: string;
  /**
   * API base URL without trailing slash: absolute locally (`http://127.0.0.1:3000/api`), or `/api` on
   * AWS (the same CloudFront distribution as the SPA; resolve it against the page's origin).
   */
  apiUrl: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only locally: the Cognito emulator endpoint Amplify should call (`Auth.Cognito.userPoolEndpoint`). */
  userPoolEndpoint?: string;
  /** Stage name, e.g. `local`, `dev`, `qa-123`, `prod` (default `local`). */
  stage: string;
  /** Email address of support, shown as a mailto link (default {@link DEFAULT_SUPPORT_EMAIL}). */
  supportEmail: string;
  /**
   * Whether the debug pages (/debug/forgot-password, /debug-patch, /test-search) exist in this
   * stage (a departure from the spec, which leaves them unguarded). Default
   * false; the local runtime writes true; on AWS the CDK context `debugPages` (true except in prod).
   */
  debugPages: boolean;
}

/** The configuration as written (stage, supportEmail and debugPages may be left out). */
export type RuntimeConfigInput = Omit<RuntimeConfig, 'stage' | 'supportEmail' | 'debugPages'> &
  Partial<Pick<RuntimeConfig, 'stage' | 'supportEmail' | 'debugPages'>>;

/** A plain address: something@domain.tld, no spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Thrown by {@link parseRuntimeConfig}; `issues` name each bad field. */
export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
  constructor(readonly issues: string[]) {
    super(`Invalid runtime configuration: ${issues.join('; ')}`);
  }
}

/**
 * Check a runtime configuration and apply its defaults (unknown fields are dropped).
 * @throws RuntimeConfigError when it is not an object, a required text is missing or empty,
 *   supportEmail is not an email address, or debugPages is present and not a boolean.
 */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new RuntimeConfigError(['not an object']);
  const raw = value as Record<string, unknown>;
  const issues: string[] = [];
  const required = (name: keyof RuntimeConfig): string => {
    const v = raw[name];
    if (typeof v !== 'string' || v === '') issues.push(`${name} must be a non-empty string`);
    return typeof v === 'string' ? v : '';
  };
  const optional = (name: keyof RuntimeConfig): string | undefined => {
    const v = raw[name];
    if (v === undefined) return undefined;
    if (typeof v !== 'string') issues.push(`${name} must be a string`);
    return typeof v === 'string' ? v : undefined;
  };
  const config: RuntimeConfig = {
    region: required('region'),
    apiUrl: required('apiUrl'),
    userPoolId: required('userPoolId'),
    userPoolClientId: required('userPoolClientId'),
    stage: optional('stage') ?? 'local',
    supportEmail: optional('supportEmail') ?? DEFAULT_SUPPORT_EMAIL,
    debugPages: raw.debugPages === true,
  };
  if (raw.debugPages !== undefined && typeof raw.debugPages !== 'boolean') issues.push('debugPages must be a boolean');
  const endpoint = optional('userPoolEndpoint');
  if (endpoint !== undefined) config.userPoolEndpoint = endpoint;
  // CDK tokens (`${Token[...]}`) are not addresses yet; they are checked when resolved.
  if (!EMAIL.test(config.supportEmail) && !config.supportEmail.includes('${Token['))
    issues.push('supportEmail must be an email address');
  if (issues.length) throw new RuntimeConfigError(issues);
  return config;
}

/** zod-like access to {@link parseRuntimeConfig}. */
export const RuntimeConfigSchema = {
  /** @throws RuntimeConfigError (see {@link parseRuntimeConfig}). */
  parse: parseRuntimeConfig,
  safeParse(value: unknown): { success: true; data: RuntimeConfig } | { success: false; error: RuntimeConfigError } {
    try {
      return { success: true, data: parseRuntimeConfig(value) };
    } catch (err) {
      if (err instanceof RuntimeConfigError) return { success: false, error: err };
      throw err;
    }
  },
};
