/**
 * API layer of the messages to support (docs/decisions/0027-email-and-support-messages.md): POST
 * /contact (no sign-in), POST /support/bug, GET and PATCH /support/messages, on `apiFetch`; answers
 * are checked with the shared schemas (shared/schemas/support.ts) and one of another shape throws
 * an Error {@link SUPPORT_UNREADABLE}. Failed calls throw `ApiError` (a 400 keeps its
 * `errors: [{ field, message }]` in `body`, a 429 its `message`).
 */
import type * as z from 'zod';
import type { ContactInquiry } from '../../../shared/schemas/contact';
import {
  SupportMessageSavedSchema,
  SupportMessagesPageSchema,
  SupportReferenceSchema,
  type SupportMessage,
  type SupportMessagesPage,
  type SupportState,
} from '../../../shared/schemas/support';
import { ApiError, apiFetch } from '../lib/api';

export type { SupportMessage, SupportMessagesPage, SupportState };

/** Shown when an answer does not have the expected shape. */
export const SUPPORT_UNREADABLE = 'The answer from the server could not be read. Please try again.';

/** Messages of the Support inbox a page holds. */
export const SUPPORT_PAGE_SIZE = 25;

function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(SUPPORT_UNREADABLE);
  return result.data;
}

/** POST /contact without credentials; `website` is the honeypot's value. Answers the reference. */
export async function sendContact(inquiry: ContactInquiry, website = ''): Promise<string> {
  let body: unknown;
  try {
    body = await apiFetch<unknown>('/contact', {
      method: 'POST',
      auth: false,
      body: { ...inquiry, ...(website ? { website } : {}) },
    });
  } catch (err) {
    // The hourly limit's answer says when to try again; the generic 429 text would not.
    const said = (err as ApiError).body as { message?: unknown } | undefined;
    if (err instanceof ApiError && err.status === 429 && typeof said?.message === 'string') {
      throw new ApiError(said.message, 429, err.body);
    }
    throw err;
  }
  return parsed(SupportReferenceSchema, body).reference;
}

/** POST /support/bug: `message` reported from the page `page` (a path). Answers the reference. */
export async function sendBugReport(message: string, page: string): Promise<string> {
  const body = await apiFetch<unknown>('/support/bug', { method: 'POST', body: { message, page } });
  return parsed(SupportReferenceSchema, body).reference;
}

/** One page of the Support inbox in `state`, newest first; `cursor` is the previous page's `next_cursor`. */
export async function fetchSupportPage(
  state: SupportState,
  cursor?: string,
  signal?: AbortSignal,
): Promise<SupportMessagesPage> {
  const body = await apiFetch<unknown>('/support/messages', {
    query: { state, limit: SUPPORT_PAGE_SIZE, cursor },
    signal,
  });
  return parsed(SupportMessagesPageSchema, body);
}

/** PATCH /support/messages: marks `reference` handled; answers the message as it is now. */
export async function markMessageHandled(reference: string): Promise<SupportMessage> {
  const body = await apiFetch<unknown>('/support/messages', {
    method: 'PATCH',
    body: { reference, state: 'handled' },
  });
  return parsed(SupportMessageSavedSchema, body).message;
}
