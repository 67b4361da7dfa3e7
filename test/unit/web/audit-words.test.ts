/**
 * The audit trail in people's words (web/src/back-office/audit/describe.ts): every audited action has
 * its label and sentence, and the sentences name the case by number, the status asked for and the
 * document a key names.
 */
import { auditActions } from '../../../shared/api-routes';
import type { AuditEntryView } from '../../../shared/schemas/audit';
import {
  actionLabel,
  describeAuditEntry,
  documentName,
  hasWords,
  outcomeLabel,
  personLabel,
} from '../../../web/src/back-office/audit/describe';

function entry(overrides: Partial<AuditEntryView> = {}): AuditEntryView {
  return {
    at: '2026-11-23T18:05:12.000Z',
    user_id: 'u-1',
    user_type: 0,
    username: 'ada',
    action: 'GET /case',
    status: 200,
    resource_type: 'case',
    resource_ids: [],
    outcome: 'allowed',
    request_id: 'req-1',
    source_ip: '203.0.113.9',
    user_agent: 'Mozilla/5.0',
    ...overrides,
  };
}

describe('the audit trail in words', () => {
  it('has a label for every action an entry can carry, none of them a route key', () => {
    // Act
    const missing = auditActions().filter((a) => !hasWords(a));
    const labels = auditActions().map(actionLabel);
    // Assess
    expect(missing).toEqual([]);
    expect(labels.filter((l) => /^(GET|POST|PUT|PATCH|DELETE) \//.test(l))).toEqual([]);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it('says which case was viewed by its number, and how many a list returned', () => {
    // Act
    const viewed = describeAuditEntry(entry({ case_id: 'u-1_1', case_number: 'C-000123', resource_ids: ['u-1_1'] }));
    const listed = describeAuditEntry(entry({ resource_ids: ['a', 'b', 'c'] }));
    const noNumber = describeAuditEntry(entry({ case_id: 'u-1_1', case_number: null, resource_ids: ['u-1_1'] }));
    // Assess
    expect(viewed).toBe('Viewed case C-000123');
    expect(listed).toBe('Listed 3 cases');
    expect(noNumber).toBe('Viewed case u-1_1');
  });

  it('names the status a change asked for, and says less for entries written before it was recorded', () => {
    // Act
    const moved = describeAuditEntry(
      entry({ action: 'PUT /case', case_id: 'x', case_number: 'C-000009', case_status: 30 }),
    );
    const older = describeAuditEntry(entry({ action: 'PUT /case', case_id: 'x', case_number: 'C-000009' }));
    // Assess
    expect(moved).toBe('Changed status of case C-000009 to Sent to Biller');
    expect(older).toBe('Changed status of case C-000009');
  });

  it('names the document a download touched from its key', () => {
    // Prepare
    const key = 'private/case-documents/u-1/op_u-1_1760000000000.pdf';
    // Act
    const text = describeAuditEntry(
      entry({
        action: 'GET /document',
        resource_type: 'document',
        resource_ids: [key],
        case_id: 'u-1_1',
        case_number: 'C-000042',
      }),
    );
    // Assess
    expect(text).toBe('Downloaded the operative note of case C-000042');
    expect(documentName('private/case-documents/u-1/demo_x.pdf')).toBe('the demographic sheet');
    expect(documentName('private/profile-documents/u-1/a_b.pdf')).toBe('a profile document');
  });

  it('shows who by name, email and role, and anonymous and scheduled entries as such', () => {
    // Act
    const named = personLabel(entry({ user_name: 'Ada Quill', user_email: 'ada@example.com', user_type: 100 }));
    const unnamed = personLabel(entry({ user_name: null }));
    const anonymous = personLabel(entry({ user_id: '', user_type: null }));
    const system = personLabel(entry({ user_id: 'system', action: 'case.purge' }));
    // Assess
    expect(named).toEqual({ name: 'Ada Quill', detail: 'ada@example.com · Global Admin' });
    expect(unnamed.name).toBe('ada');
    expect(anonymous.name).toBe('Anonymous (no sign-in)');
    expect(system.name).toBe('Suture (scheduled job)');
    expect(outcomeLabel({ outcome: 'denied', status: 404 })).toBe('Refused (404)');
  });
});
