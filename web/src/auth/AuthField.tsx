/**
 * One required field of the sign-in screen's forms (back-office-and-shell section 5): a text or
 * password input wired to `useAuthForm`'s `register(name)`, with its error message (from the form's
 * check) shown under it.
 */
import { PasswordField, TextField } from '@aws-amplify/ui-react';
import type { RegisteredField } from './useAuthForm';

export interface AuthFieldProps {
  label: string;
  autoComplete: string;
  /** What `register(name)` returned. */
  field: RegisteredField;
  /** The field's error message, if any. */
  error?: string;
  /** A password input (show/hide button) instead of a text input. */
  password?: boolean;
  type?: 'email';
  inputMode?: 'numeric';
  descriptiveText?: string;
  autoFocus?: boolean;
}

export function AuthField({ field, error, password, ...props }: AuthFieldProps) {
  const Field = password ? PasswordField : TextField;
  return <Field {...props} isRequired {...field} hasError={!!error} errorMessage={error} />;
}
