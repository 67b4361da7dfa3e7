/**
 * The SPA's runtime configuration, served as `/config.json` (issue 2, section 5).
 * On AWS the CDK web construct writes it to the SPA bucket; locally the runtime serves it.
 */
import { z } from 'zod';

export const RuntimeConfigSchema = z.object({
  region: z.string().min(1),
  /** API base URL without trailing slash, e.g. `http://127.0.0.1:3000/api`. */
  apiUrl: z.string().min(1),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
  /** Only locally: the Cognito emulator endpoint Amplify should call (`Auth.Cognito.userPoolEndpoint`). */
  userPoolEndpoint: z.string().optional(),
  /** Stage name, e.g. `local`, `dev`, `qa-123`, `prod`. */
  stage: z.string().default('local'),
});

export type RuntimeConfig = z.infer<typeof RuntimeConfigSchema>;
