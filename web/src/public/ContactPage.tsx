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
 * - States: idle, sending (simulated 1 s, no server call: "Sending..."), thanked: the "Thank You!"
 *   screen (message received, reply within 24 hours) with Send Another Message, which returns to an
 *   empty form.
 * - `?inquiry=<type>` (from About's Request Demo / Contact Sales and FAQ's chat card) preselects
 *   the inquiry type.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useSearchParams } from 'react-router-dom';
import {
  Button,
  Card,
  Flex,
  Heading,
  Link,
  SelectField,
  Text,
  TextAreaField,
  TextField,
  View,
} from '@aws-amplify/ui-react';
import {
  CONTACT_REPLY_HOURS,
  CONTACT_SEND_MS,
  ContactFormSchema,
  EMPTY_CONTACT_FORM,
  INQUIRY_TYPES,
  type ContactFormValues,
  type ContactInquiry,
} from '../../../shared/schemas/contact';
import { getConfig } from '../lib/config';
import { CONTACT_DETAILS, telHref } from './contactDetails';

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
      <Heading level={2} id="contact-info" fontSize="large">
        Get in Touch
      </Heading>
      <Flex direction="column" gap="1rem" marginTop="0.75rem">
        <View>
          <Heading level={3} fontSize="medium">
            Office
          </Heading>
          <address style={{ fontStyle: 'normal' }}>
            {CONTACT_DETAILS.company}
            <br />
            {address[0]}
            <br />
            {address[1]}
          </address>
        </View>
        <View>
          <Heading level={3} fontSize="medium">
            Phone
          </Heading>
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
          <Heading level={3} fontSize="medium">
            Email
          </Heading>
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
          <Heading level={3} fontSize="medium">
            Business Hours
          </Heading>
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

function ThankYou({ onAgain }: { onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card variation="outlined" flex="2 1 22rem" as="section" aria-labelledby="contact-thanks">
      <Flex direction="column" gap="0.75rem" alignItems="flex-start" role="status">
        <Heading level={2} id="contact-thanks" ref={heading} tabIndex={-1}>
          Thank You!
        </Heading>
        <Text>Your message has been received. Our team will get back to you within {CONTACT_REPLY_HOURS} hours.</Text>
        <Button variation="primary" onClick={onAgain}>
          Send Another Message
        </Button>
      </Flex>
    </Card>
  );
}

export default function ContactPage() {
  const [params] = useSearchParams();
  const [phase, setPhase] = useState<'idle' | 'sending' | 'thanked'>('idle');
  // The contact form makes no call (spec section 7): sending is simulated for 1 s.
  useEffect(() => {
    if (phase !== 'sending') return undefined;
    const timer = setTimeout(() => setPhase('thanked'), CONTACT_SEND_MS);
    return () => clearTimeout(timer);
  }, [phase]);
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
  const sending = phase === 'sending';
  const onSubmit = () => setPhase('sending');

  const again = () => {
    reset(EMPTY_CONTACT_FORM);
    setPhase('idle');
  };

  const field = (name: keyof ContactFormValues) => ({
    ...register(name),
    hasError: Boolean(errors[name]),
    errorMessage: errors[name]?.message,
    isDisabled: sending,
  });

  return (
    <Flex direction="column" gap="1.5rem" maxWidth="70rem" margin="0 auto" width="100%">
      <Flex direction="column" gap="0.25rem">
        <Heading level={1}>Contact Us</Heading>
        <Text color="font.secondary">Questions about Suture, a demo for your practice, or help with your account.</Text>
      </Flex>
      <Flex gap="1.5rem" wrap="wrap" alignItems="flex-start">
        {phase === 'thanked' ? (
          <ThankYou onAgain={again} />
        ) : (
          <Card variation="outlined" flex="2 1 22rem" as="section" aria-labelledby="contact-form">
            <Heading level={2} id="contact-form" fontSize="large" marginBottom="0.75rem">
              Send us a Message
            </Heading>
            <form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="contact-form">
              <Flex direction="column" gap="1rem">
                <Flex gap="1rem" wrap="wrap">
                  <TextField label="First Name" autoComplete="given-name" flex="1 1 12rem" {...field('firstName')} />
                  <TextField label="Last Name" autoComplete="family-name" flex="1 1 12rem" {...field('lastName')} />
                </Flex>
                <Flex gap="1rem" wrap="wrap">
                  <TextField label="Email" type="email" autoComplete="email" flex="1 1 12rem" {...field('email')} />
                  <TextField
                    label="Phone (optional)"
                    type="tel"
                    autoComplete="tel"
                    flex="1 1 12rem"
                    {...field('phone')}
                  />
                </Flex>
                <TextField label="Organization" autoComplete="organization" {...field('organization')} />
                <SelectField label="Inquiry Type" {...field('inquiryType')}>
                  <option value="">Select an inquiry type</option>
                  {INQUIRY_TYPES.map((t) => (
                    <option key={t.value} value={t.value}>
                      {t.label}
                    </option>
                  ))}
                </SelectField>
                <TextField label="Subject" {...field('subject')} />
                <TextAreaField label="Message" rows={6} {...field('message')} />
                <View>
                  <Button type="submit" variation="primary" isLoading={sending} loadingText="Sending...">
                    Send Message
                  </Button>
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
