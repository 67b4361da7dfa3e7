/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * SPA case calls (web/src/cases/api.ts): spec provider-side sections 3 and 7, against the fake API.
 */
import { useFakeApi } from './support/fake-api-server';

import { normalizeCase, updateCase } from '../../../web/src/cases/api';
import type { CaseFormOutput } from '../../../shared';

const form: CaseFormOutput = {
  case_date: '2026-11-20',
  patient_first: 'Test',
  patient_last: 'Patient',
  insurance_provider: 'Aetna',
  primary_surgeon: 's1',
  facility: 'f1',
  patient_dob: '',
  member_id: '',
  claim_number: '',
  procedure_codes: ['47562'],
};

const api = useFakeApi();

describe('updateCase', () => {
  it('sends the version the form was loaded with, so that a concurrent save answers 409', async () => {
    // Prepare
    api.on('PATCH /case', { success: true, case_id: 'u_1' });
    // Act
    await updateCase('u_1', 'u', form, 3);
    // Assess
    expect(api.requests().map((r) => [r.key, r.body])).toEqual([
      [
        'PATCH /case',
        {
          case_id: 'u_1',
          user_id: 'u',
          case_date: '2026-11-20',
          surgeon_id: 's1',
          facility_id: 'f1',
          patient_first: 'Test',
          patient_last: 'Patient',
          ins_provider: 'Aetna',
          procedure_codes: ['47562'],
          // The optional patient fields always, '' clearing them.
          patient_dob: '',
          member_id: '',
          claim_number: '',
          version: 3,
        },
      ],
    ]);
  });

  it('sends procedure codes only while at least one non-empty code remains (spec section 5)', async () => {
    // Prepare
    api.on('PATCH /case', { success: true, case_id: 'u_1' });
    // Act
    await updateCase('u_1', 'u', { ...form, procedure_codes: [] });
    // Assess
    const body = api.requests('PATCH /case')[0]?.body;
    expect(body).not.toHaveProperty('procedure_codes');
    expect(body).not.toHaveProperty('version');
  });
});

describe('normalizeCase', () => {
  it('keeps an integer version and drops anything else', () => {
    // Act & Assess
    expect(normalizeCase({ case_id: 'u_1', version: 2 }).version).toBe(2);
    expect(normalizeCase({ case_id: 'u_1', version: '2' }).version).toBeUndefined();
  });
});
