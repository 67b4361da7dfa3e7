/**
 * Key helpers shared by several data modules: table and index declarations, folded sort names,
 * write shards and search keys.
 * Pure functions, no AWS imports (the CDK app and the local runtime read the key modules too).
 */
import type { AttributeType, IndexDef, TableDef } from '../lib/tables';

/**
 * A global secondary index keyed by the attributes `partition` (a string) and `sort` (a string, or a
 * number with `sortType` 'N'). Both the CDK app and the local runtime project every attribute into it.
 */
export function stringIndex<const I extends string, const P extends string, const S extends string>(
  indexName: I,
  partition: P,
  sort: S,
  sortType: AttributeType = 'S',
): { indexName: I; partitionKey: { name: P; type: 'S' }; sortKey: { name: S; type: AttributeType } } {
  return { indexName, partitionKey: { name: partition, type: 'S' }, sortKey: { name: sort, type: sortType } };
}

/**
 * The attributes of the prefix search of a text `name` (`last`, `email`...): index `bySearch<Name>`,
 * partition `search_<name>_p` (the text's first character), sort `search_<name>` (the trimmed,
 * lower-cased text); an item's values come from {@link searchKey}.
 */
export function searchAttributes(name: string): { index: string; p: string; s: string } {
  return {
    index: `bySearch${name.charAt(0).toUpperCase()}${name.slice(1)}`,
    p: `search_${name}_p`,
    s: `search_${name}`,
  };
}

/** The prefix-search indexes of a table, one per searched text ({@link searchAttributes}). */
export function searchIndexes(...names: string[]): IndexDef[] {
  return names.map(searchAttributes).map(({ index, p, s }) => stringIndex(index, p, s));
}

/**
 * A table whose keys are strings (every Suture table's are): logical id, environment variable,
 * `[partition]` or `[partition, sort]` key attributes, its indexes ({@link stringIndex}) and, for a
 * table that expires items, the TTL attribute (epoch seconds). One call per table.
 */
export function stringTable<const Id extends string, const Env extends string>(
  id: Id,
  envVar: Env,
  [partition, sort]: readonly [string] | readonly [string, string],
  globalSecondaryIndexes: IndexDef[] = [],
  timeToLiveAttribute?: string,
): TableDef & { id: Id; envVar: Env } {
  return {
    id,
    envVar,
    partitionKey: { name: partition, type: 'S' },
    ...(sort === undefined ? {} : { sortKey: { name: sort, type: 'S' } }),
    globalSecondaryIndexes,
    ...(timeToLiveAttribute === undefined ? {} : { timeToLiveAttribute }),
  };
}

/** Separator of the parts of a `sort_name`: below every character a name can hold. */
const SORT_NAME_SEPARATOR = '\u0001';

/**
 * `sort_name` of a surgeon or facility for the `byName` index ({@link BY_NAME_INDEX}): each name part
 * (surgeons: last name, first name; facilities: the name) folded for ordering (accents removed,
 * lower-cased, spaces collapsed, at most 100 characters), then the item id, joined by U+0001 (lower
 * than any character of a name, so that 'smith' sorts before 'smith jr' and before 'smithe'; the id
 * makes the key unique and breaks ties). DynamoDB orders it by UTF-8 bytes, which for the folded
 * text is alphabetical for Latin names. At most about 1,000 bytes (GSI sort key limit 1,024).
 */
export function ownedSortName(nameParts: readonly string[], id: string): string {
  const fold = (part: string) =>
    part
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[\s\p{Cc}]+/gu, ' ')
      .trim()
      .slice(0, 100);
  return [...nameParts.map(fold), id].join(SORT_NAME_SEPARATOR);
}

/**
 * Shard 0..`shards`-1 of `id`, stable for it: FNV-1a (32-bit) of its UTF-16 code units, modulo
 * `shards`. Spreads request ids and case ids evenly over write shards.
 */
export function shardOf(id: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % shards;
}

/**
 * The first character of a text as a whole code point (an emoji is two UTF-16 units; half of one
 * is not valid UTF-8, which DynamoDB refuses in a key).
 */
export function firstCharacter(text: string): string {
  const cp = text.codePointAt(0);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

/**
 * A text as the search indexes hold it and as a search is read: lower-cased, commas as spaces (so
 * "Morales, Jonathan" reads like "morales jonathan"), runs of spaces as one, trimmed.
 */
export function searchText(text: string | undefined): string {
  return (text ?? '').toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * Search keys of one text (case id, patient names, insurance provider, profile names; decision
 * record 0010): partition = first character of {@link searchText}, sort = that text. Undefined for
 * an empty text (the item is then absent from that index: GSI keys cannot be empty).
 */
export function searchKey(text: string | undefined): { p: string; s: string } | undefined {
  const s = searchText(text);
  return s === '' ? undefined : { p: firstCharacter(s), s };
}

/**
 * The two searched orders of a person's name: "first last" and "last first", so that a search
 * finds the start of either name and the whole name in either order (a missing part is left out).
 */
export function nameOrders(
  first: string | undefined,
  last: string | undefined,
): { firstLast: string; lastFirst: string } {
  const f = searchText(first);
  const l = searchText(last);
  return { firstLast: `${f} ${l}`.trim(), lastFirst: `${l} ${f}`.trim() };
}
