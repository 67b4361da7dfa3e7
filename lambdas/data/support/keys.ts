/**
 * Keys of the support table (docs/decisions/0027-email-and-support-messages.md): the messages that
 * reach support (contact form, bug reports), each in its own partition by reference, the inbox of
 * each state newest first through `byState`, and the per-address hourly counters of POST /contact,
 * which expire by TTL. Pure data, no AWS imports: the CDK app and the local runtime read it through
 * lambdas/lib/tables.ts.
 */
import { stringIndex, stringTable } from '../keys';

/** Index of the Support inbox: partition `inbox_state` (open, handled), sort `received_sk`. */
export const BY_STATE_INDEX = 'byState';

/** `pk` ({@link messageKey} or {@link contactCounterKey}); `expires_at` (epoch seconds) expires the counters. */
export const SUPPORT_TABLE = stringTable(
  'support',
  'SUPPORT_TABLE',
  ['pk'],
  [stringIndex(BY_STATE_INDEX, 'inbox_state', 'received_sk')],
  'expires_at',
);

/** The key attributes of a message in the inbox index (a cursor's resume key). */
export const INBOX_KEY_NAMES = ['pk', 'inbox_state', 'received_sk'] as const;

/** `pk` of the message `reference`. */
export function messageKey(reference: string): string {
  return `msg#${reference}`;
}

/** `received_sk` of a message received at `at` (ISO UTC) with `reference`: unique, in time order. */
export function receivedSortKey(at: string, reference: string): string {
  return `${at}#${reference}`;
}

/**
 * `pk` of the POST /contact counter of the address `ip` in the clock hour `hour` (epoch hours): a
 * fixed window, so a counter is one item whatever the traffic.
 */
export function contactCounterKey(ip: string, hour: number): string {
  return `rate#contact#${ip}#${hour}`;
}
