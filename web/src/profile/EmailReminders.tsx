/**
 * Email reminders on the profile screen (docs/decisions/0030-deadline-reminders.md): back-office users
 * opt in to a morning digest of the deadlines overdue or due within 1 to 10 business days; providers
 * turn the weekly summary of their cases that changed status on or off (sent when their messaging
 * preference includes email). SMS is stored as a preference only: shown as not available yet. When a
 * bounce or complaint turned the emails off, the section says so. Saved on its own (PATCH /user with
 * these fields only), apart from the profile form above.
 */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, CheckboxField, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { isBackOffice, type Profile } from '../../../shared';
import { NOTIFY_DAYS_AHEAD, type EmailOff, type ReminderSettings } from '../../../shared/schemas/reminders';
import { BusyButton } from '../components/BusyButton';
import { saveReminderSettings } from './api';
import { profileQuery } from './useProfile';

/** Messaging preferences that include email and SMS (shared/constants.ts MESSAGING_PREFS). */
const EMAIL_PREFS = new Set([1, 3]);
const SMS_PREFS = new Set([2, 3]);

const DAY_CHOICES = Array.from(
  { length: NOTIFY_DAYS_AHEAD.max - NOTIFY_DAYS_AHEAD.min + 1 },
  (_, i) => NOTIFY_DAYS_AHEAD.min + i,
);

/** Why the emails stopped, in words. */
export function emailOffMessage(off: EmailOff, email: string): string {
  const why =
    off.reason === 'bounce' ? `an email to ${email || 'your address'} bounced` : 'an email was reported as spam';
  return `Email reminders were turned off on ${off.at.slice(0, 10)} because ${why}. Turn them on again once your address receives email.`;
}

export function EmailReminders({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const backOffice = isBackOffice(profile.user_type);
  const [notify, setNotify] = useState(profile.notify_deadlines === true);
  const [days, setDays] = useState(profile.notify_days_ahead ?? NOTIFY_DAYS_AHEAD.default);
  const [weekly, setWeekly] = useState(profile.weekly_summary === true);
  const [status, setStatus] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const settings: ReminderSettings = backOffice
      ? { notify_deadlines: notify, notify_days_ahead: days }
      : { weekly_summary: weekly };
    setSaving(true);
    setStatus(null);
    try {
      const saved = await saveReminderSettings(settings);
      if (saved) queryClient.setQueryData(profileQuery(profile.user_id).queryKey, saved);
      setStatus({ kind: 'success', text: 'Email reminder settings saved.' });
    } catch (err) {
      setStatus({ kind: 'error', text: (err as Error).message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variation="elevated" width="100%" maxWidth="48rem">
      <Flex as="section" direction="column" gap="1rem" aria-labelledby="reminders-title">
        <Heading level={2} id="reminders-title">
          Email reminders
        </Heading>
        {profile.email_off ? (
          <Alert variation="warning">{emailOffMessage(profile.email_off, profile.user_email)}</Alert>
        ) : null}
        {backOffice ? (
          <>
            <CheckboxField
              name="notify_deadlines"
              label="Email me a digest of deadlines every morning (07:00 New York time)"
              checked={notify}
              onChange={(e) => setNotify(e.target.checked)}
            />
            <SelectField
              label="Deadlines due within"
              descriptiveText="Overdue deadlines are always included."
              value={String(days)}
              onChange={(e) => setDays(Number(e.target.value))}
              isDisabled={!notify}
            >
              {DAY_CHOICES.map((n) => (
                <option key={n} value={String(n)}>
                  {n} business day{n === 1 ? '' : 's'}
                </option>
              ))}
            </SelectField>
          </>
        ) : (
          // A summary of one's own cases: providers own cases, the back office does not.
          <CheckboxField
            name="weekly_summary"
            label="Email me a weekly summary of my cases that changed status (Mondays)"
            checked={weekly}
            onChange={(e) => setWeekly(e.target.checked)}
          />
        )}
        {!backOffice && weekly && !EMAIL_PREFS.has(profile.message_pref) ? (
          <Text color="font.warning">
            The weekly summary goes by email: choose Email as your messaging preference above to receive it.
          </Text>
        ) : null}
        <Text color="font.secondary">
          SMS messages: not available yet
          {SMS_PREFS.has(profile.message_pref) ? ' (your SMS preference is kept for when they are).' : '.'}
        </Text>
        <Text color="font.secondary" fontSize="small">
          Emails name cases by their number, provider and payer only: never a patient&apos;s name or a document.
        </Text>
        <div>
          <BusyButton onClick={() => void save()} busy={saving} busyText="Saving...">
            Save email reminders
          </BusyButton>
        </div>
        <div role="status">{status ? <Alert variation={status.kind}>{status.text}</Alert> : null}</div>
      </Flex>
    </Card>
  );
}
