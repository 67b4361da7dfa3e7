/**
 * Response schema of GET /user/list?search=&limit=&cursor= (issue 8, section 1; user_type 20 or
 * more; built by the user Lambda, CONTRACT8): `{ users: [{ user_id, first_name, last_name,
 * user_email, user_type, user_npi?, state?, telephone?, ... }], next_cursor?, total }`. `search` is
 * a case-insensitive prefix over first name, last name, email and NPI; `next_cursor` is absent on
 * the last page; `total` counts every user.
 *
 * {@link UserListPageSchema} also reads the spec's legacy wrappers (back-office-and-shell section 7:
 * "response users, data or array"). Each user is read tolerantly (absent text '', user_type 0,
 * users without a user_id dropped). An answer that holds no list at all fails with
 * {@link USER_LIST_INVALID} (the spec's section 8 message).
 */
import * as z from 'zod';
import { toUserType } from '../roles';

/** The spec's message for an unreadable user list (back-office-and-shell section 8). */
export const USER_LIST_INVALID = 'Invalid response format from user list API';

const text = z.preprocess(
  (v) => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : ''),
  z.string(),
);

/** One user of the list, as the back-office screens use it. */
export const UserListItemSchema = z
  .object({
    user_id: text,
    first_name: text.optional(),
    last_name: text.optional(),
    user_email: text.optional(),
    email: text.optional(),
    user_type: z.unknown().optional(),
    user_npi: text.optional(),
    npi: text.optional(),
    state: text.optional(),
    telephone: text.optional(),
    phone: text.optional(),
  })
  .transform((u) => ({
    user_id: u.user_id,
    first_name: u.first_name ?? '',
    last_name: u.last_name ?? '',
    user_email: u.user_email || u.email || '',
    user_type: toUserType(u.user_type),
    user_npi: u.user_npi || u.npi || '',
    state: u.state ?? '',
    telephone: u.telephone || u.phone || '',
  }));
export type UserListItem = z.output<typeof UserListItemSchema>;

/** One page of GET /user/list. */
export interface UserListPage {
  users: UserListItem[];
  /** Cursor of the next page; undefined on the last page. */
  next_cursor?: string;
  /** Every user (not only this page); the page's length when the server sent none. */
  total: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function usersIn(body: unknown): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return undefined;
  for (const key of ['users', 'data']) {
    const v = body[key];
    if (Array.isArray(v)) return v;
    if (isRecord(v) && Array.isArray(v.users)) return v.users;
  }
  return undefined;
}

/** A GET /user/list answer -> {@link UserListPage}; no list at all -> a zod issue {@link USER_LIST_INVALID}. */
export const UserListPageSchema: z.ZodType<UserListPage, unknown> = z.unknown().transform((body, ctx) => {
  const list = usersIn(body);
  if (!list) {
    ctx.addIssue({ code: 'custom', message: USER_LIST_INVALID });
    return z.NEVER;
  }
  const users = list.flatMap((item) => {
    const r = UserListItemSchema.safeParse(item);
    return r.success && r.data.user_id !== '' ? [r.data] : [];
  });
  const record = isRecord(body) ? body : {};
  const cursor = record.next_cursor;
  const total = typeof record.total === 'number' && Number.isInteger(record.total) ? record.total : users.length;
  return typeof cursor === 'string' && cursor !== '' ? { users, next_cursor: cursor, total } : { users, total };
});

/** "First Last" of a listed user, else the email, else the id. */
export function userDisplayName(u: Pick<UserListItem, 'first_name' | 'last_name' | 'user_email' | 'user_id'>): string {
  return `${u.first_name} ${u.last_name}`.trim() || u.user_email || u.user_id;
}
