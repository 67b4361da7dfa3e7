/**
 * The NPI review flag of a profile (lambdas/user/npi-review.ts) and the name rule it uses
 * (shared/schemas/reference.ts sameRegisteredPerson), with a registry client that answers in memory.
 */
import { sameRegisteredPerson } from '../../../shared/schemas/reference';
import { npiReviewFor } from '../../../lambdas/user/npi-review';
import { NppesUnavailableError, type NppesClient, type NppesRecord } from '../../../lambdas/lib/nppes';

const AT = new Date('2026-11-26T12:00:00.000Z');

/** A client whose registry holds `records`, or fails every call with `failure`. */
function client(records: NppesRecord[], failure?: Error): NppesClient {
  return {
    search: () => (failure ? Promise.reject(failure) : Promise.resolve(records)),
    lookup: (npi) => (failure ? Promise.reject(failure) : Promise.resolve(records.find((r) => r.number === npi))),
  };
}

const person = (number: string, first: string, last: string): NppesRecord => ({
  number,
  enumeration_type: 'NPI-1',
  basic: { first_name: first, last_name: last },
});

describe('sameRegisteredPerson', () => {
  it('matches the same last name and a first name or its start, letters only and case aside', () => {
    // Act / Assess
    expect(
      sameRegisteredPerson({ first_name: 'Rob', last_name: "O'Neil" }, { first_name: 'ROBERT', last_name: 'ONEIL' }),
    ).toBe(true);
    expect(
      sameRegisteredPerson({ first_name: 'Ada', last_name: 'Quill' }, { first_name: 'ADA', last_name: 'QUILL' }),
    ).toBe(true);
    expect(
      sameRegisteredPerson({ first_name: 'Ada', last_name: 'Quill' }, { first_name: 'JOHN', last_name: 'QUILL' }),
    ).toBe(false);
    expect(
      sameRegisteredPerson({ first_name: 'Ada', last_name: 'Quill' }, { first_name: 'ADA', last_name: 'SMITH' }),
    ).toBe(false);
    expect(
      sameRegisteredPerson({ first_name: '', last_name: 'Quill' }, { first_name: 'ADA', last_name: 'QUILL' }),
    ).toBe(false);
  });
});

describe('npiReviewFor', () => {
  const registry = client([
    person('1234567893', 'JOHN', 'SMITH'),
    { number: '1245319599', enumeration_type: 'NPI-2', basic: { organization_name: 'MERCY GENERAL HOSPITAL' } },
  ]);

  it("flags another person's or an organisation's NPI with the registry's name and the time", async () => {
    // Act
    const other = await npiReviewFor({ user_npi: '1234567893', first_name: 'Ada', last_name: 'Quill' }, AT, registry);
    const org = await npiReviewFor({ user_npi: '1245319599', first_name: 'Ada', last_name: 'Quill' }, AT, registry);
    // Assess
    expect(other).toEqual({ reason: 'name_mismatch', registry_name: 'John Smith', at: AT.toISOString() });
    expect(org).toMatchObject({ reason: 'name_mismatch', registry_name: 'Mercy General Hospital' });
  });

  it('clears the flag for the same person or an NPI the registry does not hold, and leaves it when the registry fails', async () => {
    // Act
    const same = await npiReviewFor({ user_npi: '1234567893', first_name: 'John', last_name: 'Smith' }, AT, registry);
    const unknownNpi = await npiReviewFor(
      { user_npi: '1111111112', first_name: 'Ada', last_name: 'Quill' },
      AT,
      registry,
    );
    const down = await npiReviewFor(
      { user_npi: '1234567893', first_name: 'Ada', last_name: 'Quill' },
      AT,
      client([], new NppesUnavailableError('timeout')),
    );
    // Assess
    expect(same).toBeNull();
    expect(unknownNpi).toBeNull();
    expect(down).toBe('unknown');
  });
});
