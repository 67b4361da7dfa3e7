/**
 * Email through Amazon SES v2 from the stage's verified identity (docs/decisions/0027-email-and-support-messages.md).
 * Locally the same client reaches the SES emulator through `AWS_ENDPOINT_URL_SESV2` (local/ses.ts).
 * Nothing here logs an address, a subject or a body.
 */
import { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { sesClient } from './aws';
import { getEnv } from './env';
import { ConfigurationError } from './middleware';

/** One plain-text email. */
export interface PlainEmail {
  to: readonly string[];
  /** Where a reply goes (the sender of a message to support). */
  replyTo?: readonly string[];
  subject: string;
  text: string;
  /**
   * SES message tags (names and values: letters, digits, `_`, `-`, `.`, `@`): the configuration set's
   * bounce and complaint events carry them back (`mail.tags`), e.g. the recipient's user id.
   */
  tags?: Readonly<Record<string, string>>;
}

/**
 * Send `email` from `SENDER_EMAIL`; resolves with SES's message id.
 * @throws ConfigurationError when the function has no `SENDER_EMAIL` (a deployment fault);
 *   the SDK's error when SES refuses it (e.g. an address not verified while the account is in the sandbox).
 */
export async function sendEmail(email: PlainEmail): Promise<string> {
  const from = getEnv().SENDER_EMAIL;
  if (!from) throw new ConfigurationError('SENDER_EMAIL is not set for this function');
  const configurationSet = getEnv().SES_CONFIGURATION_SET;
  const tags = Object.entries(email.tags ?? {}).map(([Name, Value]) => ({ Name, Value }));
  const out = await sesClient().send(
    new SendEmailCommand({
      FromEmailAddress: from,
      ...(configurationSet ? { ConfigurationSetName: configurationSet } : {}),
      ...(tags.length ? { EmailTags: tags } : {}),
      Destination: { ToAddresses: [...email.to] },
      ...(email.replyTo?.length ? { ReplyToAddresses: [...email.replyTo] } : {}),
      Content: {
        Simple: {
          Subject: { Data: email.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: email.text, Charset: 'UTF-8' } },
        },
      },
    }),
  );
  return out.MessageId ?? '';
}

/**
 * The support address of the stage.
 * @throws ConfigurationError when the function has no `SUPPORT_EMAIL`.
 */
export function supportAddress(): string {
  const to = getEnv().SUPPORT_EMAIL;
  if (!to) throw new ConfigurationError('SUPPORT_EMAIL is not set for this function');
  return to;
}
