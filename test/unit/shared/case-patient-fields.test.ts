/**
 * The patient fields of a claim (shared/schemas/case.ts) and the same-patient rule of the case
 * form's duplicate warning (shared/case-duplicates.ts; docs/decisions/0024-case-search-and-sort.md).
 */
import {
  CASE_MESSAGES,
  CaseFormSchema,
  ClaimNumberSchema,
  MemberIdSchema,
  PatientDobSchema,
  UpdateCaseBodySchema,
  isSamePatient,
} from '../../../shared';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe('patient date of birth', () => {
  it('takes a past day from 1900 on, or nothing', () => {
    // Assess
    expect(PatientDobSchema.parse(' 1961-07-04 ')).toBe('1961-07-04');
    expect(PatientDobSchema.parse('')).toBe('');
    expect(PatientDobSchema.parse('1900-01-01')).toBe('1900-01-01');
  });

  it.each([
    ['1961-02-30', CASE_MESSAGES.invalidDob],
    ['07/04/1961', CASE_MESSAGES.invalidDob],
    ['1899-12-31', CASE_MESSAGES.dobTooEarly],
    [new Date().toISOString().slice(0, 10), CASE_MESSAGES.dobNotPast],
    ['2999-01-01', CASE_MESSAGES.dobNotPast],
  ])('refuses %s: %s', (value, message) => {
    // Assess
    expect(messages(PatientDobSchema.safeParse(value))).toEqual([message]);
  });
});

describe('member ID and claim number', () => {
  it('take up to 40 characters, trimmed', () => {
    // Assess
    expect(MemberIdSchema.parse(`  ${'W'.repeat(40)} `)).toBe('W'.repeat(40));
    expect(messages(MemberIdSchema.safeParse('W'.repeat(41)))).toEqual([expect.stringContaining('40')]);
    expect(messages(ClaimNumberSchema.safeParse('C'.repeat(41)))).toEqual([expect.stringContaining('40')]);
  });

  it('are optional on the form and clear with null or empty text in a PATCH', () => {
    // Act
    const form = CaseFormSchema.safeParse({
      case_date: '2026-01-05',
      patient_first: 'Jo',
      patient_last: 'Roe',
      insurance_provider: 'Aetna',
      primary_surgeon: 's',
      facility: 'f',
      procedure_codes: [{ code: '27447' }],
    });
    const patch = UpdateCaseBodySchema.parse({ case_id: 'c', member_id: null, claim_number: '', patient_dob: null });
    // Assess
    expect(form.success && form.data).toMatchObject({ patient_dob: '', member_id: '', claim_number: '' });
    expect(patch).toMatchObject({ member_id: null, claim_number: '', patient_dob: null });
  });
});

describe('the same patient', () => {
  const patient = { patient_first: 'José', patient_last: 'Van  Der Berg', patient_dob: '1970-01-02' };

  it('is the same names, ignoring case, accents and spacing, with the same or a missing date of birth', () => {
    // Assess
    expect(
      isSamePatient(patient, { patient_first: 'jose', patient_last: 'van der berg', patient_dob: '1970-01-02' }),
    ).toBe(true);
    expect(isSamePatient(patient, { ...patient, patient_dob: '' })).toBe(true);
  });

  it('is another patient with another name or another date of birth', () => {
    // Assess
    expect(isSamePatient(patient, { ...patient, patient_first: 'Josef' })).toBe(false);
    expect(isSamePatient(patient, { ...patient, patient_dob: '1970-01-03' })).toBe(false);
  });
});
