/**
 * Response schemas of the surgeon and facility calls (shared/schemas/search-responses.ts; spec
 * provider-side sections 3 and 7).
 */
import {
  FacilitySearchResponseSchema,
  SurgeonSearchResponseSchema,
  parseFacilityList,
  parseSurgeonList,
  savedItemId,
} from '../../../shared/schemas/search-responses';

describe('SurgeonSearchResponseSchema', () => {
  it('reads the NPI as 10-digit text whether the server sent text or a number', () => {
    // Prepare
    const body = {
      surgeons: [
        {
          npi: 1234567893,
          first_name: 'JOHN',
          last_name: 'SMITH',
          address: '1 MAIN ST',
          city: 'AUSTIN',
          state: 'TX',
          zip: '78701',
        },
        { npi: '1987654320', first_name: 'Mary', last_name: 'Ann Smith', address: '', city: '', state: '', zip: '' },
      ],
    };
    // Act
    const parsed = SurgeonSearchResponseSchema.parse(body);
    // Assess
    expect(parsed.surgeons.map((s) => s.npi)).toEqual(['1234567893', '1987654320']);
    expect(parsed.surgeons[0]).toEqual({
      npi: '1234567893',
      first_name: 'JOHN',
      last_name: 'SMITH',
      address: '1 MAIN ST',
      city: 'AUSTIN',
      state: 'TX',
      zip: '78701',
    });
  });

  it('keeps at most 10 results, drops nameless or non-object items and fills absent text with empty text', () => {
    // Prepare
    const many = Array.from({ length: 12 }, (_, i) => ({
      npi: String(1000000000 + i),
      first_name: `F${i}`,
      last_name: 'L',
    }));
    // Act
    const parsed = SurgeonSearchResponseSchema.parse({ surgeons: ['junk', null, { npi: '1' }, ...many] });
    // Assess
    expect(parsed.surgeons).toHaveLength(10);
    expect(parsed.surgeons[0]).toMatchObject({ first_name: 'F0', address: '', city: '', state: '', zip: '' });
  });

  it('answers an empty list when the body has no surgeons list', () => {
    // Act & Assess
    expect(SurgeonSearchResponseSchema.parse({}).surgeons).toEqual([]);
    expect(SurgeonSearchResponseSchema.parse({ surgeons: 'none' }).surgeons).toEqual([]);
  });
});

describe('FacilitySearchResponseSchema', () => {
  it('reads facilities and drops the ones without a name', () => {
    // Prepare
    const body = {
      facilities: [
        {
          facility_name: 'AUSTIN SURGERY CENTER LLC',
          npi: 1234567893,
          address: '2 OAK AVE',
          city: 'AUSTIN',
          state: 'TX',
          zip: '78702',
        },
        { facility_name: '', npi: '1987654320' },
      ],
    };
    // Act
    const parsed = FacilitySearchResponseSchema.parse(body);
    // Assess
    expect(parsed.facilities).toEqual([
      {
        facility_name: 'AUSTIN SURGERY CENTER LLC',
        npi: '1234567893',
        address: '2 OAK AVE',
        city: 'AUSTIN',
        state: 'TX',
        zip: '78702',
      },
    ]);
  });
});

describe('parseSurgeonList (the spec legacy wrappers of GET /surgeon)', () => {
  const item = { surgeon_id: 's1', first_name: 'John', last_name: 'Smith', surgeon_npi: '1234567893' };

  it.each([
    ['surgeons', { surgeons: [item] }],
    ['data', { data: [item] }],
    ['items', { items: [item] }],
    ['list', { list: [item] }],
    ['a nested data object', { data: { items: [item] } }],
    ['a bare array', [item]],
  ])('reads the list from %s', (_label, body) => {
    // Act
    const list = parseSurgeonList(body);
    // Assess
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ surgeon_id: 's1', id: 's1', surgeon_npi: 1234567893, surgeon_addr: '' });
  });

  it('takes the id from id when surgeon_id is absent, drops items without any id and reads a manual entry', () => {
    // Act
    const list = parseSurgeonList({
      surgeons: [
        { id: 's2', first_name: 'A', last_name: 'B', surgeon_npi: 0, manual_entry: true },
        { first_name: 'No id' },
      ],
    });
    // Assess
    expect(list).toEqual([expect.objectContaining({ surgeon_id: 's2', id: 's2', surgeon_npi: 0, manual_entry: true })]);
  });

  it('answers an empty list for a body without a list', () => {
    expect(parseSurgeonList({ success: true })).toEqual([]);
    expect(parseSurgeonList(undefined)).toEqual([]);
  });
});

describe('parseFacilityList', () => {
  it('reads facilities from facilities or a legacy wrapper, with facility_id from id', () => {
    // Act
    const a = parseFacilityList({ facilities: [{ facility_id: 'f1', facility_name: 'X', facility_npi: 1234567893 }] });
    const b = parseFacilityList({ items: [{ id: 'f2', facility_name: 'Y' }] });
    // Assess
    expect(a[0]).toMatchObject({ facility_id: 'f1', facility_npi: 1234567893 });
    expect(b[0]).toMatchObject({ facility_id: 'f2', id: 'f2', facility_npi: 0, manual_entry: false });
  });
});

describe('savedItemId', () => {
  it('reads the id of a created surgeon or facility from the answer', () => {
    expect(savedItemId({ success: true, surgeon: { surgeon_id: 's9', id: 's9' } }, 'surgeon')).toBe('s9');
    expect(savedItemId({ success: true, facility: { facility_id: 'f9' } }, 'facility')).toBe('f9');
    expect(savedItemId({ data: { id: 'x' } }, 'surgeon')).toBe('x');
    expect(savedItemId({ success: true }, 'surgeon')).toBe('');
  });
});
