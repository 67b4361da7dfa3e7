/**
 * Prefix search over a table's search indexes (cases, profiles; decision record 0010): the texts
 * are searched one group (index) after the other, and an item an earlier group found is filtered
 * out of the later ones, so nothing appears twice. Pure functions, no AWS imports.
 */
import type { Segment } from '../lib/paging';
import { firstCharacter, searchAttributes } from './keys';

/** One search group: its index and key attributes, and the sort attributes of the groups before it. */
export interface SearchGroup {
  index: string;
  p: string;
  s: string;
  earlier: readonly string[];
}

/** The groups of the searched texts `names`, in search order (see ./keys.ts `searchIndexes`). */
export function searchGroups(...names: string[]): SearchGroup[] {
  const groups = names.map(searchAttributes);
  return groups.map((group, i) => ({ ...group, earlier: groups.slice(0, i).map((g) => g.s) }));
}

/** Conditions a caller adds to every group's Query: `filters` over its own `names` and `values`. */
export interface ExtraFilters {
  names: Record<string, string>;
  values: Record<string, unknown>;
  filters: string[];
}

/**
 * The Query of group `group` of table `table` for the folded text `q` (`searchText` of ./keys.ts):
 * items whose sort attribute starts with `q`, less those an earlier group found, and the `extra`
 * conditions. `idName` is the table's key (with the index's keys, the page key of the segment).
 * The partition read is `partition`: by default `q`'s first character, the partition of the
 * indexes of {@link searchGroups}; an index partitioned otherwise (by owner) names its own.
 */
export function searchSegment(
  table: string,
  idName: string,
  group: SearchGroup,
  q: string,
  extra: ExtraFilters = { names: {}, values: {}, filters: [] },
  partition: string = firstCharacter(q),
): Segment {
  const names: Record<string, string> = { '#p': group.p, '#s': group.s, ...extra.names };
  const filters = group.earlier.map((attr, i) => {
    names[`#e${i}`] = attr;
    return `NOT begins_with(#e${i}, :q)`;
  });
  filters.push(...extra.filters);
  return {
    input: {
      TableName: table,
      IndexName: group.index,
      KeyConditionExpression: '#p = :p AND begins_with(#s, :q)',
      ...(filters.length ? { FilterExpression: filters.join(' AND ') } : {}),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':p': partition, ':q': q, ...extra.values },
    },
    keyNames: [idName, group.p, group.s],
  };
}
