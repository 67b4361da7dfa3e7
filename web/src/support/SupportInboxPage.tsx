/**
 * The Support inbox, /back-office/support (docs/decisions/0027-email-and-support-messages.md), for
 * user_type 100 or more (Global Admin, Super User); anyone else is sent to /back-office.
 *
 * - The contact messages and bug reports, Open or Handled, newest first (GET /support/messages),
 *   in a table: Reference, Message (subject, kind and sender), Received (UTC) and Read; below the
 *   `medium` breakpoint (768 px) a list of cards with the same facts and Read, so that a phone does
 *   not scroll sideways; paged with Load more.
 * - Read opens the message above the list: sender (a mailto link that replies with the reference in
 *   the subject), what the sender gave (organization, phone, inquiry type, or the page of a bug),
 *   whether the email to support was delivered, and the text. Mark handled (PATCH) moves it to
 *   Handled; both lists are read again.
 * - Loading, empty and error states with Retry, as every list.
 */
import { Alert, Button, Card, Flex, Heading, Text, ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { canReadSupport } from '../../../shared/roles';
import { UI_MESSAGES } from '../../../shared/messages';
import { INQUIRY_TYPES } from '../../../shared/schemas/contact';
import { DataTable, type DataColumn } from '../components/DataTable';
import { LoadMore, nextPageProps } from '../components/LoadMore';
import { MEDIUM_SCREEN_QUERY, useMediaQuery } from '../components/useMediaQuery';
import { useProfile } from '../profile/useProfile';
import { FullPageMessage } from '../shell/FullPageMessage';
import { ListEmpty, ListLoadError, ListLoading } from '../shell/ListStates';
import type { SupportMessage, SupportState } from './api';
import { useMarkHandled, useSupportMessages } from './queries';
import { useFocusReturn } from '../components/useFocusReturn';
import { BusyButton } from '../components/BusyButton';

/** An ISO time as `YYYY-MM-DD HH:MM` UTC. */
export function utcMinute(iso: string): string {
  return iso.slice(0, 16).replace('T', ' ');
}

const KIND_LABEL: Record<SupportMessage['kind'], string> = { contact: 'Contact', bug: 'Bug report' };

/** The sender as one line: "Name <email>", or whichever is known. */
function sender(m: SupportMessage): string {
  if (m.from_name && m.from_email) return `${m.from_name} <${m.from_email}>`;
  return m.from_name || m.from_email || 'Unknown sender';
}

/** The Read button of a message in the table or a card; its name says which message. */
function ReadButton({
  message,
  onRead,
}: {
  message: SupportMessage;
  onRead: (m: SupportMessage, button: HTMLElement) => void;
}) {
  return (
    <Button
      size="small"
      className="suture-touch-target"
      aria-label={`Read message ${message.reference}`}
      onClick={(e) => onRead(message, e.currentTarget)}
    >
      Read
    </Button>
  );
}

/** The phone layout: one card a message with the table's facts (subject, kind, sender, reference, received) and Read. */
function MessageCards({
  label,
  messages,
  onRead,
}: {
  label: string;
  messages: SupportMessage[];
  onRead: (m: SupportMessage, button: HTMLElement) => void;
}) {
  return (
    <Flex
      as="ul"
      direction="column"
      gap="small"
      aria-label={label}
      margin="0"
      padding="0"
      style={{ listStyle: 'none' }}
    >
      {messages.map((m) => (
        <li key={m.reference}>
          <Card variation="outlined" padding="medium">
            <Flex direction="column" gap="xs">
              <Text fontWeight="bold" style={{ overflowWrap: 'anywhere' }}>
                {m.subject}
              </Text>
              <Text fontSize="small" style={{ overflowWrap: 'anywhere' }}>
                <span>{KIND_LABEL[m.kind]}</span> · <span>{sender(m)}</span>
              </Text>
              <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
                <Text fontSize="small">
                  <span>{m.reference}</span> · Received (UTC) <span>{utcMinute(m.received_at)}</span>
                </Text>
                <ReadButton message={m} onRead={onRead} />
              </Flex>
            </Flex>
          </Card>
        </li>
      ))}
    </Flex>
  );
}

/** One message, read: its details, its text and, while open, Mark handled. */
function MessageView({
  message,
  onClose,
  onHandled,
  busy,
}: {
  message: SupportMessage;
  onClose: () => void;
  onHandled: () => void;
  busy: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [message.reference]);
  const inquiry = INQUIRY_TYPES.find((t) => t.value === message.inquiry_type)?.label ?? message.inquiry_type;
  const details: [string, string | undefined][] = [
    ['Reference', message.reference],
    ['Kind', KIND_LABEL[message.kind]],
    ['Received (UTC)', utcMinute(message.received_at)],
    ['Organization', message.organization],
    ['Phone', message.phone],
    ['Inquiry type', inquiry],
    ['Page', message.page],
    ['Handled (UTC)', message.handled_at ? utcMinute(message.handled_at) : undefined],
  ];
  const replySubject = encodeURIComponent(`Re: [${message.reference}] ${message.subject}`);
  return (
    <Card variation="outlined" as="section" aria-labelledby="support-message">
      <Flex direction="column" gap="small">
        <Heading level={2} id="support-message" ref={heading} tabIndex={-1}>
          {message.subject}
        </Heading>
        <Text>
          From:{' '}
          {message.from_email ? (
            <a href={`mailto:${message.from_email}?subject=${replySubject}`}>{sender(message)}</a>
          ) : (
            sender(message)
          )}
        </Text>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '0.25rem 1rem' }}>
          {details
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <dt style={{ fontWeight: 600 }}>{label}</dt>
                <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{value}</dd>
              </div>
            ))}
        </dl>
        {message.delivery === 'failed' && (
          <Alert variation="warning">
            The email to the support address was not delivered: this inbox holds the only copy.
          </Alert>
        )}
        <Text as="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.message}
        </Text>
        <Flex gap="small" wrap="wrap">
          {message.state === 'open' && (
            <BusyButton variation="primary" onClick={onHandled} busy={busy} busyText="Marking…">
              Mark handled
            </BusyButton>
          )}
          <Button onClick={onClose}>Close</Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/** The inbox (exported for tests, which render it without the guard). */
export function SupportInbox() {
  const [state, setState] = useState<SupportState>('open');
  const [reading, setReading] = useState<SupportMessage | null>(null);
  const [handled, setHandled] = useState<string | null>(null);
  const list = useSupportMessages(state);
  const mark = useMarkHandled();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const phone = !useMediaQuery(MEDIUM_SCREEN_QUERY);
  const messages = list.data?.pages.flatMap((p) => p.items) ?? [];
  // The open message held focus: Close gives it back to the Read button that opened it.
  const returnFocusTo = useFocusReturn(reading !== null);
  const read = (message: SupportMessage, button: HTMLElement) => {
    returnFocusTo(button);
    setReading(message);
  };

  const show = (next: SupportState) => {
    returnFocusTo(null);
    setState(next);
    setReading(null);
  };
  const markHandled = (message: SupportMessage) =>
    mark.mutate(message.reference, {
      onSuccess: () => {
        returnFocusTo(null);
        setReading(null);
        setHandled(message.reference);
        headingRef.current?.focus();
      },
    });

  // Four columns: the subject over kind and sender.
  const columns: DataColumn<SupportMessage>[] = [
    { header: 'Reference', cell: (m) => m.reference, style: { whiteSpace: 'nowrap' } },
    {
      header: 'Message',
      cell: (m) => (
        <>
          <strong>{m.subject}</strong>
          <br />
          <Text as="span" fontSize="small">
            <span>{KIND_LABEL[m.kind]}</span> · <span>{sender(m)}</span>
          </Text>
        </>
      ),
      style: { minWidth: '12rem', overflowWrap: 'break-word' },
    },
    { header: 'Received (UTC)', cell: (m) => utcMinute(m.received_at) },
    {
      header: 'Actions',
      cell: (m) => <ReadButton message={m} onRead={read} />,
    },
  ];

  const loadError = list.isFetchNextPageError ? null : list.error;
  let body;
  if (loadError) {
    body = <ListLoadError message={loadError.message} onRetry={() => void list.refetch()} />;
  } else if (list.isPending) {
    body = <ListLoading />;
  } else if (messages.length === 0 && !list.hasNextPage) {
    body = <ListEmpty heading={state === 'open' ? 'No open messages' : 'No handled messages'} />;
  } else {
    const caption = state === 'open' ? 'Open messages, newest first' : 'Handled messages, newest first';
    body = (
      <>
        {phone ? (
          <MessageCards label={caption} messages={messages} onRead={read} />
        ) : (
          <DataTable caption={caption} striped columns={columns} rows={messages} rowKey={(m) => m.reference} />
        )}
        <LoadMore shown={messages.length} noun={['message', 'messages']} {...nextPageProps(list)} />
      </>
    );
  }

  return (
    <Flex direction="column" gap="medium">
      <Heading level={1} ref={headingRef} tabIndex={-1}>
        Support Inbox
      </Heading>
      <Text>Messages from the Contact page and bug reports. Each was also emailed to the support address.</Text>
      <ToggleButtonGroup
        value={state}
        isExclusive
        isSelectionRequired
        onChange={(value) => show(value as SupportState)}
        aria-label="Which messages"
      >
        <ToggleButton value="open">Open</ToggleButton>
        <ToggleButton value="handled">Handled</ToggleButton>
      </ToggleButtonGroup>
      {handled && (
        <Alert variation="success" role="status" isDismissible onDismiss={() => setHandled(null)}>
          {`Message ${handled} marked handled.`}
        </Alert>
      )}
      {mark.isError && (
        <Alert variation="error" role="alert" isDismissible onDismiss={() => mark.reset()}>
          {`The message could not be marked handled: ${mark.error.message}`}
        </Alert>
      )}
      {reading && (
        <MessageView
          message={reading}
          busy={mark.isPending}
          onClose={() => setReading(null)}
          onHandled={() => markHandled(reading)}
        />
      )}
      {body}
    </Flex>
  );
}

export default function SupportInboxPage() {
  const profile = useProfile();
  if (profile.isPending) return <FullPageMessage text={UI_MESSAGES.loading} />;
  if (profile.isError || !canReadSupport(profile.userType)) return <Navigate to="/back-office" replace />;
  return <SupportInbox />;
}
