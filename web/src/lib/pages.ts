/**
 * Reading every page of a paged list call (each list answers one page plus
 * `next_cursor`, absent on the last page), for the few places that need a whole list, e.g. the case
 * form's surgeon and facility selects. Bounded: at most `maxPages` calls (default
 * {@link ALL_PAGES_MAX_PAGES}), so with 200 items a page at most 2,000 items; what lies beyond is
 * not read (`complete: false`).
 */

/** One page of items and the cursor of the next (undefined on the last page). */
export interface Page<T> {
  items: T[];
  next_cursor?: string;
}

/** Most pages {@link fetchAllPages} reads (10 pages of 200: 2,000 items). */
export const ALL_PAGES_MAX_PAGES = 10;

/**
 * Call `fetchPage` from the first page (cursor undefined) on, following `next_cursor`, until the
 * last page or `maxPages`. Resolves with the items in order and whether the list was read to its
 * end. Rejects with the first failing page's error (nothing partial is returned).
 */
export async function fetchAllPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  maxPages: number = ALL_PAGES_MAX_PAGES,
): Promise<{ items: T[]; complete: boolean }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const answer = await fetchPage(cursor);
    items.push(...answer.items);
    cursor = answer.next_cursor;
    if (cursor === undefined) return { items, complete: true };
  }
  return { items, complete: false };
}
