/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * A new case is created at most once per form session (web/src/cases/createOnce.ts): the client id is
 * made once, a retried POST that answers 409 becomes an update of that id, and later saves update.
 * Against the fake API.
 */
import { networkError, reply, useFakeApi } from './support/fake-api-server';
import { caseCreator } from '../../../web/src/cases/createOnce';
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

const calls = () => api.requests().map((r) => [r.key, (r.body as { case_id?: string }).case_id]);

describe('caseCreator', () => {
  it('posts the case with the id {sub}_{ms} and updates it on every later save', async () => {
    // Prepare
    api.on('POST /case', { success: true }).on('PATCH /case', { success: true });
    const save = caseCreator('sub-1', () => 1795438308000);
    // Act
    const first = await save(form);
    const second = await save({ ...form, patient_first: 'Other' });
    // Assess
    expect(first).toBe('sub-1_1795438308000');
    expect(second).toBe('sub-1_1795438308000');
    expect(calls()).toEqual([
      ['POST /case', 'sub-1_1795438308000'],
      ['PATCH /case', 'sub-1_1795438308000'],
    ]);
  });

  it('retries a failed create with the same id, and turns its 409 into an update of that case', async () => {
    // Prepare: the first POST reached the server but its answer was lost
    let clock = 1795438308000;
    const posts = [networkError(), reply(409, { message: 'Case already exists' })];
    api.on('POST /case', () => posts.shift() ?? reply(500));
    api.on('PATCH /case', { success: true, case_id: 'sub-1_1795438308000' });
    const save = caseCreator('sub-1', () => clock++);
    // Act
    await expect(save(form)).rejects.toThrow('Network error');
    const id = await save(form);
    // Assess
    expect(id).toBe('sub-1_1795438308000');
    expect(calls()).toEqual([
      ['POST /case', 'sub-1_1795438308000'],
      ['POST /case', 'sub-1_1795438308000'],
      ['PATCH /case', 'sub-1_1795438308000'],
    ]);
  });

  it('passes on errors other than 409 and creates nothing without a user', async () => {
    // Prepare
    api.on('POST /case', () => reply(400, { message: 'Case date must be a valid date (YYYY-MM-DD)' }));
    // Act / Assess
    await expect(caseCreator('sub-1')(form)).rejects.toThrow('Case date must be a valid date');
    await expect(caseCreator(undefined)(form)).rejects.toThrow('Unable to generate case ID - user not authenticated');
    expect(api.requests()).toHaveLength(1);
  });
});
