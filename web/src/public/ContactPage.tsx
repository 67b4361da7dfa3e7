/**
 * Contact page, /contact, for everyone, signed in or not (spec back-office-and-shell sections 2
 * "Contact page", 4 "Other states", 5 and 9).
 *
 * - Contact details (contactDetails.ts): office address, sales/support/emergency phones, three
 *   mailboxes (support = the runtime config's `supportEmail`), business hours.
 * - The message form: react-hook-form with the shared `ContactFormSchema` (shared/schemas/contact.ts,
 *   the spec's exact messages), checked on submit and then on each change; fields firstName,
 *   lastName, email, organization, phone (optional), subject, message, inquiryType (select). The
 *   first invalid field takes focus.
 * - Sending: POST /contact without credentials (docs/decisions/0027-email-and-support-messages.md, a
 *   departure from the spec's simulated send): "Sending..." while it runs, then the "Thank You!" screen
 *   (message received, reply within 24 hours, the message's reference number) with Send Another
 *   Message, which returns to an empty form. A refusal (the hourly limit, a network error) is an
 *   alert above the form, which keeps what was typed.
 * - A honeypot input (`website`), out of sight and of the tab order, which people leave empty.
 * - `?inquiry=<type>` (from About's Request Demo / Contact Sales and FAQ's chat card) preselects
 *   the inquiry type.
 */
import { useEffect, useRef, useState, type BaseSyntheticEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Flex, Heading, Link, Text, View } from '@aws-amplify/ui-react';
import {
  CONTACT_REPLY_HOURS,
  ContactFormSchema,
  EMPTY_CONTACT_FORM,
  INQUIRY_TYPES,
  type ContactFormValues,
  type ContactInquiry,
} from '../../../shared/schemas/contact';
import { CONTACT_HONEYPOT_FIELD } from '../../../shared/schemas/support';
import { FormField } from '../components/FormField';
import { FormSelect } from '../components/FormSelect';
import { FormTextArea } from '../components/FormTextArea';
import { getConfig } from '../lib/config';
import { sendContact } from '../support/api';
import { CONTACT_DETAILS, telHref } from './contactDetails';
import { BusyButton } from '../components/BusyButton';

/** zodResolver typed for the text values the inputs hold (the schema checks every value). */
const resolver = zodResolver(ContactFormSchema) as unknown as Resolver<ContactFormValues, unknown, ContactInquiry>;

/** The form's start values, with `?inquiry=` preselected when it names an inquiry type. */
function startValues(inquiry: string | null): ContactFormValues {
  const known = INQUIRY_TYPES.some((t) => t.value === inquiry);
  return { ...EMPTY_CONTACT_FORM, inquiryType: known && inquiry ? inquiry : '' };
}

function ContactInfo() {
  const { supportEmail } = getConfig();
  const { address, phones, mailboxes, hours } = CONTACT_DETAILS;
  return (
    <Card variation="outlined" flex="1 1 18rem" as="section" aria-labelledby="contact-info">
      <Heading level={2} id="contact-info">
        Get in Touch
      </Heading>
      <Flex direction="column" gap="1rem" marginTop="0.75rem">
        <View>
          <Heading level={3}>Office</Heading>
          <address style={{ fontStyle: 'normal' }}>
            {CONTACT_DETAILS.company}
            <br />
            {address[0]}
            <br />
            {address[1]}
          </address>
        </View>
        <View>
          <Heading level={3}>Phone</Heading>
          <Text>
            Sales: <Link href={telHref(phones.sales)}>{phones.sales}</Link>
          </Text>
          <Text>
            Support: <Link href={telHref(phones.support)}>{phones.support}</Link>
          </Text>
          <Text>
            Emergency: <Link href={telHref(phones.emergency)}>{phones.emergency}</Link>
          </Text>
        </View>
        <View>
          <Heading level={3}>Email</Heading>
          <Text>
            General: <Link href={`mailto:${mailboxes.general}`}>{mailboxes.general}</Link>
          </Text>
          <Text>
            Sales: <Link href={`mailto:${mailboxes.sales}`}>{mailboxes.sales}</Link>
          </Text>
          <Text>
            Support: <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
          </Text>
        </View>
        <View>
          <Heading level={3}>Business Hours</Heading>
          <dl style={{ margin: 0 }}>
            {hours.map((h) => (
              <div key={h.label} style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
                <dt style={{ fontWeight: 600 }}>{h.label}:</dt>
                <dd style={{ margin: 0 }}>{h.hours}</dd>
              </div>
            ))}
          </dl>
        </View>
      </Flex>
    </Card>
  );
}

/** Hidden from people (off screen, out of the tab order, not announced); form-filling robots fill it. */
const HONEYPOT_STYLE = {
  position: 'absolute',
  left: '-10000px',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
} as const;

function ThankYou({ reference, onAgain }: { reference: string; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card variation="outlined" flex="2 1 22rem" as="section" aria-labelledby="contact-thanks">
      <Flex direction="column" gap="0.75rem" alignItems="flex-start" role="status">
        <Heading level={2} id="contact-thanks" ref={heading} tabIndex={-1}>
          Thank You!
        </Heading>
        <Text>Your message has been received. Our team will get back to you within {CONTACT_REPLY_HOURS} hours.</Text>
        <Text>
          Your reference number is <strong>{reference}</strong>. Please quote it if you write to us about this message.
        </Text>
        <Button variation="primary" onClick={onAgain}>
          Send Another Message
        </Button>
      </Flex>
    </Card>
  );
}

export default function ContactPage() {
  const [params] = useSearchParams();
  // No TanStack Query here: signed-out visitors have no query client (web/src/shell/SignedInLayout.tsx).
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const form = useForm<ContactFormValues, unknown, ContactInquiry>({
    resolver,
    defaultValues: startValues(params.get('inquiry')),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
  const onSubmit = async (inquiry: ContactInquiry, event?: BaseSyntheticEvent) => {
    const form = event?.target as HTMLFormElement | undefined;
    const trap = form?.elements.namedItem(CONTACT_HONEYPOT_FIELD) as HTMLInputElement | null | undefined;
    setSending(true);
    setFailure(null);
    try {
      setReference(await sendContact(inquiry, trap?.value ?? ''));
    } catch (err) {
      setFailure((err as Error).message);
    } finally {
      setSending(false);
    }
  };

  // Disabled while sending, Send Message would leave keyboard focus on the page after a refusal.

  // Send Another Message goes away with the thank-you: keyboard focus goes to the new form's first field.
  const focusFirstField = useRef(false);
  useEffect(() => {
    if (reference !== null || !focusFirstField.current) return;
    focusFirstField.current = false;
    form.setFocus('firstName');
  }, [reference, form]);

  const again = () => {
    reset(EMPTY_CONTACT_FORM);
    setFailure(null);
    setReference(null);
    focusFirstField.current = true;
  };

  const field = (name: keyof ContactFormValues) => ({
    ...register(name),
    error: errors[name]?.message,
    isDisabled: sending,
  });

  return (
    <Flex direction="column" gap="1.5rem" maxWidth="70rem" margin="0 auto" width="100%">
      <Flex direction="column" gap="0.25rem">
        <Heading level={1}>Contact Us</Heading>
        <Text color="font.secondary">Questions about Suture, a demo for your practice, or help with your account.</Text>
      </Flex>
      <Flex gap="1.5rem" wrap="wrap" alignItems="flex-start">
        {reference ? (
          <ThankYou reference={reference} onAgain={again} />
        ) : (
          <Card variation="outlined" flex="2 1 22rem" as="section" aria-labelledby="contact-form">
            <Heading level={2} id="contact-form" marginBottom="0.75rem">
              Send us a Message
            </Heading>
            {failure && (
              <Alert variation="error" role="alert" marginBottom="1rem">
                {`Your message could not be sent: ${failure}`}
              </Alert>
            )}
            <form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="contact-form">
              <div aria-hidden="true" style={HONEYPOT_STYLE}>
                <label>
                  Website (leave empty)
                  <input name={CONTACT_HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
                </label>
              </div>
              <Flex direction="column" gap="1rem">
                <Flex gap="1rem" wrap="wrap">
                  <FormField label="First Name" autoComplete="given-name" flex="1 1 12rem" {...field('firstName')} />
                  <FormField label="Last Name" autoComplete="family-name" flex="1 1 12rem" {...field('lastName')} />
                </Flex>
                <Flex gap="1rem" wrap="wrap">
                  <FormField label="Email" type="email" autoComplete="email" flex="1 1 12rem" {...field('email')} />
                  <FormField
                    label="Phone (optional)"
                    type="tel"
                    autoComplete="tel"
                    flex="1 1 12rem"
                    {...field('phone')}
                  />
                </Flex>
                <FormField label="Organization" autoComplete="organization" {...field('organization')} />
                <FormSelect label="Inquiry Type" {...field('inquiryType')}>
                  <option value="">Select an inquiry type</option>
                  {INQUIRY_TYPES.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </FormSelect>
                <FormField label="Subject" {...field('subject')} />
                <FormTextArea label="Message" {...field('message')} />
                <View>
                  <BusyButton type="submit" variation="primary" busy={sending} busyText="Sending...">
                    Send Message
                  </BusyButton>
                </View>
              </Flex>
            </form>
          </Card>
        )}
        <ContactInfo />
      </Flex>
    </Flex>
  );
}
