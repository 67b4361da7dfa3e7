/**
 * The answer of `GET /user/list?search=&limit=&cursor=` (issue 8, sections 1 and 4; user_type 20 or
 * more): `{ users: [...], next_cursor?, total }`, paged like every list (next_cursor absent on the
 * last page). Each user: the spec's user fields (back-office-and-shell section 3); only those the
 * SPA reads are checked here, the others pass through. `user_type` and `user_npi` may come as
 * numbers or text.
 */
import * as z from 'zod';

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)));

/** One user of the list. */
export const UserListItemSchema = z
  .object({
    user_id: z.string().min(1),
    first_name: text,
    last_name: text,
    user_email: text,
    user_npi: text,
    user_type: z
      .union([z.number(), z.string()])
      .nullish()
      .transform((v) => {
        const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
        return typeof n === 'number' && Number.isFinite(n) ? n : 0;
      }),
  })
  .passthrough();
export type UserListItem = z.infer<typeof UserListItemSchema>;

/** One page of GET /user/list; an empty or non-text `next_cursor` counts as absent. */
export const UserListPageSchema = z.object({
  users: z.array(UserListItemSchema),
  next_cursor: z
    .string()
    .nullish()
    .transform((v) => (v ? v : undefined)),
  total: z.number().int().min(0).optional(),
});
export type UserListPage = z.infer<typeof UserListPageSchema>;
