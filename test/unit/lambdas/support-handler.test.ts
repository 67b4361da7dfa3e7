/**
 * The support Lambda's abuse rules with mocked AWS clients (docs/decisions/0027-email-and-support-messages.md):
 * a filled honeypot, an address over its hourly limit and an over-long message never reach SES or the
 * table; a message within the limits is stored and emailed to the support address with the sender as
 * Reply-To; an email SES refuses keeps the message (delivery failed); no log line carries the text.
 */
import './support/env';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { CONTACT_LIMIT_PER_HOUR, SUPPORT_MESSAGE_MAX_CHARS } from '../../../shared/constants';
import { handler } from '../../../lambdas/support/handler';
import { logger } from '../../../lambdas/lib/logger';
import { invoke } from './support/events';

const ddbMock = mockClient(DynamoDBDocumentClient);
const sesMock = mockClient(SESv2Client);

const BODY = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  organization: 'Navy Surgical',
  subject: 'A demo',
  message: 'Could we see a demo next Tuesday? Secret words: ZEBRA-42.',
  inquiryType: 'demo',
};

/** The counter's answer: this request is the hour's `sent`th from its address. */
function countIs(sent: number) {
  ddbMock
    .on(UpdateCommand)
    .callsFake((input: { Key: { pk: string } }) => (input.Key.pk.startsWith('rate#') ? { Attributes: { sent } } : {}));
}

const contact = (body: unknown) =>
  invoke(handler, { method: 'POST', path: '/contact', body, headers: { 'x-suture-viewer-ip': '203.0.113.9' } });

beforeEach(() => {
  ddbMock.reset();
  sesMock.reset();
  ddbMock.on(GetCommand).resolves({});
  ddbMock.on(PutCommand).resolves({});
  ddbMock.on(UpdateCommand).resolves({});
  sesMock.on(SendEmailCommand).resolves({ MessageId: 'ses-1' });
});

describe('POST /contact', () => {
  it('stores a message within the limits and emails it to support, the sender as Reply-To', async () => {
    countIs(CONTACT_LIMIT_PER_HOUR);
    const answer = await contact(BODY);
    expect(answer.status).toBe(201);
    expect(answer.body.reference).toMatch(/^S-[0-9A-Z]{8}$/);
    const counter = ddbMock.commandCalls(UpdateCommand)[0]!.args[0].input;
    expect(counter.Key!.pk).toMatch(/^rate#contact#203\.0\.113\.9#\d+$/);
    const item = ddbMock.commandCalls(PutCommand)[0]!.args[0].input.Item!;
    expect(item).toMatchObject({ reference: answer.body.reference, kind: 'contact', inbox_state: 'open' });
    const email = sesMock.commandCalls(SendEmailCommand)[0]!.args[0].input;
    expect(email).toMatchObject({
      FromEmailAddress: 'no-reply@suture.test',
      Destination: { ToAddresses: ['support@suture.test'] },
      ReplyToAddresses: ['grace@example.com'],
    });
    expect(email.Content!.Simple!.Subject!.Data).toBe(`[${answer.body.reference}] A demo`);
  });

  it(`refuses the address's message ${CONTACT_LIMIT_PER_HOUR + 1} of the hour: 429, nothing stored or sent`, async () => {
    countIs(CONTACT_LIMIT_PER_HOUR + 1);
    const answer = await contact(BODY);
    expect(answer.status).toBe(429);
    expect(answer.body.message).toBe('Too many messages from your network. Please try again in an hour.');
    const retryAfter = Number(answer.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(ddbMock.commandCalls(PutCommand)).toHaveLength(0);
    expect(sesMock.commandCalls(SendEmailCommand)).toHaveLength(0);
  });

  it('answers a filled honeypot like a message, and counts, stores and sends nothing', async () => {
    const answer = await contact({ ...BODY, website: 'http://spam.example' });
    expect(answer.status).toBe(201);
    expect(answer.body.reference).toMatch(/^S-[0-9A-Z]{8}$/);
    expect(ddbMock.calls()).toHaveLength(0);
    expect(sesMock.calls()).toHaveLength(0);
  });

  it('refuses a message over the maximum size before counting, storing or sending', async () => {
    const answer = await contact({ ...BODY, message: 'a'.repeat(SUPPORT_MESSAGE_MAX_CHARS + 1) });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      { field: 'message', message: `Message must be at most ${SUPPORT_MESSAGE_MAX_CHARS} characters` },
    ]);
    expect(ddbMock.calls()).toHaveLength(0);
    expect(sesMock.calls()).toHaveLength(0);
  });

  it('keeps a message SES refuses (delivery failed) and still answers its reference; no log carries the text', async () => {
    countIs(1);
    sesMock
      .on(SendEmailCommand)
      .rejects(Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }));
    const lines: string[] = [];
    const spies = (['debug', 'info', 'warn', 'error'] as const).map((level) =>
      jest.spyOn(logger, level).mockImplementation((...args: unknown[]) => {
        lines.push(JSON.stringify(args));
      }),
    );
    try {
      const answer = await contact(BODY);
      expect(answer.status).toBe(201);
      const failed = ddbMock
        .commandCalls(UpdateCommand)
        .map((c) => c.args[0].input)
        .find((input) => String(input.Key?.pk).startsWith('msg#'));
      expect(failed?.ExpressionAttributeValues).toEqual({ ':failed': 'failed' });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(lines.join('')).toContain('Support email not sent');
    expect(lines.join('')).not.toContain('ZEBRA-42');
    expect(lines.join('')).not.toContain('grace@example.com');
  });
});
