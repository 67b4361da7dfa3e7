/**
 * Search texts and index keys (lambdas/data/keys.ts, lambdas/data/case/keys.ts, lambdas/data/user/keys.ts,
 * lambdas/data/refresh-keys.ts; docs/decisions/0024-case-search-and-sort.md).
 */
import './support/env';
import { nameOrders, searchKey, searchText } from '../../../lambdas/data/keys';
import { CASES_TABLE, CASE_SEARCH_TEXTS, OWNER_SEARCH_TEXTS, ownerSearchIndex } from '../../../lambdas/data/case/keys';
import { indexAttributes, type CaseItem } from '../../../lambdas/data/case/repository';
import { userIndexAttributes } from '../../../lambdas/data/user/keys';
import { staleCaseKeys } from '../../../lambdas/data/refresh-keys';

describe('search texts', () => {
  it('folds case, commas and runs of spaces, so "Last, First" reads like "last first"', () => {
    // Assess
    expect(searchText('  Morales,  Jonathan ')).toBe('morales jonathan');
    expect(searchText('Blue Cross,Blue Shield')).toBe('blue cross blue shield');
    expect(searchKey('C-000123')).toEqual({ p: 'c', s: 'c-000123' });
    expect(searchKey(' , ')).toBeUndefined();
  });

  it('keeps a name in both orders, leaving out a missing part', () => {
    // Assess
    expect(nameOrders('Quebec', 'Dummyfield')).toEqual({
      firstLast: 'quebec dummyfield',
      lastFirst: 'dummyfield quebec',
    });
    expect(nameOrders('', 'Roe')).toEqual({ firstLast: 'roe', lastFirst: 'roe' });
  });
});

describe('the index keys of a case', () => {
  const base = {
    case_id: 'owner_1',
    case_number: 'C-000042',
    user_id: 'owner',
    case_status: 50,
    created_at: '2026-03-01T10:00:00.000Z',
    case_date: '2026-02-27',
    patient_first: 'Quebec',
    patient_last: 'Dummyfield',
    member_id: 'W12 345',
    ins_provider: 'Aetna',
    status_history: [
      { from: null, to: 0, by: 'x', at: '2026-03-01T10:00:00.000Z' },
      { from: 0, to: 50, by: 'x', at: '2026-03-04T09:00:00.000Z' },
    ],
  };

  it('holds every searched text, the order keys and the partitions', () => {
    // Act
    const keys = indexAttributes(base);
    // Assess
    expect(keys).toMatchObject({
      search_num: 'c-000042',
      search_last: 'dummyfield quebec',
      search_name: 'quebec dummyfield',
      search_member: 'w12 345',
      search_member_p: 'w',
      sort_date: '2026-02-27',
      // A case written before status_changed_at: the time of its last history entry.
      sort_changed: '2026-03-04T09:00:00.000Z',
      list_p: 'case',
      status_p: 's50',
    });
  });

  it('declares every search index once, the owner ones partitioned by user_id, within the 20 indexes of a table', () => {
    // Assess
    const names = CASES_TABLE.globalSecondaryIndexes.map((i) => i.indexName);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeLessThanOrEqual(20);
    for (const text of CASE_SEARCH_TEXTS) expect(names).toContain(`bySearch${text[0]!.toUpperCase()}${text.slice(1)}`);
    for (const text of OWNER_SEARCH_TEXTS) {
      const index = CASES_TABLE.globalSecondaryIndexes.find((i) => i.indexName === ownerSearchIndex(text).index)!;
      expect(index.partitionKey.name).toBe('user_id');
      expect(index.sortKey!.name).toBe(`search_${text}`);
    }
  });

  it('finds the keys an older write left stale, and nothing on a case written today', () => {
    // Prepare
    const today = {
      ...base,
      ...indexAttributes(base),
      status_changed_at: '2026-03-04T09:00:00.000Z',
    } as unknown as CaseItem;
    const older = { ...today, search_last: 'dummyfield', search_ins_x: 'gone' } as unknown as CaseItem;
    delete (older as Partial<CaseItem>).status_changed_at;
    delete (older as Partial<CaseItem>).search_name;
    // Act
    const fresh = staleCaseKeys(today);
    const stale = staleCaseKeys(older);
    // Assess
    expect(fresh).toEqual({ set: {}, remove: [] });
    expect(stale.set).toEqual({
      search_last: 'dummyfield quebec',
      search_name: 'quebec dummyfield',
      status_changed_at: '2026-03-04T09:00:00.000Z',
    });
    expect(stale.remove).toEqual(['search_ins_x']);
  });
});

describe('the index keys of a profile', () => {
  it('holds "last first" and "first last", so a whole name is found in either order', () => {
    // Act
    const keys = userIndexAttributes({
      user_id: 'u',
      first_name: 'Jonathan',
      last_name: 'Morales',
      user_email: 'J@X.org',
    });
    // Assess
    expect(keys).toMatchObject({
      search_last: 'morales jonathan',
      search_first: 'jonathan morales',
      search_email: 'j@x.org',
    });
    expect(userIndexAttributes({ user_id: 'u', first_name: 'Jo' })).not.toHaveProperty('search_last');
  });
});
