/**
 * Report a Bug, /report-bug and /back-office/report-bug (provider-side section 2; back-office-and-shell
 * section 2): the spec's placeholder made real (docs/decisions/0027-email-and-support-messages.md).
 * A form (what went wrong, where) sends POST /support/bug from the signed-in account; support gets
 * it by email and in the Support inbox, and the page thanks the user with the report's reference
 * number. The support address of the runtime configuration (`supportEmail`) stays as a mailto link
 * for urgent issues.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { UI_MESSAGES } from '../../../shared/messages';
import { BugReportFormSchema, type BugReportFormInput } from '../../../shared/schemas/support';
import { FormField } from '../components/FormField';
import { FormTextArea } from '../components/FormTextArea';
import { getConfig } from '../lib/config';
import { useSendBugReport } from '../support/queries';
import { BusyButton } from '../components/BusyButton';

const EMPTY: BugReportFormInput = { message: '', page: '' };

function Sent({ reference, onAgain }: { reference: string; onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Flex direction="column" gap="0.75rem" alignItems="flex-start" role="status">
      <Heading level={2} ref={heading} tabIndex={-1}>
        Thank you!
      </Heading>
      <Text>
        Your report has been sent to our support team. Its reference number is <strong>{reference}</strong>.
      </Text>
      <Button onClick={onAgain}>Report another problem</Button>
    </Flex>
  );
}

export default function ReportBugPage() {
  const { supportEmail } = getConfig();
  const send = useSendBugReport();
  const [reference, setReference] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<BugReportFormInput>({ resolver: zodResolver(BugReportFormSchema), defaultValues: EMPTY });
  const onSubmit = (values: BugReportFormInput) => send.mutate(values, { onSuccess: setReference });
  // Disabled while sending, Send Report would leave keyboard focus on the page after a refusal.
  // Report another problem goes away with the thank-you: keyboard focus goes to the new form's first field.
  const focusFirstField = useRef(false);
  useEffect(() => {
    if (reference !== null || !focusFirstField.current) return;
    focusFirstField.current = false;
    setFocus('message');
  }, [reference, setFocus]);
  const again = () => {
    reset(EMPTY);
    send.reset();
    setReference(null);
    focusFirstField.current = true;
  };

  return (
    <Flex direction="column" gap="1rem">
      <Heading level={1}>Report a Bug</Heading>
      <Card variation="outlined">
        {reference ? (
          <Sent reference={reference} onAgain={again} />
        ) : (
          <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Report a bug">
            <Flex direction="column" gap="1rem">
              <Text>{UI_MESSAGES.bugReport}</Text>
              {send.isError && (
                <Alert variation="error" role="alert">
                  {`Your report could not be sent: ${send.error.message}`}
                </Alert>
              )}
              <FormTextArea
                label="What went wrong?"
                hint="What you did, what you expected and what happened instead. Please leave out patient details."
                error={errors.message?.message}
                isDisabled={send.isPending}
                {...register('message')}
              />
              <FormField
                label="Where did it happen? (optional)"
                hint="The page's name or address, e.g. Case List or /dashboard."
                error={errors.page?.message}
                isDisabled={send.isPending}
                {...register('page')}
              />
              <div>
                <BusyButton type="submit" variation="primary" busy={send.isPending} busyText="Sending...">
                  Send Report
                </BusyButton>
              </div>
            </Flex>
          </form>
        )}
      </Card>
      <Text>
        Urgent? Write to support:{' '}
        {/* Underlined: within the sentence its colour alone does not tell it from the text. */}
        <Link
          href={`mailto:${supportEmail}?subject=${encodeURIComponent('Suture bug report')}`}
          textDecoration="underline"
        >
          {supportEmail}
        </Link>
      </Text>
    </Flex>
  );
}
