/**
 * Case screens' display rules: the Case ID label, the status history's "who" and what an
 * Incomplete case lacks (shared/workflow.ts).
 */
import { caseIdLabel, caseLinkName } from '../../../web/src/cases/format';
import { missingLabels, statusChangeBy } from '../../../web/src/cases/StatusTimeline';
import { normalizeCase, parseStatusHistory } from '../../../web/src/cases/api';

describe('caseIdLabel', () => {
  it("shows the id's millisecond timestamp as a date and time, so rows of one owner differ", () => {
    // Prepare
    const owner = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';
    // Act
    const a = caseIdLabel(`${owner}_1795438308000`, 'UTC');
    const b = caseIdLabel(`${owner}_1795438309000`, 'UTC');
    // Assess
    expect(a).toMatch(/^11\/23\/26, 12:51:48\sPM$/u);
    expect(b).toMatch(/^11\/23\/26, 12:51:49\sPM$/u);
  });

  it('shows an ellipsis and the last 8 characters of an id without a timestamp', () => {
    // Act / Assess
    expect(caseIdLabel('legacy-case-abcdef123456')).toBe('…ef123456');
    expect(caseIdLabel('short')).toBe('short');
    // A number too small or too large to be a creation time is not read as one.
    expect(caseIdLabel('u_000000000123')).toBe('…00000123');
  });

  it('gives the link an accessible name that contains the visible text and the full id', () => {
    // Prepare
    const id = 'user-1_1795438308000';
    const visible = caseIdLabel(id, 'UTC');
    // Act
    const name = caseLinkName(id, visible);
    // Assess
    expect(name).toContain(visible);
    expect(name).toContain(id);
    expect(name.startsWith('Case ')).toBe(true);
  });
});

describe('statusChangeBy', () => {
  it.each([
    [{ from: 0, to: 10, why: 'auto' }, 'Automatic (case complete)'],
    [{ from: 10, to: 0, why: 'auto' }, 'Automatic (case incomplete)'],
    [{ from: null, to: 0, why: 'auto' }, 'Case created'],
    [{ from: null, to: 10, why: 'auto' }, 'Case created complete'],
    [{ from: 10, to: 20, why: 'manual' }, 'Set by back office'],
    [{ from: null, to: 60, why: 'manual' }, 'Case created'],
  ] as const)('%p reads %s', (entry, expected) => {
    // Act / Assess
    expect(statusChangeBy(entry)).toBe(expected);
  });
});

describe('parseStatusHistory', () => {
  it('keeps readable entries and skips malformed ones', () => {
    // Act
    const history = parseStatusHistory([
      { from: null, to: 0, by: 'u', at: '2026-11-23T12:00:00Z', why: 'auto' },
      { from: 0, to: 10, by: 'u', at: '2026-11-23T12:05:00Z', why: 'auto' },
      { to: 'ten' },
      null,
    ]);
    // Assess
    expect(history).toEqual([
      { from: null, to: 0, by: 'u', at: '2026-11-23T12:00:00Z', why: 'auto' },
      { from: 0, to: 10, by: 'u', at: '2026-11-23T12:05:00Z', why: 'auto' },
    ]);
    expect(parseStatusHistory(undefined)).toEqual([]);
  });
});

describe('missingLabels', () => {
  it('lists the documents a case lacks, reading file_keys when the flat fields are empty', () => {
    // Prepare
    const c = normalizeCase({
      case_id: 'u_1',
      case_date: '2026-11-20',
      patient_first: 'Test',
      patient_last: 'Patient',
      ins_provider: 'Aetna',
      surgeon_id: 's',
      facility_id: 'f',
      procedure_codes: ['47562'],
      demo_file: '',
      note_file: '',
      file_keys: JSON.stringify({ demographic_sheet: 'private/x/demo_u_1.pdf', op_note: '', misc_documents: [] }),
    });
    // Act / Assess
    expect(missingLabels(c)).toEqual(['Operative note']);
  });

  it('lists everything for an empty case, in the rule order', () => {
    // Act
    const labels = missingLabels(normalizeCase({ case_id: 'u_2' }));
    // Assess
    expect(labels).toEqual([
      'Case date',
      'Patient first name',
      'Patient last name',
      'Insurance provider',
      'Surgeon',
      'Facility',
      'At least one procedure code',
      'Demographic sheet',
      'Operative note',
    ]);
  });
});
