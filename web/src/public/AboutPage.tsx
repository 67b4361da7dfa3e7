/**
 * About page, /about, for everyone, signed in or not (spec back-office-and-shell section 2 "About
 * page"): the mission, the four key values (patient privacy and security,
 * user-friendly design, continuous innovation, healthcare excellence), the technology cards (cloud
 * infrastructure, HIPAA compliance, real-time updates) and Request Demo / Contact Sales.
 *
 * The copy says only what Suture does. Departure from the spec (README):
 * Request Demo and Contact Sales, which the spec leaves without an action, open the Contact page
 * with the inquiry type Demo or Sales chosen.
 */
import { Link as RouterLink } from 'react-router-dom';
import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { CASE_STATUSES } from '../../../shared/statuses';

const VALUES = [
  {
    title: 'Patient Privacy and Security',
    text:
      'Every request is checked against who is asking: a practice sees only its own cases, and back-office staff ' +
      'only what their role allows. Documents stay in private, encrypted storage.',
  },
  {
    title: 'User-Friendly Design',
    text:
      'Screens that work on a phone, a tablet or a desk, by keyboard and with a screen reader, with clear messages ' +
      'when something needs attention.',
  },
  {
    title: 'Continuous Innovation',
    text: 'Suture is in beta testing: features arrive as practices and billers tell us what they need.',
  },
  {
    title: 'Healthcare Excellence',
    text:
      'Complete cases move to billing without chasing paperwork, so surgeons and their staff can spend their time ' +
      'on patients.',
  },
] as const;

const TECHNOLOGY = [
  {
    title: 'Cloud Infrastructure',
    text:
      'Runs on Amazon Web Services: serverless functions, a managed database with continuous backups and ' +
      'versioned document storage, with no servers of your own to maintain.',
  },
  {
    title: 'HIPAA Compliance',
    text:
      'Built with HIPAA safeguards in mind: encryption in transit and at rest, access checked on every request, ' +
      'short-lived links for documents, and no patient names or document contents in the logs.',
  },
  {
    title: 'Real-Time Updates',
    text:
      `Each case shows its current status (one of ${CASE_STATUSES.length}, from Incomplete to Closed) and the ` +
      'history of every change, so the practice and the back office see the same picture.',
  },
] as const;

function CardGrid({ items, level }: { items: readonly { title: string; text: string }[]; level: 3 }) {
  return (
    <Flex gap="1rem" wrap="wrap">
      {items.map((item) => (
        <Card key={item.title} variation="outlined" flex="1 1 14rem">
          <Heading level={level} fontSize="medium">
            {item.title}
          </Heading>
          <Text marginTop="0.5rem">{item.text}</Text>
        </Card>
      ))}
    </Flex>
  );
}

export default function AboutPage() {
  return (
    <Flex direction="column" gap="2rem" maxWidth="70rem" margin="0 auto" width="100%">
      <Flex direction="column" gap="0.5rem">
        <Heading level={1}>About Suture</Heading>
        <Text fontSize="large">Surgical case management and billing for surgical practices.</Text>
      </Flex>
      <section aria-labelledby="about-mission">
        <Heading level={2} id="about-mission" fontSize="xl">
          Our Mission
        </Heading>
        <Text marginTop="0.5rem">
          Surgeons and their staff record each surgical case once, with its patient, insurance, procedure codes and
          documents, and follow it through billing, insurance payment, negotiation and independent dispute resolution
          until it is closed. A billing back office sees every case and moves it along, so nobody has to ask where a
          claim stands.
        </Text>
      </section>
      <section aria-labelledby="about-values">
        <Heading level={2} id="about-values" fontSize="xl" marginBottom="0.75rem">
          Our Values
        </Heading>
        <CardGrid items={VALUES} level={3} />
      </section>
      <section aria-labelledby="about-technology">
        <Heading level={2} id="about-technology" fontSize="xl" marginBottom="0.75rem">
          Technology
        </Heading>
        <CardGrid items={TECHNOLOGY} level={3} />
      </section>
      <Card variation="elevated" as="section" aria-labelledby="about-cta">
        <Flex direction="column" gap="0.75rem" alignItems="flex-start">
          <Heading level={2} id="about-cta" fontSize="xl">
            See Suture for your practice
          </Heading>
          <Flex gap="0.75rem" wrap="wrap">
            <RouterLink to="/contact?inquiry=demo" className="amplify-button amplify-button--primary">
              Request Demo
            </RouterLink>
            <RouterLink to="/contact?inquiry=sales" className="amplify-button">
              Contact Sales
            </RouterLink>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
