/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The profile form's NPI Validate button (web/src/profile/ProfileFields.tsx, spec provider-side
 * section 5 "NPI Validate button"), on the setup and editing screens alike: pressed from the
 * keyboard, it keeps focus through the check.
 */

import { browserFocusFixup } from './support/dom-env';
import { fireEvent, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { ProfileFormSchema, type ProfileForm } from '../../../shared';
import {
  ProfileFields,
  profileResolver,
  profileToFormValues,
  useNpiCheck,
  type ProfileFormValues,
} from '../../../web/src/profile/ProfileFields';
import { useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

function Harness() {
  const form = useForm<ProfileFormValues, unknown, ProfileForm>({
    resolver: profileResolver(ProfileFormSchema),
    defaultValues: { ...profileToFormValues(null), first_name: 'Ada', last_name: 'Lovelace', user_npi: '1234567893' },
  });
  const npiCheck = useNpiCheck(form);
  return <ProfileFields form={form} npiCheck={npiCheck} />;
}

describe('NPI Validate', () => {
  it('gives keyboard focus back to Validate once the check is over', async () => {
    // Prepare: the browser takes focus from the button while it is disabled
    browserFocusFixup();
    api.on('GET /check_npi', { valid: true, first_name: 'ADA', last_name: 'LOVELACE' });
    render(<Harness />);
    const validate = screen.getByRole('button', { name: 'Validate' });
    validate.focus();

    // Act
    fireEvent.click(validate);

    // Assess
    expect(await screen.findByText('NPI validated successfully for Ada Lovelace')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Validate' }));
  });
});
