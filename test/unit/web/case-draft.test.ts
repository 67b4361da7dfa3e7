/**
 * In-memory case form draft (web/src/cases/caseDraft.ts): back to the case form with what was typed
 * after adding a surgeon or facility.
 */
import {
  caseFormReturnPath,
  chooseInCaseDraft,
  clearCaseDraft,
  peekCaseDraft,
  peekCaseDraftFiles,
  stashCaseDraft,
} from '../../../web/src/cases/caseDraft';
import type { CaseFormInput } from '../../../shared';

const values: CaseFormInput = {
  case_date: '2026-11-20',
  patient_first: 'Test',
  patient_last: 'Patient',
  insurance_provider: 'Aetna',
  primary_surgeon: '',
  facility: '',
  procedure_codes: [{ code: '47562' }],
};

afterEach(() => clearCaseDraft());

describe('case draft store', () => {
  it('gives the stashed values back with the new surgeon chosen, for the same user and path only', () => {
    // Prepare
    stashCaseDraft('u1', '/case/new', values);
    // Act
    chooseInCaseDraft('primary_surgeon', 's9');
    // Assess
    expect(peekCaseDraft('u1', '/case/new')).toEqual({ ...values, primary_surgeon: 's9' });
    expect(peekCaseDraft('u2', '/case/new')).toBeUndefined();
    expect(peekCaseDraft('u1', '/case/u1_1/edit')).toBeUndefined();
  });

  it('keeps the chosen files with the values, for the same user and path only, until cleared', () => {
    // Prepare
    const files = { demographic_sheet: { name: 'sheet.pdf' }, op_note: null, misc: [] };
    // Act
    stashCaseDraft('u1', '/case/new', values, files);
    // Assess
    expect(peekCaseDraftFiles('u1', '/case/new')).toBe(files);
    expect(peekCaseDraftFiles('u2', '/case/new')).toBeUndefined();
    clearCaseDraft();
    expect(peekCaseDraftFiles('u1', '/case/new')).toBeUndefined();
  });

  it('keeps a copy, so later edits of the form object do not change it', () => {
    // Prepare
    const live = structuredClone(values);
    stashCaseDraft('u1', '/case/new', live);
    // Act
    live.patient_first = 'Changed';
    // Assess
    expect(peekCaseDraft('u1', '/case/new')?.patient_first).toBe('Test');
  });

  it('ignores a choice when there is no draft and forgets the draft when cleared', () => {
    // Act
    chooseInCaseDraft('facility', 'f1');
    stashCaseDraft('u1', '/case/new', values);
    clearCaseDraft();
    // Assess
    expect(peekCaseDraft('u1', '/case/new')).toBeUndefined();
  });
});

describe('caseFormReturnPath', () => {
  it.each([
    [{ returnTo: '/case/new' }, '/case/new'],
    [{ returnTo: '/case/u1_1700000000000/edit' }, '/case/u1_1700000000000/edit'],
    [{ returnTo: 'https://evil.example/case/new' }, undefined],
    [{ returnTo: '/dashboard' }, undefined],
    [{ returnTo: '/case/new?x=1' }, undefined],
    [null, undefined],
    [{ returnTo: 5 }, undefined],
  ])('accepts only case form paths: %j -> %j', (state, expected) => {
    expect(caseFormReturnPath(state)).toBe(expected);
  });
});
