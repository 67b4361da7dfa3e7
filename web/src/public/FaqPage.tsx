/**
 * FAQ page, /faq, for everyone, signed in or not (spec back-office-and-shell section 2 "FAQ page";
 * spec back-office-and-shell): the 12 questions of faqContent.ts in an accordion with one open at a time
 * (clicking the open one closes it), then the support cards: email (the deployment's support
 * address, a mailto link), phone (contactDetails.ts) and Start Chat.
 *
 * Departure from the spec (README): instead of a Start Chat button without an action (there is no chat
 * service), the chat card says chat is not available yet and links to the Contact page.
 */
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Card, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { getConfig } from '../lib/config';
import { Accordion } from './Accordion';
import { CONTACT_DETAILS, telHref } from './contactDetails';
import { publicFaqs } from './faqContent';

export default function FaqPage() {
  const { supportEmail } = getConfig();
  const items = useMemo(
    () =>
      publicFaqs(supportEmail).map((f) => ({
        id: f.id,
        title: f.question,
        content: <Text>{f.answer}</Text>,
      })),
    [supportEmail],
  );

  return (
    <Flex direction="column" gap="1.5rem" maxWidth="60rem" margin="0 auto" width="100%">
      <Flex direction="column" gap="0.25rem">
        <Heading level={1}>Frequently Asked Questions</Heading>
        <Text color="font.secondary">Answers about Suture, the case and billing workflow for surgical practices.</Text>
      </Flex>
      <Accordion items={items} />
      <section aria-labelledby="faq-support">
        <Heading level={2} id="faq-support" marginBottom="0.75rem">
          Still have questions?
        </Heading>
        <Flex gap="1rem" wrap="wrap">
          <Card variation="outlined" flex="1 1 14rem">
            <Heading level={3}>Email Support</Heading>
            <Text marginTop="0.5rem">
              <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>
            </Text>
          </Card>
          <Card variation="outlined" flex="1 1 14rem">
            <Heading level={3}>Phone Support</Heading>
            <Text marginTop="0.5rem">
              <Link href={telHref(CONTACT_DETAILS.phones.support)}>{CONTACT_DETAILS.phones.support}</Link>
            </Text>
            <Text fontSize="small" color="font.secondary">
              {CONTACT_DETAILS.hours[0]?.label} {CONTACT_DETAILS.hours[0]?.hours}
            </Text>
          </Card>
          <Card variation="outlined" flex="1 1 14rem">
            <Heading level={3}>Live Chat</Heading>
            <Text marginTop="0.5rem" marginBottom="0.5rem">
              Chat is not available yet.
            </Text>
            <RouterLink to="/contact?inquiry=support" className="amplify-button amplify-button--primary">
              Send a Message Instead
            </RouterLink>
          </Card>
        </Flex>
      </section>
    </Flex>
  );
}
