/**
 * Form schemas of the sign-in screen (back-office-and-shell section 5: email and password required;
 * provider-side section 5 password policy: at least 8 characters with lowercase, uppercase, number
 * and symbol, as the user pool enforces).
 */
import { z } from 'zod';

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

const email = z.string().trim().min(1, M.emailRequired).pipe(z.email(M.emailInvalid));

/** A new password that meets the user pool's policy. */
export const NewPasswordSchema = z
  .string()
  .min(1, { error: M.passwordRequired, abort: true })
  .min(8, M.passwordPolicy)
  .regex(/[a-z]/, M.passwordPolicy)
  .regex(/[A-Z]/, M.passwordPolicy)
  .regex(/\d/, M.passwordPolicy)
  .regex(/[^A-Za-z0-9]/, M.passwordPolicy);

export const SignInSchema = z.object({ email, password: z.string().min(1, M.passwordRequired) });
export type SignInValues = z.infer<typeof SignInSchema>;

export const ResetRequestSchema = z.object({ email });
export type ResetRequestValues = z.infer<typeof ResetRequestSchema>;

export const ResetConfirmSchema = z
  .object({
    code: z.string().trim().min(1, M.codeRequired),
    password: NewPasswordSchema,
    confirm: z.string().min(1, M.passwordRequired),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: M.passwordsDiffer });
export type ResetConfirmValues = z.infer<typeof ResetConfirmSchema>;

export const NewPasswordFormSchema = z
  .object({ password: NewPasswordSchema, confirm: z.string().min(1, M.passwordRequired) })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: M.passwordsDiffer });
export type NewPasswordValues = z.infer<typeof NewPasswordFormSchema>;
