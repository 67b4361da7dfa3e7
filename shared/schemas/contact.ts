/**
 * The Contact page's message form (spec back-office-and-shell sections 2 "Contact page", 3 "Contact
 * inquiry", 4 "Other states" and 5 "Validation rules"): the fields, the inquiry types, the spec's
 * exact messages and the zod schema that react-hook-form checks with (web/src/public/ContactPage.tsx).
 * The form sends POST /contact (docs/decisions/0027-email-and-support-messages.md, a departure from
 * spec section 7's "no call"), whose body is {@link ContactBodySchema}: the form's fields and a
 * honeypot. Each field has a maximum length, so an over-long message is refused before it is sent.
 */
import * as z from 'zod';
import {
  CONTACT_MESSAGE_MIN_CHARS,
  CONTACT_PHONE_MAX_CHARS,
  SUPPORT_MESSAGE_MAX_CHARS,
  TEXT_LIMITS,
  tooLongMessage,
} from '../constants';

/** The spec's validation messages, word for word (section 5). */
export const CONTACT_MESSAGES = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  organizationRequired: 'Organization is required',
  subjectRequired: 'Subject is required',
  messageRequired: 'Message is required',
  messageTooShort: 'Message must be at least 10 characters',
  inquiryTypeRequired: 'Please select an inquiry type',
  firstNameTooLong: tooLongMessage('First name', TEXT_LIMITS.name),
  lastNameTooLong: tooLongMessage('Last name', TEXT_LIMITS.name),
  emailTooLong: tooLongMessage('Email', TEXT_LIMITS.text),
  organizationTooLong: tooLongMessage('Organization', TEXT_LIMITS.text),
  phoneTooLong: tooLongMessage('Phone', CONTACT_PHONE_MAX_CHARS),
  subjectTooLong: tooLongMessage('Subject', TEXT_LIMITS.text),
  messageTooLong: tooLongMessage('Message', SUPPORT_MESSAGE_MAX_CHARS),
} as const;

/** Inquiry types (section 2), value and label, in the spec's order. */
export const INQUIRY_TYPES = [
  { value: 'sales', label: 'Sales' },
  { value: 'support', label: 'Support' },
  { value: 'demo', label: 'Demo' },
  { value: 'pricing', label: 'Pricing' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'other', label: 'Other' },
] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number]['value'];

/** Message minimum, simulated send (ms) and reply promise (hours): shared/constants.ts. */
export { CONTACT_MESSAGE_MIN_CHARS, CONTACT_REPLY_HOURS, CONTACT_SEND_MS } from '../constants';

const required = (message: string, max: number, tooLong: string) => z.string().trim().min(1, message).max(max, tooLong);
const INQUIRY_VALUES = INQUIRY_TYPES.map((t) => t.value) as [InquiryType, ...InquiryType[]];

/**
 * The form's values as typed (all text; `inquiryType` '' until one is chosen, which reads 'Please
 * select an inquiry type'). Phone is optional. Parsing trims every field.
 */
export const ContactFormSchema = z.object({
  firstName: required(CONTACT_MESSAGES.firstNameRequired, TEXT_LIMITS.name, CONTACT_MESSAGES.firstNameTooLong),
  lastName: required(CONTACT_MESSAGES.lastNameRequired, TEXT_LIMITS.name, CONTACT_MESSAGES.lastNameTooLong),
  email: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .max(TEXT_LIMITS.text, CONTACT_MESSAGES.emailTooLong)
    .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid })),
  organization: required(CONTACT_MESSAGES.organizationRequired, TEXT_LIMITS.text, CONTACT_MESSAGES.organizationTooLong),
  phone: z.string().trim().max(CONTACT_PHONE_MAX_CHARS, CONTACT_MESSAGES.phoneTooLong),
  subject: required(CONTACT_MESSAGES.subjectRequired, TEXT_LIMITS.text, CONTACT_MESSAGES.subjectTooLong),
  message: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .min(CONTACT_MESSAGE_MIN_CHARS, CONTACT_MESSAGES.messageTooShort)
    .max(SUPPORT_MESSAGE_MAX_CHARS, CONTACT_MESSAGES.messageTooLong),
  inquiryType: z.enum(INQUIRY_VALUES, { error: CONTACT_MESSAGES.inquiryTypeRequired }),
});

/** A checked inquiry (trimmed). */
export type ContactInquiry = z.output<typeof ContactFormSchema>;
/** The form's fields as the inputs hold them: text (inquiryType '' until one is chosen). */
export type ContactFormValues = Record<keyof ContactInquiry, string>;

/** Empty form values. */
export const EMPTY_CONTACT_FORM: ContactFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  organization: '',
  phone: '',
  subject: '',
  message: '',
  inquiryType: '',
};
