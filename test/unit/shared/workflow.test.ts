/**
 * The case workflow rule (shared/workflow.ts): completeness, table-driven.
 */
import {
  COMPLETENESS_REQUIREMENTS,
  StatusHistoryEntrySchema,
  autoStatus,
  isCaseComplete,
  missingForSubmission,
  type CompletenessInput,
} from '../../../shared/workflow';

const complete: CompletenessInput = {
  case_date: '2026-02-03',
  patient_first: 'Pat',
  patient_last: 'Doe',
  ins_provider: 'Aetna',
  surgeon_id: 's1',
  facility_id: 'f1',
  procedure_codes: ['27447'],
  demo_file: 'private/case-documents/u/demo_u_1.pdf',
  note_file: 'private/case-documents/u/op_u_1.pdf',
};

describe('missingForSubmission', () => {
  it('finds nothing missing on a complete case', () => {
    // Act & Assess
    expect(missingForSubmission(complete)).toEqual([]);
    expect(isCaseComplete(complete)).toBe(true);
  });

  it.each(COMPLETENESS_REQUIREMENTS.map((r) => [r.field]))('reports %s when it is absent', (field) => {
    // Prepare
    const c: CompletenessInput = { ...complete };
    delete c[field];
    // Act & Assess
    expect(missingForSubmission(c)).toEqual([field]);
    expect(isCaseComplete(c)).toBe(false);
  });

  it.each([
    ['empty text', ''],
    ['blank text', '   '],
    ['null', null],
  ])('counts %s as missing for every text field', (_label, value) => {
    // Prepare
    const textFields = COMPLETENESS_REQUIREMENTS.map((r) => r.field).filter((f) => f !== 'procedure_codes');
    // Act
    const missing = textFields.map((field) => missingForSubmission({ ...complete, [field]: value }));
    // Assess
    expect(missing).toEqual(textFields.map((field) => [field]));
  });

  it.each([
    ['no codes', [], false],
    ['null', null, false],
    ['only blank strings', ['', '  '], false],
    ['only blank code objects', [{ procedure_code: ' ' }], false],
    ['one code string', ['27447'], true],
    ['one code object', [{ procedure_code: '27447' }], true],
    ['a blank and a real code object', [{ procedure_code: '' }, { procedure_code: '29881' }], true],
  ] as const)('reads procedure codes given as %s: complete %p', (_label, codes, expected) => {
    // Act & Assess
    expect(isCaseComplete({ ...complete, procedure_codes: codes as CompletenessInput['procedure_codes'] })).toBe(
      expected,
    );
  });

  it('lists several missing parts in the order the UI shows them', () => {
    // Act & Assess
    expect(missingForSubmission({ ...complete, note_file: '', case_date: '', surgeon_id: undefined })).toEqual([
      'case_date',
      'surgeon_id',
      'note_file',
    ]);
  });
});

describe('autoStatus', () => {
  const incomplete: CompletenessInput = { ...complete, note_file: '' };

  it.each([
    ['Incomplete, complete after the write', 0, complete, 10],
    ['Incomplete, still incomplete', 0, incomplete, 0],
    ['Submitted, still complete', 10, complete, 10],
    ['Submitted, a document lost', 10, incomplete, 0],
    ['Submitted, a field blanked', 10, { ...complete, patient_last: ' ' }, 0],
    ['Paid (20), incomplete', 20, incomplete, 20],
    ['Sent to Biller (30), complete', 30, complete, 30],
    ['Closed (90), incomplete', 90, incomplete, 90],
    ['an unknown status (15), complete', 15, complete, 15],
  ] as const)('%s -> %p', (_label, before, after, expected) => {
    // Act & Assess
    expect(autoStatus(before, after)).toBe(expected);
  });
});

describe('StatusHistoryEntrySchema', () => {
  it('reads the entries the server writes and refuses an unknown reason', () => {
    // Prepare
    const entry = { from: null, to: 0, by: 'sub-1', at: '2026-11-23T12:00:00.000Z', why: 'auto' };
    // Act & Assess
    expect(StatusHistoryEntrySchema.parse(entry)).toEqual(entry);
    expect(StatusHistoryEntrySchema.safeParse({ ...entry, from: 0, to: 10, why: 'manual' }).success).toBe(true);
    expect(StatusHistoryEntrySchema.safeParse({ ...entry, why: 'guess' }).success).toBe(false);
  });
});
