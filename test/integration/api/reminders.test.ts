/**
 * Deadline reminders through the local gateway, the real emulators and the SES emulator
 * (docs/decisions/0030-deadline-reminders.md): the profile's reminder settings (back office only for
 * the digest), POST /reminders/run sending the right digest to the opted-in user only (read back
 * from the emulator's store), without the patient's name; a second run the same day sends nothing;
 * a provider's weekly summary on a Monday (the job run in this process with that day's clock);
 * each email is on the audit trail; a bounce delivered as SES's SNS event to the reminders function
 * (through the local Lambda Invoke API) turns the user's reminders off and the profile says so.
 */
import './quiet';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import type { AuditPage } from '../../../shared/schemas/audit';
import type { ReminderRunAnswer } from '../../../shared/schemas/reminders';
import { addCalendarDays, newYorkDayOf, todayInNewYork } from '../../../lambdas/data/dispute/calendar';
import { runReminders } from '../../../lambdas/reminders/run';
import { sentEmails, type StoredEmail } from '../../../local/ses';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, ownSurgeonAndFacility, signedInAdmin, signedInProvider } from './support';

jest.setTimeout(120_000);

const local = useLocalStack();

let provider: TestUser;
let optedIn: TestUser;
let optedOut: TestUser;
let globalAdmin: TestUser;
let caseId: string;
let caseNumber: string;

interface ProfileAnswer {
  user: {
    notify_deadlines: boolean;
    notify_days_ahead: number;
    weekly_summary: boolean;
    email_off?: { reason: string; at: string };
  };
  errors?: { field: string; message: string }[];
}

const patch = (user: TestUser, body: Record<string, unknown>) =>
  local.api<ProfileAnswer>('PATCH', '/user', { token: user.accessToken, body });
const profileOf = (user: TestUser) => local.api<ProfileAnswer>('GET', '/user', { token: user.accessToken });
const run = () => local.api<ReminderRunAnswer>('POST', '/reminders/run', { token: globalAdmin.accessToken });
const emailsTo = async (user: TestUser): Promise<StoredEmail[]> =>
  (await sentEmails(local.stack.endpoints.ses)).filter((e) => e.destination.to.includes(user.email));

beforeAll(async () => {
  [provider, optedIn, optedOut, globalAdmin] = await Promise.all([
    signedInProvider(local),
    signedInAdmin(local, 10),
    signedInAdmin(local, 10),
    signedInAdmin(local, 100),
  ]);
  // A case of the provider whose initial payment was due 30 business days after a bill sent 90 days ago: overdue.
  const refs = await ownSurgeonAndFacility(local, provider);
  const created = await local.api<{ case: { case_id: string; case_number: string } }>('POST', '/case', {
    token: provider.accessToken,
    body: caseBody(refs, {
      case_date: addCalendarDays(todayInNewYork(), -120),
      patient: { first: 'Zelda', last: 'Quackenbush', ins_provider: 'Aetna' },
    }),
  });
  caseId = created.body.case.case_id;
  caseNumber = created.body.case.case_number;
  const event = await local.api('POST', '/dispute/event', {
    token: optedIn.accessToken,
    body: {
      case_id: caseId,
      type: 'bill_sent',
      date: addCalendarDays(todayInNewYork(), -90),
      payer_name: 'Northwind Health',
    },
  });
  if (event.status !== 200) throw new Error(`dispute event failed: ${event.status}`);
});

describe('reminder settings on the profile', () => {
  it('defaults to off and 3 business days, and saves what a back-office user sends', async () => {
    expect((await profileOf(optedOut)).body.user).toMatchObject({
      notify_deadlines: false,
      notify_days_ahead: 3,
      weekly_summary: false,
    });
    const res = await patch(optedIn, { notify_deadlines: true, notify_days_ahead: 5 });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ notify_deadlines: true, notify_days_ahead: 5 });
  });

  it('refuses the digest settings from a provider and days outside 1 to 10, changing nothing', async () => {
    const provider400 = await patch(provider, { notify_deadlines: true });
    const days400 = await patch(optedOut, { notify_days_ahead: 11 });
    expect(provider400.status).toBe(400);
    expect(provider400.body.errors).toEqual([
      { field: 'notify_deadlines', message: 'notify_deadlines is for back-office users only' },
    ]);
    expect(days400.status).toBe(400);
    expect(days400.body.errors?.[0]?.field).toBe('notify_days_ahead');
    expect((await profileOf(optedOut)).body.user.notify_days_ahead).toBe(3);
    expect((await patch(provider, { weekly_summary: true })).body.user.weekly_summary).toBe(true);
  });
});

describe('POST /reminders/run', () => {
  it('sends the opted-in user a digest with the overdue deadline, and nothing to the others', async () => {
    await patch(optedIn, { notify_deadlines: true, notify_days_ahead: 5 });
    const res = await run();
    expect(res.status).toBe(200);
    expect(res.body.sent).toBeGreaterThanOrEqual(1);
    const [digest, ...more] = await emailsTo(optedIn);
    expect(more).toHaveLength(0);
    expect(digest!.subject).toMatch(/^Suture deadlines: \d+ overdue, \d+ due within 5 business days$/);
    const text = digest!.body.text ?? '';
    expect(text).toContain('Initial payment or denial due');
    expect(text).toContain(`${caseNumber} (case id ${caseId})`);
    expect(text).toContain('payer: Northwind Health');
    expect(text).toContain(`${local.url}/case/${encodeURIComponent(caseId)}`);
    expect(text).not.toContain('Quackenbush');
    expect(text).not.toContain('Zelda');
    expect(await emailsTo(optedOut)).toHaveLength(0);
  });

  it('sends nothing on a second run the same day', async () => {
    const res = await run();
    expect(res.status).toBe(200);
    expect(res.body.sent).toBe(0);
    expect(await emailsTo(optedIn)).toHaveLength(1);
  });

  it('puts each email on the audit trail with its cases and its recipient', async () => {
    const res = await local.api<AuditPage>('GET', '/audit', {
      token: globalAdmin.accessToken,
      query: { action: 'email.sent' },
    });
    expect(res.status).toBe(200);
    const entry = res.body.entries.find((e) => e.recipient_id === optedIn.sub);
    expect(entry).toMatchObject({
      action: 'email.sent',
      resource_type: 'email',
      template: 'deadline-digest',
      user_id: 'system',
      outcome: 'allowed',
    });
    expect(entry!.resource_ids).toContain(caseId);
    expect(entry!.message_id).toBe((await emailsTo(optedIn))[0]!.messageId);
  });
});

describe('weekly summary', () => {
  it("emails a provider who chose email their cases that changed status, on a Monday, without the patient's name", async () => {
    // Prepare: the job of this week's Monday in New York (today, or the next one), run in this process
    const day = todayInNewYork();
    const daysToMonday = (8 - new Date(`${day}T12:00:00.000Z`).getUTCDay()) % 7;
    const monday = addCalendarDays(day, daysToMonday);
    // Whole days of 24 h land an hour off that Monday across a clock change near midnight: step back onto it.
    let now = new Date(Date.now() + daysToMonday * 86_400_000);
    if (newYorkDayOf(now) !== monday) now = new Date(now.getTime() + (newYorkDayOf(now) < monday ? 1 : -1) * 3_600_000);
    expect(newYorkDayOf(now)).toBe(monday);

    // Act
    await runReminders({ now, runId: 'weekly-summary-test' });

    // Assess
    const summaries = (await emailsTo(provider)).filter((e) => e.subject.startsWith('Suture weekly summary'));
    expect(summaries).toHaveLength(1);
    const text = summaries[0]!.body.text ?? '';
    expect(text).toContain(`${caseNumber} (case id ${caseId}): now `);
    expect(text).toContain('payer: Aetna');
    expect(text).not.toContain('Quackenbush');
    expect(await emailsTo(optedOut)).toHaveLength(0);
  });
});

describe('bounces', () => {
  it("turns the user's reminders off when SES reports a permanent bounce, and the profile says so", async () => {
    const lambda = new LambdaClient({
      endpoint: local.stack.endpoints.lambda,
      region: 'us-east-1',
      credentials: local.stack.credentials,
      maxAttempts: 1,
    });
    const message = {
      eventType: 'Bounce',
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: optedIn.email }] },
      mail: { tags: { user_id: [optedIn.sub], template: ['deadline-digest'] } },
    };
    try {
      const out = await lambda.send(
        new InvokeCommand({
          FunctionName: 'suture-local-reminders',
          Payload: Buffer.from(JSON.stringify({ Records: [{ Sns: { Message: JSON.stringify(message) } }] })),
        }),
      );
      expect(JSON.parse(Buffer.from(out.Payload!).toString('utf8'))).toEqual({ turnedOff: [optedIn.sub] });
    } finally {
      lambda.destroy();
    }
    const profile = (await profileOf(optedIn)).body.user;
    expect(profile).toMatchObject({ notify_deadlines: false, email_off: { reason: 'bounce' } });
    // Opting in again clears the notice.
    const again = await patch(optedIn, { notify_deadlines: true });
    expect(again.body.user.notify_deadlines).toBe(true);
    expect(again.body.user.email_off).toBeUndefined();
  });
});
