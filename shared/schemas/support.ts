/**
 * Messages that reach support (docs/decisions/0027-email-and-support-messages.md): what POST /contact,
 * POST /support/bug, GET and PATCH /support/messages take and answer, and the Report Bug form's rule.
 * A message's text is never logged: it goes to the support address by email and to the Support inbox.
 */
import * as z from 'zod';
import { CONTACT_PHONE_MAX_CHARS, SUPPORT_MESSAGE_MAX_CHARS, TEXT_LIMITS, tooLongMessage } from '../constants';
import { ContactFormSchema } from './contact';

/**
 * The honeypot of the public contact form: an input people never see or fill (hidden, out of the tab
 * order), which form-filling robots do. A body with it filled is answered as if sent, and nothing is
 * stored or emailed.
 */
export const CONTACT_HONEYPOT_FIELD = 'website';

/** Messages support answers with. */
export const SUPPORT_MESSAGES = {
  bugRequired: 'Please describe the problem',
  bugTooShort: 'Please describe the problem in at least 10 characters',
  bugTooLong: tooLongMessage('Message', SUPPORT_MESSAGE_MAX_CHARS),
  tooMany: 'Too many messages from your network. Please try again in an hour.',
  notFound: 'Message not found',
  accessDenied: 'Access denied: the Support inbox requires user_type >= 100',
} as const;

/** POST /contact: the contact form's fields (phone may be left out) and the honeypot. */
export const ContactBodySchema = ContactFormSchema.extend({
  phone: z.string().trim().max(CONTACT_PHONE_MAX_CHARS).optional().default(''),
  [CONTACT_HONEYPOT_FIELD]: z
    .string()
    .max(TEXT_LIMITS.text)
    .optional()
    .meta({ description: 'Leave empty: a form-filling robot fills it, and then nothing is sent.' }),
});
export type ContactBody = z.output<typeof ContactBodySchema>;

/** The Report Bug form: what went wrong, and where (a page's address or name; may be empty). */
export const BugReportFormSchema = z.object({
  message: z
    .string({ error: SUPPORT_MESSAGES.bugRequired })
    .trim()
    .min(1, { error: SUPPORT_MESSAGES.bugRequired, abort: true })
    .min(10, SUPPORT_MESSAGES.bugTooShort)
    .max(SUPPORT_MESSAGE_MAX_CHARS, SUPPORT_MESSAGES.bugTooLong),
  page: z.string().trim().max(TEXT_LIMITS.text, tooLongMessage('Page', TEXT_LIMITS.text)),
});
export type BugReportFormInput = z.input<typeof BugReportFormSchema>;

/** POST /support/bug: the description and the page it happened on (may be left out). */
export const BugReportBodySchema = BugReportFormSchema.extend({
  page: BugReportFormSchema.shape.page.optional().default(''),
});
export type BugReportBody = z.output<typeof BugReportBodySchema>;

/** The answer of POST /contact and POST /support/bug (201): the reference to quote to support. */
export const SupportReferenceSchema = z.object({
  reference: z.string().meta({ description: 'The message reference, e.g. `S-7K3M9Q2X`.' }),
});
export type SupportReference = z.infer<typeof SupportReferenceSchema>;

export const SUPPORT_STATES = ['open', 'handled'] as const;
export type SupportState = (typeof SUPPORT_STATES)[number];
export const SUPPORT_KINDS = ['contact', 'bug'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];

/** GET /support/messages. */
export const SupportMessagesQuerySchema = z.object({
  state: z.enum(SUPPORT_STATES).optional().meta({ description: 'Open (default) or handled messages.' }),
  limit: z.coerce.number().int().min(1).optional(),
  cursor: z.string().max(4096).optional(),
});

/** PATCH /support/messages. */
export const SupportMessagePatchSchema = z.object({
  reference: z.string({ error: 'reference is required' }).trim().min(1, 'reference is required').max(TEXT_LIMITS.id),
  state: z.literal('handled', { error: "state must be 'handled'" }),
});
export type SupportMessagePatch = z.infer<typeof SupportMessagePatchSchema>;

/** One message of the Support inbox. */
export const SupportMessageSchema = z.object({
  reference: z.string(),
  kind: z.enum(SUPPORT_KINDS),
  from_email: z.string(),
  /** "First Last" of the sender ('' when unknown). */
  from_name: z.string(),
  subject: z.string(),
  /** ISO time it was received. */
  received_at: z.string(),
  state: z.enum(SUPPORT_STATES),
  message: z.string(),
  /** Contact messages: the inquiry type, organization and phone; bug reports: the page. */
  inquiry_type: z.string().optional(),
  organization: z.string().optional(),
  phone: z.string().optional(),
  page: z.string().optional(),
  /** Whether the email to the support address was accepted by SES (`failed`: read it here). */
  delivery: z.enum(['sent', 'failed']),
  handled_at: z.string().optional(),
});
export type SupportMessage = z.infer<typeof SupportMessageSchema>;

/** GET /support/messages: one page, newest first. */
export const SupportMessagesPageSchema = z.object({
  items: z.array(SupportMessageSchema),
  next_cursor: z
    .string()
    .min(1)
    .optional()
    .meta({ description: 'Send back as `cursor` (same state) for the next, older page; absent on the last page.' }),
});
export type SupportMessagesPage = z.infer<typeof SupportMessagesPageSchema>;

/** PATCH /support/messages: the message as it is now. */
export const SupportMessageSavedSchema = z.object({ message: SupportMessageSchema });
