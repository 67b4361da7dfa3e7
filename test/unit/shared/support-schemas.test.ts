/**
 * The schemas of the messages to support (shared/schemas/support.ts, contact.ts): the contact body
 * takes the form's fields with the spec's messages, phone and honeypot optional, and refuses
 * over-long fields; a bug report needs a description and may leave out its page; marking a
 * message takes only `handled`.
 */
import { CONTACT_MESSAGES } from '../../../shared/schemas/contact';
import {
  BugReportBodySchema,
  ContactBodySchema,
  SUPPORT_MESSAGES,
  SupportMessagePatchSchema,
} from '../../../shared/schemas/support';
import { SUPPORT_MESSAGE_MAX_CHARS, TEXT_LIMITS } from '../../../shared/constants';

const CONTACT = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  organization: 'Analytical Surgery',
  subject: 'A demo',
  message: 'Could we see a demo next week?',
  inquiryType: 'demo',
};

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('ContactBodySchema', () => {
  it('trims the fields, leaves phone empty and the honeypot absent when not sent', () => {
    expect(ContactBodySchema.parse(CONTACT)).toEqual({ ...CONTACT, firstName: 'Ada', phone: '' });
  });

  it("answers the spec's message for each missing field", () => {
    const result = ContactBodySchema.safeParse({ message: 'short', inquiryType: 'spam' });
    expect(messagesOf(result)).toEqual({
      firstName: expect.any(String),
      lastName: expect.any(String),
      email: expect.any(String),
      organization: expect.any(String),
      subject: expect.any(String),
      message: CONTACT_MESSAGES.messageTooShort,
      inquiryType: CONTACT_MESSAGES.inquiryTypeRequired,
    });
    const blank = ContactBodySchema.safeParse({ ...CONTACT, firstName: ' ', email: 'ada@' });
    expect(messagesOf(blank)).toEqual({
      firstName: CONTACT_MESSAGES.firstNameRequired,
      email: CONTACT_MESSAGES.emailInvalid,
    });
  });

  it('refuses text over each maximum size', () => {
    const result = ContactBodySchema.safeParse({
      ...CONTACT,
      firstName: 'a'.repeat(TEXT_LIMITS.name + 1),
      subject: 's'.repeat(TEXT_LIMITS.text + 1),
      message: 'm'.repeat(SUPPORT_MESSAGE_MAX_CHARS + 1),
      website: 'w'.repeat(TEXT_LIMITS.text + 1),
    });
    expect(messagesOf(result)).toEqual({
      firstName: `First name must be at most ${TEXT_LIMITS.name} characters`,
      subject: `Subject must be at most ${TEXT_LIMITS.text} characters`,
      message: `Message must be at most ${SUPPORT_MESSAGE_MAX_CHARS} characters`,
      website: expect.any(String),
    });
    expect(ContactBodySchema.safeParse({ ...CONTACT, message: 'm'.repeat(SUPPORT_MESSAGE_MAX_CHARS) }).success).toBe(
      true,
    );
  });

  it('keeps a filled honeypot, which the handler answers without sending', () => {
    expect(ContactBodySchema.parse({ ...CONTACT, website: 'http://spam.example' }).website).toBe('http://spam.example');
  });
});

describe('BugReportBodySchema', () => {
  it('needs a description of 10 characters or more; the page may be left out', () => {
    expect(BugReportBodySchema.parse({ message: '  The list is empty.  ' })).toEqual({
      message: 'The list is empty.',
      page: '',
    });
    expect(messagesOf(BugReportBodySchema.safeParse({ message: '   ' }))).toEqual({
      message: SUPPORT_MESSAGES.bugRequired,
    });
    expect(messagesOf(BugReportBodySchema.safeParse({ message: 'Broken' }))).toEqual({
      message: SUPPORT_MESSAGES.bugTooShort,
    });
  });
});

describe('SupportMessagePatchSchema', () => {
  it("takes a reference and the state 'handled' only", () => {
    expect(SupportMessagePatchSchema.safeParse({ reference: 'S-1', state: 'handled' }).success).toBe(true);
    expect(messagesOf(SupportMessagePatchSchema.safeParse({ reference: 'S-1', state: 'open' }))).toEqual({
      state: "state must be 'handled'",
    });
  });
});
