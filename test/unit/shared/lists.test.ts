/**
 * The response schemas of the paged lists and the case counts (shared/schemas/lists.ts; docs/figures.md, CONTRACT7): the spec's wrappers and legacy shapes normalised to one page.
 */
import {
  CaseListPageSchema,
  CaseStatsResponseSchema,
  FacilityListPageSchema,
  SurgeonListPageSchema,
} from '../../../shared/schemas/lists';

const byStatus: Record<string, number> = {
  '0': 1,
  '10': 2,
  '20': 3,
  '30': 0,
  '40': 0,
  '50': 0,
  '60': 0,
  '70': 0,
  '80': 0,
  '90': 0,
};
const stats = {
  success: true,
  range: '30d',
  total_cases: 6,
  total_revenue: 1250.5,
  pending_cases: 3,
  incomplete_cases: 1,
  by_status: byStatus,
  top_users: [{ user_id: 'u1', name: 'Ann Lee', case_count: 6 }],
};

describe('CaseListPageSchema', () => {
  it.each([
    ['the paged answer', { success: true, cases: [{ case_id: 'a' }], count: 1, next_cursor: 'n1' }, 'n1'],
    ['the list under data', { data: [{ case_id: 'a' }], next_cursor: 'n1' }, 'n1'],
    ['the list one level down', { data: { cases: [{ case_id: 'a' }], next_cursor: 'n2' } }, 'n2'],
    ['a bare list', [{ case_id: 'a' }], undefined],
    ['a null cursor', { cases: [{ case_id: 'a' }], next_cursor: null }, undefined],
    ['an empty cursor', { cases: [{ case_id: 'a' }], next_cursor: '' }, undefined],
  ])('reads %s as one page', (_what, body, cursor) => {
    // Act
    const page = CaseListPageSchema.parse(body);

    // Assess
    expect(page.cases).toEqual([{ case_id: 'a' }]);
    expect(page.next_cursor).toBe(cursor);
    if (cursor === undefined) expect(page).not.toHaveProperty('next_cursor');
  });

  it('reads an answer without a list as an empty last page', () => {
    expect(CaseListPageSchema.parse({ success: true, message: 'No cases found' })).toEqual({ cases: [] });
  });
});

describe('SurgeonListPageSchema and FacilityListPageSchema', () => {
  it('keep the items with an id and the next_cursor', () => {
    // Act
    const surgeons = SurgeonListPageSchema.parse({
      surgeons: [{ surgeon_id: 's1', first_name: 'A', last_name: 'B' }, { first_name: 'no id' }],
      next_cursor: 'c',
    });
    const facilities = FacilityListPageSchema.parse({ items: [{ id: 'f1', facility_name: 'One' }] });

    // Assess
    expect(surgeons.surgeons.map((s) => s.surgeon_id)).toEqual(['s1']);
    expect(surgeons.next_cursor).toBe('c');
    expect(facilities).toEqual({ facilities: [expect.objectContaining({ facility_id: 'f1', id: 'f1' })] });
  });
});

describe('CaseStatsResponseSchema', () => {
  it('accepts the answer of CONTRACT7', () => {
    expect(CaseStatsResponseSchema.parse(stats)).toEqual(stats);
  });

  it.each([
    ['a missing status in by_status', { by_status: Object.fromEntries(Object.entries(byStatus).slice(0, 9)) }],
    ['an unknown range', { range: '2w' }],
    ['a negative count', { total_cases: -1 }],
    ['a fractional count', { pending_cases: 1.5 }],
    ['more than 5 top users', { top_users: Array.from({ length: 6 }, () => stats.top_users[0]) }],
    ['total_revenue as text', { total_revenue: '12.50' }],
  ])('refuses %s', (_what, change) => {
    expect(CaseStatsResponseSchema.safeParse({ ...stats, ...change }).success).toBe(false);
  });
});
