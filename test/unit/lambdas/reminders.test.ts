/**
 * The reminder emails without a network (docs/decisions/0030-deadline-reminders.md): the digest's
 * grouping by step and its business-day window, the PHI rule (a patient's name, date of birth or a
 * document never reaches an email, even when every read returns them), the once-a-day markers (a
 * second run sends nothing), the audit entry of each email, and the bounce handler's reading of
 * SES events. DynamoDB and SES are mocked with aws-sdk-client-mock.
 */
import './support/env';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import {
  BatchGetCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import type { AuditEntry } from '../../../lambdas/lib/audit';
import {
  MAX_DIGEST_ROWS,
  deadlineDigest,
  digestRow,
  groupByStep,
  summaryRow,
  weeklySummary,
  type DigestRow,
} from '../../../lambdas/reminders/digest';
import { runReminders } from '../../../lambdas/reminders/run';
import { emailOffOf, handleSesNotifications } from '../../../lambdas/reminders/bounces';

const ddbMock = mockClient(DynamoDBDocumentClient);
const sesMock = mockClient(SESv2Client);

const APP = 'https://suture.test';
/** Monday 2026-11-23, 09:00 in New York; Thursday the 26th is Thanksgiving. */
const MONDAY = new Date('2026-11-23T14:00:00.000Z');

const PHI = {
  patient_first: 'Zelda',
  patient_last: 'Quackenbush',
  patient_dob: '1961-04-17',
  demo_file: 'private/u1/demo_secret-scan.pdf',
  note_file: 'private/u1/op_note-secret.pdf',
};

const row = (over: Partial<DigestRow>): DigestRow => ({
  case_id: 'case-1',
  case_number: 'C-000001',
  provider: 'Pia Provider',
  payer: 'Northwind Health',
  step: 'offers_due',
  due: '2026-11-24',
  ...over,
});

describe('deadline digest', () => {
  it('groups the deadlines due by the horizon by step, in step order, soonest first, overdue included', () => {
    const rows = [
      row({ case_id: 'b', step: 'offers_due', due: '2026-11-27' }),
      row({ case_id: 'd', step: 'determination_due', due: '2026-11-30' }),
      row({ case_id: 'a', step: 'initial_payment_due', due: '2026-11-20' }),
      row({ case_id: 'c', step: 'offers_due', due: '2026-11-24' }),
    ];
    const groups = groupByStep(rows, '2026-11-27');
    expect(groups.map((g) => [g.label, g.rows.map((r) => r.case_id)])).toEqual([
      ['Initial payment or denial due', ['a']],
      ['Offers and fees due', ['c', 'b']],
    ]);
  });

  it('says how many are overdue and due soon, links each case, and is undefined when nothing is due', () => {
    const rows = [row({ case_id: 'a', due: '2026-11-20' }), row({ case_id: 'b/x', due: '2026-11-24' })];
    const email = deadlineDigest({ rows, today: '2026-11-23', horizon: '2026-11-27', daysAhead: 3, appUrl: APP })!;
    expect(email.subject).toBe('Suture deadlines: 1 overdue, 1 due within 3 business days');
    expect(email.text).toContain('- C-000001 (case id a): due 2026-11-20, OVERDUE');
    expect(email.text).toContain(`${APP}/case/b%2Fx`);
    expect(email.text).toContain('Provider: Pia Provider; payer: Northwind Health');
    expect(email.caseIds).toEqual(['a', 'b/x']);
    expect(
      deadlineDigest({ rows, today: '2026-11-23', horizon: '2026-11-19', daysAhead: 1, appUrl: APP }),
    ).toBeUndefined();
  });

  it(`lists at most ${MAX_DIGEST_ROWS} deadlines and counts the rest`, () => {
    const rows = Array.from({ length: MAX_DIGEST_ROWS + 5 }, (_, i) =>
      row({ case_id: `c${String(i).padStart(3, '0')}` }),
    );
    const email = deadlineDigest({ rows, today: '2026-11-23', horizon: '2026-11-27', daysAhead: 3, appUrl: APP })!;
    expect(email.caseIds).toHaveLength(MAX_DIGEST_ROWS);
    expect(email.text).toContain('And 5 more deadlines.');
  });
});

describe('PHI rule', () => {
  it('keeps only case number and id, provider, payer, step, dates and status of any source row', () => {
    const digest = digestRow({ ...row({}), ...PHI } as DigestRow & typeof PHI);
    const summary = summaryRow({ case_id: 'x', case_status: 3, changed_on: '2026-11-20T10:00:00Z', ...PHI });
    expect(Object.keys(digest).sort()).toEqual(['case_id', 'case_number', 'due', 'payer', 'provider', 'step']);
    expect(Object.keys(summary).sort()).toEqual(['case_id', 'case_number', 'case_status', 'changed_on', 'payer']);
    const texts = [
      deadlineDigest({ rows: [digest], today: '2026-11-23', horizon: '2026-11-27', daysAhead: 3, appUrl: APP })!,
      weeklySummary({ rows: [summary], from: '2026-11-16', to: '2026-11-23', appUrl: APP })!,
    ].map((e) => `${e.subject}\n${e.text}`);
    for (const text of texts) for (const value of Object.values(PHI)) expect(text).not.toContain(value);
  });
});

/** The stored items the mocked reads answer (every attribute, as if no projection applied). */
const USERS = {
  admin: {
    user_id: 'admin',
    user_type: 10,
    user_email: 'admin@suture.test',
    notify_deadlines: true,
    notify_days_ahead: 3,
    reminder_p: 'on',
  },
  wide: {
    user_id: 'wide',
    user_type: 100,
    user_email: 'wide@suture.test',
    notify_deadlines: true,
    notify_days_ahead: 10,
    reminder_p: 'on',
  },
  // A provider cannot get the digest, whatever the item says; they get the weekly summary on Mondays.
  prov: {
    user_id: 'prov',
    user_type: 0,
    user_email: 'prov@suture.test',
    notify_deadlines: true,
    weekly_summary: true,
    message_pref: 1,
    first_name: 'Pia',
    last_name: 'Provider',
    reminder_p: 'on',
  },
  sms: {
    user_id: 'sms',
    user_type: 0,
    user_email: 'sms@suture.test',
    weekly_summary: true,
    message_pref: 2,
    reminder_p: 'on',
  },
};
const queueItem = (caseId: string, step: string, due: string) => ({
  case_id: caseId,
  sk: 'queue',
  user_id: 'prov',
  step,
  due,
  payer_name: 'Northwind Health',
  due_p: 'q#0',
  due_s: `${due}#${caseId}`,
});
const QUEUE = [
  queueItem('case-a', 'initial_payment_due', '2026-11-20'),
  queueItem('case-b', 'offers_due', '2026-11-27'),
  queueItem('case-d', 'determination_due', '2026-12-04'),
];
const CASES = ['case-a', 'case-b', 'case-d'].map((case_id, i) => ({
  case_id,
  case_number: `C-00000${i + 1}`,
  user_id: 'prov',
  case_status: 3,
  ...PHI,
}));

let markers: Set<string>;
let audit: AuditEntry[];

beforeEach(() => {
  ddbMock.reset();
  sesMock.reset();
  markers = new Set();
  audit = [];
  ddbMock
    .on(QueryCommand)
    .callsFake((input: { IndexName?: string; ExpressionAttributeValues?: Record<string, unknown> }) => {
      if (input.IndexName === 'byReminder') return { Items: Object.values(USERS) };
      if (input.IndexName === 'byDue') return { Items: input.ExpressionAttributeValues?.[':p'] === 'q#0' ? QUEUE : [] };
      if (input.IndexName === 'byUserChanged') {
        return {
          Items: [
            {
              case_id: 'case-a',
              case_number: 'C-000001',
              case_status: 4,
              ins_provider: 'Aetna',
              sort_changed: '2026-11-20T15:00:00.000Z',
              ...PHI,
            },
          ],
        };
      }
      return { Items: [] };
    });
  ddbMock
    .on(BatchGetCommand)
    .callsFake((input: { RequestItems: Record<string, { Keys: Record<string, string>[] }> }) => {
      const [table, request] = Object.entries(input.RequestItems)[0]!;
      const source: Record<string, unknown>[] = table === 'cases' ? CASES : Object.values(USERS);
      const ids = new Set(request.Keys.map((k) => k.case_id ?? k.user_id));
      return { Responses: { [table]: source.filter((s) => ids.has(String(s.case_id ?? s.user_id))) } };
    });
  ddbMock.on(PutCommand).callsFake((input: { Item: { pk: string } }) => {
    if (markers.has(input.Item.pk)) {
      throw Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });
    }
    markers.add(input.Item.pk);
    return {};
  });
  ddbMock.on(DeleteCommand).callsFake((input: { Key: { pk: string } }) => {
    markers.delete(input.Key.pk);
    return {};
  });
  let n = 0;
  sesMock.on(SendEmailCommand).callsFake(() => ({ MessageId: `ses-${++n}` }));
});

const run = () => runReminders({ now: MONDAY, runId: 'unit', writeAudit: async (e) => void audit.push(e) });
const sentTo = (address: string) =>
  sesMock
    .commandCalls(SendEmailCommand)
    .map((c) => c.args[0].input)
    .filter((i) => i.Destination?.ToAddresses?.includes(address));

describe('runReminders', () => {
  it('sends each back-office user the deadlines of their window and a provider their Monday summary, PHI-free', async () => {
    const answer = await run();
    expect(answer).toEqual({ sent: 3, skipped: 0 });
    const narrow = sentTo('admin@suture.test')[0]!.Content!.Simple!.Body!.Text!.Data!;
    const wide = sentTo('wide@suture.test')[0]!.Content!.Simple!.Body!.Text!.Data!;
    // 3 business days from Monday skip Thanksgiving: Friday the 27th; 10 reach December 8th.
    expect(narrow).toContain('case id case-a');
    expect(narrow).toContain('case id case-b');
    expect(narrow).not.toContain('case-d');
    expect(wide).toContain('case id case-d');
    expect(sentTo('prov@suture.test')).toHaveLength(1);
    expect(sentTo('prov@suture.test')[0]!.Content!.Simple!.Subject!.Data).toBe(
      'Suture weekly summary: 1 case changed status',
    );
    expect(sentTo('sms@suture.test')).toHaveLength(0);
    for (const call of sesMock.commandCalls(SendEmailCommand)) {
      const { Subject, Body } = call.args[0].input.Content!.Simple!;
      for (const value of Object.values(PHI)) expect(`${Subject!.Data}\n${Body!.Text!.Data}`).not.toContain(value);
    }
  });

  it('writes an email.sent audit entry per email: case ids, recipient, template, SES message id', async () => {
    await run();
    const admin = audit.find((e) => e.recipient_id === 'admin')!;
    expect(admin).toMatchObject({
      action: 'email.sent',
      resource_type: 'email',
      resource_ids: ['case-a', 'case-b'],
      user_id: 'system',
      template: 'deadline-digest',
      outcome: 'allowed',
    });
    expect(admin.message_id).toMatch(/^ses-\d$/);
    expect(audit.map((e) => `${e.recipient_id}:${e.template}`).sort()).toEqual([
      'admin:deadline-digest',
      'prov:weekly-summary',
      'wide:deadline-digest',
    ]);
  });

  it('sends nothing on a second run the same day (the markers hold)', async () => {
    await run();
    const second = await run();
    expect(second).toEqual({ sent: 0, skipped: 3 });
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(3);
  });

  it('gives the marker back when SES refuses, so that the next run sends it, and audits the failure', async () => {
    sesMock.on(SendEmailCommand).rejects(Object.assign(new Error('not verified'), { name: 'MessageRejected' }));
    expect(await run()).toEqual({ sent: 0, skipped: 3 });
    expect(markers.size).toBe(0);
    expect(audit.map((e) => [e.recipient_id, e.outcome, e.status, e.message_id])).toEqual([
      ['admin', 'failed', 502, ''],
      ['wide', 'failed', 502, ''],
      ['prov', 'failed', 502, ''],
    ]);
  });
});

describe('bounces and complaints', () => {
  const sns = (message: unknown) => ({ Records: [{ Sns: { Message: JSON.stringify(message) } }] });
  const tags = { user_id: ['u-1'], template: ['deadline-digest'] };

  it('turns reminders off for a permanent bounce and a complaint, not a transient bounce', () => {
    expect(emailOffOf({ eventType: 'Bounce', bounce: { bounceType: 'Permanent' }, mail: { tags } })).toEqual({
      userId: 'u-1',
      reason: 'bounce',
    });
    expect(emailOffOf({ notificationType: 'Complaint', mail: { tags } })).toEqual({
      userId: 'u-1',
      reason: 'complaint',
    });
    expect(emailOffOf({ eventType: 'Bounce', bounce: { bounceType: 'Transient' }, mail: { tags } })).toBeUndefined();
    expect(emailOffOf({ eventType: 'Delivery', mail: { tags } })).toBeUndefined();
    expect(emailOffOf({ eventType: 'Complaint', mail: {} })).toBeUndefined();
  });

  it("writes the user's reminders off with the reason and leaves the index", async () => {
    ddbMock.on(UpdateCommand).resolves({ Attributes: { user_id: 'u-1', notify_deadlines: false } });
    const out = await handleSesNotifications(sns({ eventType: 'Complaint', mail: { tags } }), MONDAY);
    expect(out).toEqual({ turnedOff: ['u-1'] });
    const update = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(update.Key).toEqual({ user_id: 'u-1' });
    expect(update.UpdateExpression).toContain('REMOVE');
    expect(Object.values(update.ExpressionAttributeValues!)).toContainEqual({
      reason: 'complaint',
      at: MONDAY.toISOString(),
    });
  });
});
