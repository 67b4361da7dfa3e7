import {
  CaseDateSchema,
  CaseFormSchema,
  CreateCaseBodySchema,
  MIN_CASE_DATE,
  maxCaseDate,
  UpdateCaseBodySchema,
  CaseStatusBodySchema,
  liftPatient,
  parseProcedureCodes,
} from '../../../shared/schemas/case';
import {
  ProfileFormSchema,
  ProfileSetupFormSchema,
  isProfileComplete,
  normalizeProfileInput,
  parseStatesLicensed,
} from '../../../shared/schemas/profile';
import { SurgeonBodySchema, FacilityBodySchema } from '../../../shared/schemas/surgeon';

const validProfile = {
  first_name: 'Avery',
  last_name: 'Quill',
  address1: '100 Main St',
  address2: '',
  city: 'Springfield',
  state: 'IL',
  zipcode: '62701',
  telephone_number: '(555) 123-4567',
  user_npi: '1234567893',
  messaging_pref: 1,
  states_licensed: ['IL'],
};

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('profile form schema (provider-side section 5)', () => {
  it('accepts a complete profile', () => {
    expect(ProfileSetupFormSchema.safeParse(validProfile).success).toBe(true);
  });

  it('gives one required message per empty field with the spec wording', () => {
    // Act
    const r = ProfileSetupFormSchema.safeParse({ states_licensed: [] });
    // Assess
    expect(messages(r)).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      address1: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      zipcode: 'Zip code is required',
      telephone_number: 'Phone number is required',
      user_npi: 'NPI number is required',
      messaging_pref: 'Messaging preference is required',
      states_licensed: 'At least one licensed state is required',
    });
  });

  it('gives the format messages for short names, state, zip, phone, NPI and preference', () => {
    const r = ProfileSetupFormSchema.safeParse({
      ...validProfile,
      first_name: 'A',
      last_name: 'B',
      state: 'ILL',
      zipcode: '1234',
      telephone_number: '555-1234',
      user_npi: '12345',
      messaging_pref: 7,
    });
    expect(messages(r)).toEqual({
      first_name: 'First name must be at least 2 characters',
      last_name: 'Last name must be at least 2 characters',
      state: 'Please use 2-letter state code (e.g., CA, NY)',
      zipcode: 'Zip code must be 5 digits',
      telephone_number: 'Phone number must be in format (555) 123-4567',
      user_npi: 'NPI must be exactly 10 digits',
      messaging_pref: 'Invalid messaging preference',
    });
  });

  it('accepts ZIP+4 and leaves licensed states optional on the editing screen', () => {
    expect(ProfileFormSchema.safeParse({ ...validProfile, zipcode: '62701-1234', states_licensed: [] }).success).toBe(
      true,
    );
  });

  it('maps API alias names onto the form names', () => {
    const out = normalizeProfileInput({
      addr1: '1 A St',
      zip_code: '12345',
      telephone: '5551234567',
      npi: 1234567893,
      message_pref: '2',
      states_licensed: '["ca","NY"]',
      state: 'ca',
    });
    expect(out).toEqual({
      address1: '1 A St',
      zipcode: '12345',
      telephone_number: '5551234567',
      user_npi: '1234567893',
      messaging_pref: '2',
      states_licensed: ['CA', 'NY'],
      state: 'CA',
    });
  });

  it('parses licensed states from arrays, JSON strings and comma-separated text', () => {
    expect(parseStatesLicensed(['ca'])).toEqual(['CA']);
    expect(parseStatesLicensed('["TX","OK"]')).toEqual(['TX', 'OK']);
    expect(parseStatesLicensed('TX, ok')).toEqual(['TX', 'OK']);
    expect(parseStatesLicensed(undefined)).toEqual([]);
  });

  it('calls a profile complete only with name, NPI, phone, address, city, state and zip', () => {
    const p = {
      first_name: 'A',
      last_name: 'B',
      user_npi: '1',
      telephone: '5',
      addr1: 'x',
      city: 'c',
      state: 'IL',
      zipcode: '1',
    };
    expect(isProfileComplete(p)).toBe(true);
    expect(isProfileComplete({ ...p, city: ' ' })).toBe(false);
    expect(isProfileComplete(null)).toBe(false);
  });
});

describe('case schemas (provider-side sections 5 and 7)', () => {
  const form = {
    case_date: '2026-03-14',
    patient_first: 'Test',
    patient_last: 'Patient',
    insurance_provider: 'Aetna',
    primary_surgeon: 's1',
    facility: 'f1',
    procedure_codes: [{ code: '47562' }, { code: ' ' }],
  };

  it('drops empty procedure codes on save', () => {
    const r = CaseFormSchema.parse(form);
    expect(r.procedure_codes).toEqual(['47562']);
  });

  it('gives the spec messages for missing case fields', () => {
    const r = CaseFormSchema.safeParse({ procedure_codes: [{ code: '' }] });
    expect(messages(r)).toEqual({
      case_date: 'Case date is required',
      patient_first: 'Patient first name is required',
      patient_last: 'Patient last name is required',
      insurance_provider: 'Insurance provider is required',
      primary_surgeon: 'Primary surgeon is required',
      facility: 'Facility is required',
    });
  });

  it('refuses more than 25 procedure codes', () => {
    const codes = Array.from({ length: 26 }, (_, i) => ({ code: String(10000 + i) }));
    expect(messages(CaseFormSchema.safeParse({ ...form, procedure_codes: codes }))).toEqual({
      procedure_codes: 'Maximum 25 procedure codes allowed',
    });
  });

  it('reads procedure codes in every shape the server may send', () => {
    expect(parseProcedureCodes(['47562', { procedure_code: '49505', procedure_desc: 'x' }])).toEqual([
      '47562',
      '49505',
    ]);
    expect(parseProcedureCodes('["47562","49505"]')).toEqual(['47562', '49505']);
    expect(parseProcedureCodes('47562, 49505')).toEqual(['47562', '49505']);
  });

  it('validates the POST body with nested or flat patient fields', () => {
    const body = {
      case_date: '2026-03-14',
      surgeon_id: 's1',
      facility_id: 'f1',
      patient_first: 'Test',
      patient_last: 'Patient',
      ins_provider: 'Aetna',
      procedure_codes: ['47562'],
    };
    const r = CreateCaseBodySchema.safeParse(liftPatient(body));
    expect(r.success).toBe(true);
    expect(messages(CreateCaseBodySchema.safeParse({ ...body, case_date: '2026-02-30' }))).toMatchObject({
      case_date: 'Case date must be a valid date (YYYY-MM-DD)',
    });
  });

  it('requires case_id on updates and a known status on status changes', () => {
    expect(messages(UpdateCaseBodySchema.safeParse({}))).toEqual({ case_id: 'case_id is required for case updates' });
    expect(CaseStatusBodySchema.safeParse({ case_id: 'x', case_status: 35 }).success).toBe(false);
    expect(CaseStatusBodySchema.parse({ case_id: 'x', case_status: '70' }).case_status).toBe(70);
  });

  it('never coerces null, empty text, booleans or arrays into status 0', () => {
    // Act
    const results = [null, '', false, [], ' '].map((case_status) =>
      CaseStatusBodySchema.safeParse({ case_id: 'x', case_status }),
    );
    // Assess
    for (const r of results) {
      expect(messages(r)).toEqual({ case_status: 'case_status must be one of 0, 10, 20, 30, 40, 50, 60, 70, 80, 90' });
    }
    expect(CaseStatusBodySchema.parse({ case_id: 'x', case_status: 0 }).case_status).toBe(0);
  });

  it('takes pay_amount as dollars with at most 2 decimals, null to remove it', () => {
    // Prepare
    const pay = (pay_amount: unknown) => UpdateCaseBodySchema.safeParse({ case_id: 'x', pay_amount });
    // Act & Assess
    expect(pay('1234.50').data?.pay_amount).toBe(1234.5);
    // Binary floating-point noise (0.30000000000000004) is still a whole number of cents.
    expect(pay(0.1 + 0.2).success).toBe(true);
    expect(pay(19.99).data?.pay_amount).toBe(19.99);
    expect(pay(null).data?.pay_amount).toBeNull();
    for (const bad of ['', true, 12.345, -1, 10_000_000.01, '1e3', 'abc']) {
      expect(messages(pay(bad))).toEqual({
        pay_amount: 'pay_amount must be an amount in dollars from 0 to 10000000 with at most 2 decimals',
      });
    }
  });

  it('caps text and ids so that no item or key nears the DynamoDB limits', () => {
    // Act
    const tooLong = messages(
      UpdateCaseBodySchema.safeParse({
        case_id: 'c'.repeat(201),
        patient_first: 'P'.repeat(101),
        ins_provider: 'I'.repeat(201),
        demo_file: 'd'.repeat(1025),
      }),
    );
    // Assess
    expect(tooLong).toEqual({
      case_id: 'case_id must be at most 200 characters',
      patient_first: 'Patient first name must be at most 100 characters',
      ins_provider: 'Insurance provider must be at most 200 characters',
      demo_file: 'File reference must be at most 1024 characters',
    });
  });
});

describe('surgeon and facility bodies', () => {
  it('stores NPI 0 for manual entries and refuses malformed NPIs', () => {
    expect(SurgeonBodySchema.parse({ first_name: 'Jo', last_name: 'Ng' }).surgeon_npi).toBe(0);
    expect(SurgeonBodySchema.safeParse({ first_name: 'Jo', last_name: 'Ng', surgeon_npi: '123' }).success).toBe(false);
    expect(messages(FacilityBodySchema.safeParse({ facility_name: '' }))).toEqual({
      facility_name: 'Please provide a facility name',
    });
  });
});

describe('case date bounds', () => {
  const iso = (d: Date) => d.toISOString().slice(0, 10);

  it('computes the latest date as the same day one year ahead in UTC, 29 February mapping to 1 March', () => {
    // Act & Assess
    expect(maxCaseDate(new Date('2026-11-23T23:59:00Z'))).toBe('2027-11-23');
    expect(maxCaseDate(new Date('2028-02-29T12:00:00Z'))).toBe('2029-03-01');
  });

  it.each([
    ['1899-12-31', 'Case date must be on or after 1900-01-01'],
    ['0001-01-01', 'Case date must be on or after 1900-01-01'],
    ['2999-01-01', 'Case date must be no more than one year ahead'],
  ])('refuses %s with %p naming the field in the form and the API bodies', (caseDate, message) => {
    // Act
    const form = CaseFormSchema.safeParse({
      case_date: caseDate,
      patient_first: 'Pat',
      patient_last: 'Doe',
      insurance_provider: 'Aetna',
      primary_surgeon: 's1',
      facility: 'f1',
      procedure_codes: [{ code: '27447' }],
    });
    const patch = UpdateCaseBodySchema.safeParse({ case_id: 'c1', case_date: caseDate });
    // Assess
    expect(messages(form)).toEqual({ case_date: message });
    expect(messages(patch)).toEqual({ case_date: message });
  });

  it('accepts 1900-01-01, today and the day one year ahead, and refuses the day after', () => {
    // Prepare
    const max = maxCaseDate();
    const dayAfter = iso(new Date(Date.parse(`${max}T00:00:00Z`) + 86_400_000));
    // Act
    const ok = [MIN_CASE_DATE, iso(new Date()), max].map((d) => CaseDateSchema.safeParse(d).success);
    const late = CaseDateSchema.safeParse(dayAfter);
    // Assess
    expect(ok).toEqual([true, true, true]);
    expect(late.success).toBe(false);
  });

  it('keeps the format message for a date that does not exist, without the range message', () => {
    // Act
    const r = CaseDateSchema.safeParse('1800-02-30');
    // Assess
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Case date must be a valid date (YYYY-MM-DD)']);
  });
});

describe('profile NPI check digit', () => {
  it("refuses an NPI whose check digit is wrong with 'NPI not found or invalid' and keeps the format message first", () => {
    // Act
    const bad = ProfileFormSchema.partial().safeParse({ user_npi: '1234567890' });
    const short = ProfileFormSchema.partial().safeParse({ user_npi: '12345' });
    const good = ProfileFormSchema.partial().safeParse({ user_npi: '1234567893' });
    // Assess
    expect(messages(bad)).toEqual({ user_npi: 'NPI not found or invalid' });
    expect(short.error?.issues.map((i) => i.message)).toEqual(['NPI must be exactly 10 digits']);
    expect(good.success).toBe(true);
  });
});
