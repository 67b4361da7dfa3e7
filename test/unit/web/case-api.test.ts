/**
 * SPA case calls (web/src/cases/api.ts): spec provider-side sections 3 and 7. The API client is
 * replaced by a fake so no Amplify session or network is involved.
 */
jest.mock('../../../web/src/lib/api', () => jest.requireActual('./support/fake-api'));

import { apiFetch } from './support/fake-api';

import { normalizeCase, updateCase } from '../../../web/src/cases/api';
import type { CaseFormOutput } from '../../../shared';

const form: CaseFormOutput = {
  case_date: '2026-11-20',
  patient_first: 'Test',
  patient_last: 'Patient',
  insurance_provider: 'Aetna',
  primary_surgeon: 's1',
  facility: 'f1',
  procedure_codes: ['47562'],
};

beforeEach(() => apiFetch.mockReset());

describe('updateCase', () => {
  it('sends the version the form was loaded with, so that a concurrent save answers 409', async () => {
    // Prepare
    apiFetch.mockResolvedValue({ success: true, case_id: 'u_1' });
    // Act
    await updateCase('u_1', 'u', form, 3);
    // Assess
    expect(apiFetch).toHaveBeenCalledWith('/case', {
      method: 'PATCH',
      body: {
        case_id: 'u_1',
        user_id: 'u',
        case_date: '2026-11-20',
        surgeon_id: 's1',
        facility_id: 'f1',
        patient_first: 'Test',
        patient_last: 'Patient',
        ins_provider: 'Aetna',
        procedure_codes: ['47562'],
        version: 3,
      },
    });
  });

  it('sends procedure codes only while at least one non-empty code remains (spec section 5)', async () => {
    // Prepare
    apiFetch.mockResolvedValue({ success: true, case_id: 'u_1' });
    // Act
    await updateCase('u_1', 'u', { ...form, procedure_codes: [] });
    // Assess
    const body = (apiFetch.mock.calls[0] as [string, { body: Record<string, unknown> }])[1].body;
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
