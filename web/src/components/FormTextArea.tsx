/**
 * The multi-line text input of the SPA's forms, on the same terms as {@link FormField} (label, hint
 * under the label, error under the field; Amplify ties hint and error to the textarea with
 * `aria-describedby` and marks it `aria-invalid`). Spread react-hook-form's `register(name)` on it.
 * Its own module so that the sign-in route, which loads FormField, does not load it.
 */
import { TextAreaField } from '@aws-amplify/ui-react';
import type { ChangeEventHandler, FocusEventHandler, Ref } from 'react';
import type { FormFieldProps } from './FormField';

export interface FormTextAreaProps extends Pick<
  FormFieldProps,
  'label' | 'hint' | 'error' | 'isRequired' | 'isDisabled' | 'placeholder'
> {
  name?: string;
  value?: string;
  onChange?: ChangeEventHandler<HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLTextAreaElement>;
  ref?: Ref<HTMLTextAreaElement>;
  /** Visible lines (default 6); the user may make it taller. */
  rows?: number;
}

export function FormTextArea({ hint, error, rows = 6, ...props }: FormTextAreaProps) {
  return (
    <TextAreaField
      {...props}
      rows={rows}
      resize="vertical"
      descriptiveText={hint}
      hasError={Boolean(error)}
      errorMessage={error}
    />
  );
}
