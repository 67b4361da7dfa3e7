/**
 * Messages that reach support through the local gateway, the real emulators and the SES emulator
 * (docs/decisions/0027-email-and-support-messages.md): a contact message and a bug report each arrive
 * at the support address with their reference (read back from the emulator's store), the sender as
 * Reply-To; both wait in the Support inbox, which pages with a sealed cursor and marks them handled;
 * the honeypot, the hourly limit per address and the size limit keep spam from SES and the table.
 */
import './quiet';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { CONTACT_LIMIT_PER_HOUR, SUPPORT_MESSAGE_MAX_CHARS } from '../../../shared/constants';
import { DEFAULT_SUPPORT_EMAIL } from '../../../shared/config';
import type { SupportMessage, SupportMessagesPage } from '../../../shared/schemas/support';
import { ddb } from '../../../lambdas/lib/aws';
import { getEnv } from '../../../lambdas/lib/env';
import { contactCounterKey } from '../../../lambdas/data/support/keys';
import { DEFAULT_SENDER_EMAIL } from '../../../infra/stage';
import { sentEmails, type StoredEmail } from '../../../local/ses';
import { useLocalStack, type TestUser } from '../../support/local';
import { signedInAdmin, signedInProvider } from './support';

jest.setTimeout(120_000);

const local = useLocalStack();

let provider: TestUser;
let globalAdmin: TestUser;
let caseAdmin: TestUser;

/** The gateway sees these tests at 127.0.0.1: the contact counter of the current hour. */
const counterKey = () => ({ pk: contactCounterKey('127.0.0.1', Math.floor(Date.now() / 3_600_000)) });
const resetCounter = () => ddb().send(new DeleteCommand({ TableName: getEnv().SUPPORT_TABLE, Key: counterKey() }));

beforeAll(async () => {
  [provider, globalAdmin, caseAdmin] = await Promise.all([
    signedInProvider(local, { first_name: 'Pia', last_name: 'Provider' }),
    signedInAdmin(local, 100),
    signedInAdmin(local, 10),
  ]);
  await resetCounter();
});

// Other suites on this runtime may send the contact form within the hour.
afterAll(resetCounter);

let seq = 0;
const contactBody = (fields: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `ada.${++seq}.${Date.now()}@example.com`,
  organization: 'Analytical Surgery',
  phone: '555-0100',
  subject: `Pricing for ${seq} surgeons`,
  message: 'We are a practice of four surgeons.\nWhat would Suture cost us?',
  inquiryType: 'pricing',
  ...fields,
});

const contact = (body: unknown) =>
  local.api<{ reference: string; errors?: { field: string; message: string }[] }>('POST', '/contact', { body });

/** The emails to support whose subject carries `reference`. */
async function emailsOf(reference: string): Promise<StoredEmail[]> {
  return (await sentEmails(local.stack.endpoints.ses)).filter((e) => e.subject.includes(`[${reference}]`));
}

/** Every message of the inbox in `state` (paged by 2, so paging is exercised), newest first. */
async function inbox(state: 'open' | 'handled', user: TestUser = globalAdmin): Promise<SupportMessage[]> {
  const out: SupportMessage[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 500; i++) {
    const res = await local.api<SupportMessagesPage>('GET', '/support/messages', {
      token: user.accessToken,
      query: { state, limit: 2, cursor },
    });
    expect(res.status).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(2);
    out.push(...res.body.items);
    cursor = res.body.next_cursor;
    if (!cursor) return out;
  }
  throw new Error('inbox did not end');
}

describe('a contact message', () => {
  it('reaches the support address with its reference, the sender as Reply-To, and waits in the inbox', async () => {
    await resetCounter();
    const body = contactBody();
    const res = await contact(body);
    expect(res.status).toBe(201);
    const { reference } = res.body;
    expect(reference).toMatch(/^S-[0-9A-Z]{8}$/);

    const [email, ...more] = await emailsOf(reference);
    expect(more).toEqual([]);
    expect(email!.from).toBe(DEFAULT_SENDER_EMAIL);
    expect(email!.destination.to).toEqual([DEFAULT_SUPPORT_EMAIL]);
    expect(email!.replyTo).toEqual([body.email]);
    expect(email!.subject).toBe(`[${reference}] ${body.subject}`);
    expect(email!.body.text).toContain(`Reference: ${reference}`);
    expect(email!.body.text).toContain('From: Ada Lovelace');
    expect(email!.body.text).toContain('Inquiry type: Pricing');
    expect(email!.body.text).toContain(body.message);

    const message = (await inbox('open')).find((m) => m.reference === reference);
    expect(message).toMatchObject({
      reference,
      kind: 'contact',
      from_email: body.email,
      from_name: 'Ada Lovelace',
      subject: body.subject,
      state: 'open',
      message: body.message,
      inquiry_type: 'pricing',
      organization: 'Analytical Surgery',
      phone: '555-0100',
      delivery: 'sent',
    });
  });

  it('with a field missing or too long is a 400 with the spec message, and nothing is sent', async () => {
    const before = (await sentEmails(local.stack.endpoints.ses)).length;
    const missing = await contact(contactBody({ firstName: ' ', inquiryType: '' }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', message: 'First name is required' },
        { field: 'inquiryType', message: 'Please select an inquiry type' },
      ]),
    );
    const short = await contact(contactBody({ message: 'Hi there' }));
    expect(short.body.errors).toEqual([{ field: 'message', message: 'Message must be at least 10 characters' }]);
    const long = await contact(contactBody({ message: 'x'.repeat(SUPPORT_MESSAGE_MAX_CHARS + 1) }));
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([
      { field: 'message', message: `Message must be at most ${SUPPORT_MESSAGE_MAX_CHARS} characters` },
    ]);
    expect((await sentEmails(local.stack.endpoints.ses)).length).toBe(before);
  });
});

describe('spam', () => {
  it('with the honeypot filled is answered like a message, and reaches neither SES nor the inbox', async () => {
    const before = (await sentEmails(local.stack.endpoints.ses)).length;
    const res = await contact(contactBody({ website: 'https://cheap-pills.example' }));
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^S-[0-9A-Z]{8}$/);
    expect(await emailsOf(res.body.reference)).toEqual([]);
    expect((await sentEmails(local.stack.endpoints.ses)).length).toBe(before);
    expect((await inbox('open')).some((m) => m.reference === res.body.reference)).toBe(false);
  });

  it(`from one address: ${CONTACT_LIMIT_PER_HOUR} messages an hour pass, the next is a 429 and is not sent`, async () => {
    // A clock hour that ends between the first and the last request restarts the count: once more.
    for (let attempt = 0; attempt < 2; attempt++) {
      const hour = Math.floor(Date.now() / 3_600_000);
      await resetCounter();
      const statuses: number[] = [];
      for (let i = 0; i < CONTACT_LIMIT_PER_HOUR; i++) statuses.push((await contact(contactBody())).status);
      const before = (await sentEmails(local.stack.endpoints.ses)).length;
      const refused = await contact(contactBody({ subject: 'The sixth' }));
      if (Math.floor(Date.now() / 3_600_000) !== hour) continue;
      expect(statuses).toEqual(Array(CONTACT_LIMIT_PER_HOUR).fill(201));
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        message: 'Too many messages from your network. Please try again in an hour.',
      });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await sentEmails(local.stack.endpoints.ses)).length).toBe(before);
      expect((await inbox('open')).some((m) => m.subject === 'The sixth')).toBe(false);
      return;
    }
    throw new Error('two clock hours ended during the test');
  });
});

describe('a bug report', () => {
  it("reaches support from the caller's account with its reference and page", async () => {
    const res = await local.api<{ reference: string }>('POST', '/support/bug', {
      token: provider.idToken,
      body: { message: 'The case list stays empty\nafter I save a case.', page: '/dashboard' },
    });
    expect(res.status).toBe(201);
    const { reference } = res.body;
    const [email] = await emailsOf(reference);
    expect(email!.subject).toBe(`[${reference}] Bug report on /dashboard`);
    expect(email!.replyTo).toEqual([provider.email]);
    expect(email!.body.text).toContain('From: Pia Provider');
    expect(email!.body.text).toContain(`User id: ${provider.sub}`);
    expect(email!.body.text).toContain('The case list stays empty\nafter I save a case.');

    const message = (await inbox('open')).find((m) => m.reference === reference);
    expect(message).toMatchObject({ kind: 'bug', from_email: provider.email, page: '/dashboard', state: 'open' });
  });

  it('without a description is a 400 and nothing is sent', async () => {
    const before = (await sentEmails(local.stack.endpoints.ses)).length;
    const res = await local.api<{ errors: unknown }>('POST', '/support/bug', {
      token: provider.accessToken,
      body: { message: '   ', page: '/dashboard' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'message', message: 'Please describe the problem' }]);
    expect((await sentEmails(local.stack.endpoints.ses)).length).toBe(before);
  });
});

describe('the Support inbox', () => {
  it('marks a message handled: it leaves the open list for the handled one, with the time it was handled', async () => {
    const { reference } = (
      await local.api<{ reference: string }>('POST', '/support/bug', {
        token: provider.accessToken,
        body: { message: 'The PDF report shows no amounts.', page: '/back-office/reports' },
      })
    ).body;
    const res = await local.api<{ message: SupportMessage }>('PATCH', '/support/messages', {
      token: globalAdmin.accessToken,
      body: { reference, state: 'handled' },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({ reference, state: 'handled' });
    expect(Date.parse(res.body.message.handled_at!)).not.toBeNaN();
    expect((await inbox('open')).some((m) => m.reference === reference)).toBe(false);
    expect((await inbox('handled')).find((m) => m.reference === reference)?.state).toBe('handled');
  });

  it('answers 404 for an unknown reference, 400 for another state, and 403 below user_type 100', async () => {
    const patch = (user: TestUser, body: unknown) =>
      local.api('PATCH', '/support/messages', { token: user.accessToken, body });
    expect((await patch(globalAdmin, { reference: 'S-NOSUCH00', state: 'handled' })).status).toBe(404);
    expect((await patch(globalAdmin, { reference: 'S-NOSUCH00', state: 'open' })).status).toBe(400);
    expect((await patch(caseAdmin, { reference: 'S-NOSUCH00', state: 'handled' })).status).toBe(403);
    const list = await local.api('GET', '/support/messages', { token: caseAdmin.accessToken });
    expect(list.status).toBe(403);
  });

  it('refuses a cursor of the other state', async () => {
    await local.api('POST', '/support/bug', { token: provider.accessToken, body: { message: 'One more report.' } });
    await local.api('POST', '/support/bug', { token: provider.accessToken, body: { message: 'And another one.' } });
    const first = await local.api<SupportMessagesPage>('GET', '/support/messages', {
      token: globalAdmin.accessToken,
      query: { state: 'open', limit: 1 },
    });
    expect(first.body.next_cursor).toBeTruthy();
    const other = await local.api('GET', '/support/messages', {
      token: globalAdmin.accessToken,
      query: { state: 'handled', cursor: first.body.next_cursor },
    });
    expect(other.status).toBe(400);
  });
});

describe('the email viewer of the local runtime', () => {
  it('shows the mailbox to user_type 100 or more only', async () => {
    const view = (token?: string) =>
      fetch(`${local.url}/ses/emails`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
    expect((await view()).status).toBe(401);
    expect((await view(caseAdmin.accessToken)).status).toBe(403);
    const ok = await view(globalAdmin.accessToken);
    expect(ok.status).toBe(200);
    const { emails } = (await ok.json()) as { emails: StoredEmail[] };
    expect(emails.length).toBeGreaterThan(0);
  });
});
