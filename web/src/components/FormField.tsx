/**
 * The one labelled input of the SPA's forms: an Amplify text or password field with its label, an
 * optional hint under the label and its error under the input. Amplify ties the hint and the error
 * to the input with `aria-describedby` and marks it `aria-invalid` while in error. Spread
 * react-hook-form's `register(name)` (or the /auth hook's) on it and pass the field's error message.
 * Selects: `FormSelect` (./FormSelect.tsx), on the same terms.
 */
import { PasswordField, TextField } from '@aws-amplify/ui-react';
import type { ChangeEventHandler, FocusEventHandler, KeyboardEventHandler, ReactNode, Ref } from 'react';

export interface FormFieldProps {
  label: ReactNode;
  /** A line under the label (e.g. 'Type a surgeon's name (at least 2 characters).'). */
  hint?: ReactNode;
  /** The field's error message; none: no error shown. */
  error?: string;
  /** A password input (with a show/hide button) instead of a text input. */
  password?: boolean;
  name?: string;
  value?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLInputElement>;
  type?: 'text' | 'email' | 'tel' | 'date' | 'search';
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  autoComplete?: string;
  placeholder?: string;
  isRequired?: boolean;
  isDisabled?: boolean;
  autoFocus?: boolean;
  /** Flex basis of the field in a row of fields, e.g. '1 1 10rem'. */
  flex?: string;
  /** A control after the input, in the field's group (the profile NPI's Validate button). */
  outerEndComponent?: ReactNode;
  /** Id of a description shown apart from the field; pass it only when set (it replaces Amplify's ids). */
  'aria-describedby'?: string;
}

export function FormField({ hint, error, password, ...props }: FormFieldProps) {
  const Field = password ? PasswordField : TextField;
  return <Field {...props} descriptiveText={hint} hasError={Boolean(error)} errorMessage={error} />;
}
