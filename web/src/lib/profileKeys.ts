/**
 * The signed-in user's profile query key, by Cognito sub; part of the key factories of
 * ./queryKeys.ts, apart so that the entry chunk carries this one key only.
 */
export const profileKeys = {
  one: (sub: string) => ['profile', sub] as const,
};
