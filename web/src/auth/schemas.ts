/**
 * Form rules of the sign-in screen (back-office-and-shell section 5: email and password required;
 * provider-side section 5 password policy: at least 8 characters with lowercase, uppercase, number
 * and symbol, as the user pool enforces).
 *
 * Plain functions rather than zod schemas: the sign-in route loads neither zod nor a form library
 * (at most 150 KB of JS gzipped for /auth). Each check takes the raw texts and
 * returns either the values to use (trimmed where the rule says) or one message per field in error.
 */

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordPolicy:
    'Password must be at least 8 characters and include a lowercase letter, an uppercase letter, a number and a symbol',
  codeRequired: 'Verification code is required',
  passwordsDiffer: 'Passwords do not match',
} as const;

const M = AUTH_MESSAGES;

/** Outcome of a form check: the values, or the message of each field in error. */
export type FormCheckResult<V> = { ok: true; values: V } | { ok: false; errors: Partial<Record<keyof V, string>> };

/** A form check over text fields. */
export type FormCheck<V extends Record<string, string>> = (raw: V) => FormCheckResult<V>;

/** The email shape zod's `z.email()` accepts (its default pattern). */
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Message for an email (trimmed first), or undefined when it is fine. */
export function emailError(email: string): string | undefined {
  const value = email.trim();
  if (!value) return M.emailRequired;
  return EMAIL.test(value) ? undefined : M.emailInvalid;
}

/** Message for a new password that breaks the user pool's policy, or undefined. */
export function newPasswordError(password: string): string | undefined {
  if (!password) return M.passwordRequired;
  const ok =
    password.length >= 8 &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password);
  return ok ? undefined : M.passwordPolicy;
}

function result<V extends Record<string, string>>(
  values: V,
  errors: Partial<Record<keyof V, string | undefined>>,
): FormCheckResult<V> {
  const present = Object.fromEntries(Object.entries(errors).filter(([, m]) => m)) as Partial<Record<keyof V, string>>;
  return Object.keys(present).length ? { ok: false, errors: present } : { ok: true, values };
}

export type SignInValues = { email: string; password: string };
export const checkSignIn: FormCheck<SignInValues> = ({ email, password }) =>
  result(
    { email: email.trim(), password },
    { email: emailError(email), password: password ? undefined : M.passwordRequired },
  );

export type ResetRequestValues = { email: string };
export const checkResetRequest: FormCheck<ResetRequestValues> = ({ email }) =>
  result({ email: email.trim() }, { email: emailError(email) });

function confirmError(password: string, confirm: string): string | undefined {
  if (!confirm) return M.passwordRequired;
  return password === confirm ? undefined : M.passwordsDiffer;
}

export type ResetConfirmValues = { code: string; password: string; confirm: string };
export const checkResetConfirm: FormCheck<ResetConfirmValues> = ({ code, password, confirm }) => {
  const passwordMessage = newPasswordError(password);
  return result(
    { code: code.trim(), password, confirm },
    {
      code: code.trim() ? undefined : M.codeRequired,
      password: passwordMessage,
      confirm: passwordMessage ? (confirm ? undefined : M.passwordRequired) : confirmError(password, confirm),
    },
  );
};

export type NewPasswordValues = { password: string; confirm: string };
export const checkNewPassword: FormCheck<NewPasswordValues> = ({ password, confirm }) => {
  const passwordMessage = newPasswordError(password);
  return result(
    { password, confirm },
    {
      password: passwordMessage,
      confirm: passwordMessage ? (confirm ? undefined : M.passwordRequired) : confirmError(password, confirm),
    },
  );
};
