/**
 * The select of the SPA's forms, on the same terms as {@link FormField} (label, hint under the label,
 * error under the field; Amplify ties hint and error to the select with `aria-describedby` and marks
 * it `aria-invalid`). Spread react-hook-form's `register(name)` or a Controller's `field` on it and
 * pass the options as children. Its own module so that the sign-in route, which loads FormField,
 * does not load the select (the /auth size budget, docs/figures.md).
 */
import { SelectField } from '@aws-amplify/ui-react';
import type { ChangeEventHandler, FocusEventHandler, ReactNode, Ref } from 'react';
import type { FormFieldProps } from './FormField';

export interface FormSelectProps extends Pick<
  FormFieldProps,
  'label' | 'hint' | 'error' | 'isRequired' | 'isDisabled'
> {
  name?: string;
  value?: string;
  onChange?: ChangeEventHandler<HTMLSelectElement>;
  onBlur?: FocusEventHandler<HTMLSelectElement>;
  ref?: Ref<HTMLSelectElement>;
  /** The first, empty choice (e.g. 'Select a surgeon'). */
  placeholder?: string;
  /** The `<option>` elements. */
  children: ReactNode;
}

export function FormSelect({ hint, error, ...props }: FormSelectProps) {
  return <SelectField {...props} descriptiveText={hint} hasError={Boolean(error)} errorMessage={error} />;
}
