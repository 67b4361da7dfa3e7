/**
 * Messages that reach support (docs/decisions/0027-email-and-support-messages.md): the public contact
 * form and the signed-in bug report are kept for the Support inbox and emailed to the stage's support
 * address through SES, the sender's address as Reply-To; the sender gets the message's reference.
 *
 * - POST /contact (no sign-in) -> 201 `{ reference }`. Abuse: a filled honeypot is answered the same
 *   and nothing is stored or sent; an address's sixth message in a clock hour is a 429
 *   (CONTACT_LIMIT_PER_HOUR); each field has a maximum length (shared/schemas/contact.ts). Only a
 *   message that passes all three reaches the table and SES.
 * - POST /support/bug { message, page } -> 201 `{ reference }`, from the caller's account.
 * - GET /support/messages?state=&limit=&cursor= (user_type >= 100) -> `{ items, next_cursor? }`.
 * - PATCH /support/messages { reference, state: 'handled' } (user_type >= 100) -> `{ message }`;
 *   an unknown reference is a 404.
 *
 * An email SES refuses leaves the message in the inbox marked `delivery: failed` and the sender
 * still gets the reference. Logs carry the reference and kind only, never an address or the text.
 */
import { CONTACT_LIMIT_PER_HOUR, INQUIRY_TYPES, canReadSupport } from '../../shared';
import {
  BugReportBodySchema,
  CONTACT_HONEYPOT_FIELD,
  ContactBodySchema,
  SUPPORT_MESSAGES,
  SupportMessagePatchSchema,
  SupportMessagesQuerySchema,
  type SupportReference,
} from '../../shared/schemas/support';
import { callerEmail, callerUserType, requireCaller } from '../lib/auth';
import { VIEWER_IP_HEADER, audit } from '../lib/audit';
import { writeAuditEntry } from '../lib/audit-writer';
import { sendEmail, supportAddress } from '../lib/email';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '../lib/errors';
import { bodyObject, created, ok, queryParam, type ApiEvent } from '../lib/http';
import { logger } from '../lib/logger';
import { apiHandler } from '../lib/middleware';
import { MAX_CURSOR_LENGTH, decodeCursor, encodeCursor, parseLimit } from '../lib/paging';
import { parseInput } from '../lib/validation';
import {
  InboxCursorSchema,
  addMessage,
  countContact,
  listMessages,
  markHandled,
  newReference,
  recordDelivery,
  type NewSupportMessage,
} from '../data/support/repository';
import { ownerNames } from '../data/user/owners';

/** The address a request came from: the viewer's (CloudFront, the local gateway), else API Gateway's. */
function sourceIp(event: ApiEvent): string {
  return event.headers?.[VIEWER_IP_HEADER] || event.requestContext?.http?.sourceIp || 'unknown';
}

/** Seconds until the next clock hour, when an address's contact counter starts again. */
function secondsToNextHour(now: Date): number {
  return 3600 - Math.floor((now.getTime() / 1000) % 3600);
}

/** Store `message`, email it to support with `lines` above the text, and answer its reference. */
async function deliver(message: NewSupportMessage, lines: readonly string[]): Promise<SupportReference> {
  const item = await addMessage(message);
  let messageId: string | undefined;
  try {
    messageId = await sendEmail({
      to: [supportAddress()],
      replyTo: message.from_email ? [message.from_email] : [],
      subject: `[${item.reference}] ${message.subject}`,
      text: [`Reference: ${item.reference}`, ...lines, '', message.message, ''].join('\n'),
    });
  } catch (err) {
    // Kept for the inbox all the same: the team reads it there.
    logger.error('Support email not sent', {
      reference: item.reference,
      kind: message.kind,
      error: (err as Error)?.name,
    });
  }
  await recordDelivery(item.reference, messageId);
  logger.info('Support message received', { reference: item.reference, kind: message.kind });
  return { reference: item.reference };
}

/** POST /contact: see the module header. */
async function contact(event: ApiEvent) {
  const input = parseInput(ContactBodySchema, bodyObject(event));
  // A robot filled the hidden field: it learns nothing, nothing is stored or sent.
  if (input[CONTACT_HONEYPOT_FIELD]) return created({ reference: newReference() } satisfies SupportReference);
  const now = new Date();
  if ((await countContact(sourceIp(event), now)) > CONTACT_LIMIT_PER_HOUR) {
    throw new TooManyRequestsError(SUPPORT_MESSAGES.tooMany, {}, secondsToNextHour(now));
  }
  const inquiry = INQUIRY_TYPES.find((t) => t.value === input.inquiryType)?.label ?? input.inquiryType;
  const fromName = `${input.firstName} ${input.lastName}`;
  const answer = await deliver(
    {
      kind: 'contact',
      from_email: input.email,
      from_name: fromName,
      subject: input.subject,
      message: input.message,
      inquiry_type: input.inquiryType,
      organization: input.organization,
      ...(input.phone ? { phone: input.phone } : {}),
    },
    [
      `From: ${fromName} <${input.email}>`,
      `Organization: ${input.organization}`,
      ...(input.phone ? [`Phone: ${input.phone}`] : []),
      `Inquiry type: ${inquiry}`,
      'Sent with the contact form.',
    ],
  );
  return created(answer);
}

/** POST /support/bug: see the module header. */
async function bug(event: ApiEvent) {
  const caller = requireCaller(event);
  const input = parseInput(BugReportBodySchema, bodyObject(event));
  const [email, names] = await Promise.all([callerEmail(event, caller), ownerNames([caller.sub])]);
  const fromName = names.get(caller.sub) ?? '';
  const page = input.page || 'no page given';
  const answer = await deliver(
    {
      kind: 'bug',
      from_email: email,
      from_name: fromName,
      user_id: caller.sub,
      subject: `Bug report on ${page}`,
      message: input.message,
      page: input.page,
    },
    [`From: ${fromName || '(no name)'} <${email || 'no email'}>`, `User id: ${caller.sub}`, `Page: ${page}`],
  );
  audit(event).touched('support', [answer.reference]);
  return created(answer);
}

/** 403 unless the caller may read the Support inbox. */
async function requireSupportReader(event: ApiEvent): Promise<void> {
  if (!canReadSupport(await callerUserType(event))) throw new ForbiddenError(SUPPORT_MESSAGES.accessDenied);
}

/** GET /support/messages: see the module header. The cursor is bound to the state. */
async function messages(event: ApiEvent) {
  await requireSupportReader(event);
  const query = parseInput(SupportMessagesQuerySchema.pick({ state: true }), {
    state: queryParam(event, 'state') || undefined,
  });
  const state = query.state ?? 'open';
  const limit = parseLimit(queryParam(event, 'limit'));
  const scope = `support:messages:${state}`;
  const startKey = decodeCursor(queryParam(event, 'cursor', MAX_CURSOR_LENGTH), scope, InboxCursorSchema);
  const page = await listMessages(state, limit, startKey);
  audit(event).touched(
    'support',
    page.items.map((m) => m.reference),
  );
  return ok({
    items: page.items,
    ...(page.lastKey ? { next_cursor: encodeCursor(scope, page.lastKey) } : {}),
  });
}

/** PATCH /support/messages: see the module header. */
async function handled(event: ApiEvent) {
  const caller = requireCaller(event);
  await requireSupportReader(event);
  const input = parseInput(SupportMessagePatchSchema, bodyObject(event));
  audit(event).touched('support', [input.reference]);
  const message = await markHandled(input.reference, caller.sub);
  if (!message) throw new NotFoundError(SUPPORT_MESSAGES.notFound);
  return ok({ message });
}

export const handler = apiHandler(
  'support',
  {
    'POST /contact': contact,
    'POST /support/bug': bug,
    'GET /support/messages': messages,
    'PATCH /support/messages': handled,
  },
  { writeAudit: writeAuditEntry },
);
