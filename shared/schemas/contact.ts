/**
 * The Contact page's message form (spec back-office-and-shell sections 2 "Contact page", 3 "Contact
 * inquiry", 4 "Other states" and 5 "Validation rules"): the fields, the inquiry types, the spec's
 * exact messages and the zod schema that react-hook-form checks with (web/src/public/ContactPage.tsx).
 * The form makes no call (spec section 7): sending is simulated for {@link CONTACT_SEND_MS} ms.
 */
import * as z from 'zod';
import { CONTACT_MESSAGE_MIN_CHARS } from '../constants';

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

const required = (message: string) => z.string().trim().min(1, message);
const INQUIRY_VALUES = INQUIRY_TYPES.map((t) => t.value) as [InquiryType, ...InquiryType[]];

/**
 * The form's values as typed (all text; `inquiryType` '' until one is chosen, which reads 'Please
 * select an inquiry type'). Phone is optional. Parsing trims every field.
 */
export const ContactFormSchema = z.object({
  firstName: required(CONTACT_MESSAGES.firstNameRequired),
  lastName: required(CONTACT_MESSAGES.lastNameRequired),
  email: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .pipe(z.email({ error: CONTACT_MESSAGES.emailInvalid })),
  organization: required(CONTACT_MESSAGES.organizationRequired),
  phone: z.string().trim(),
  subject: required(CONTACT_MESSAGES.subjectRequired),
  message: z
    .string()
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .min(CONTACT_MESSAGE_MIN_CHARS, CONTACT_MESSAGES.messageTooShort),
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
