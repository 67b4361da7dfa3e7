/**
 * The NPPES emulator's registry and query rules (local/nppes*.ts), without a running stack.
 */
import { isValidNpi } from '../../../shared/npi';
import { isUsStateCode } from '../../../shared/states';
import { NPPES_TRIGGERS, searchNppes, triggerOf, type NppesSearchResponse } from '../../../local/nppes';
import { FACILITY_TAXONOMIES, SURGEON_TAXONOMIES, generateRegistry, getRegistry } from '../../../local/nppes-registry';

const registry = getRegistry();

function search(query: Record<string, string>): ReturnType<typeof searchNppes> {
  return searchNppes(new URLSearchParams({ version: '2.1', ...query }), registry);
}

function results(query: Record<string, string>): NppesSearchResponse {
  const answer = search(query);
  if ('Errors' in answer) throw new Error(`unexpected Errors: ${JSON.stringify(answer.Errors)}`);
  return answer;
}

describe('the fictitious registry', () => {
  it('holds a few hundred surgeons and about a hundred facilities, all with valid and unique NPIs', () => {
    // Assess
    expect(registry.surgeons).toHaveLength(300);
    expect(registry.facilities).toHaveLength(100);
    expect(registry.all.every((r) => isValidNpi(r.number))).toBe(true);
    expect(new Set(registry.all.map((r) => r.number)).size).toBe(400);
  });

  it('is the same on every generation, so seeded NPIs stay valid across restarts', () => {
    // Act
    const again = generateRegistry();

    // Assess
    expect(again.all.map((r) => r.number)).toEqual(registry.all.map((r) => r.number));
    expect(again.surgeons[17]).toEqual(registry.surgeons[17]);
  });

  it('gives surgeons the surgical taxonomies and facilities ASC or hospital taxonomies, in real states', () => {
    // Assess
    const surgeonCodes = new Set(registry.surgeons.map((s) => s.taxonomies[0]!.code));
    expect([...surgeonCodes].sort()).toEqual(SURGEON_TAXONOMIES.map((t) => t.code).sort());
    const facilityCodes = new Set(registry.facilities.map((f) => f.taxonomies[0]!.code));
    expect([...facilityCodes].sort()).toEqual(FACILITY_TAXONOMIES.map((t) => t.code).sort());
    expect(registry.all.every((r) => r.addresses.every((a) => isUsStateCode(a.state)))).toBe(true);
    expect(registry.all.every((r) => /^\d{9}$/.test(r.addresses[0]!.postal_code))).toBe(true);
  });
});

describe('searching the emulator', () => {
  const surgeon = registry.surgeons[42]!;
  const facility = registry.facilities[7]!;

  it('finds one record by number', () => {
    // Act
    const answer = results({ number: facility.number });

    // Assess
    expect(answer.result_count).toBe(1);
    expect(answer.results[0]).toEqual(facility);
  });

  it('answers an unknown number with no results rather than Errors', () => {
    // Act
    const answer = results({ number: '1234567893' });

    // Assess
    expect(answer).toEqual({ result_count: 0, results: [] });
  });

  it('matches first and last names exactly, case-insensitively', () => {
    // Act
    const answer = results({
      first_name: surgeon.basic.first_name.toLowerCase(),
      last_name: surgeon.basic.last_name.toLowerCase(),
      limit: '200',
    });

    // Assess
    expect(answer.results.map((r) => r.number)).toContain(surgeon.number);
    for (const r of answer.results) {
      expect(r.enumeration_type).toBe('NPI-1');
      if (r.enumeration_type === 'NPI-1') expect(r.basic.last_name).toBe(surgeon.basic.last_name);
    }
  });

  it('matches a prefix with a trailing wildcard, and organization names only on NPI-2', () => {
    // Prepare
    const prefix = facility.basic.organization_name.slice(0, 4);

    // Act
    const answer = results({ organization_name: `${prefix.toLowerCase()}*`, limit: '200' });

    // Assess
    expect(answer.results.map((r) => r.number)).toContain(facility.number);
    for (const r of answer.results) {
      expect(r.enumeration_type).toBe('NPI-2');
      if (r.enumeration_type === 'NPI-2') expect(r.basic.organization_name.startsWith(prefix)).toBe(true);
    }
  });

  it('matches a 5-digit postal code against ZIP+4 codes and filters by state and taxonomy', () => {
    // Prepare
    const location = surgeon.addresses[0]!;
    const zip5 = location.postal_code.slice(0, 5);

    // Act
    const byZip = results({ postal_code: zip5, limit: '200' });
    const byState = results({ state: location.state, taxonomy_description: surgeon.taxonomies[0]!.desc, limit: '200' });

    // Assess
    expect(byZip.results.map((r) => r.number)).toContain(surgeon.number);
    expect(byState.results.map((r) => r.number)).toContain(surgeon.number);
    for (const r of byState.results) expect(r.addresses.some((a) => a.state === location.state)).toBe(true);
  });

  it('pages with limit and skip, default 10', () => {
    // Act
    const first = results({ enumeration_type: 'NPI-1', taxonomy_description: 'surgery' });
    const page = results({ enumeration_type: 'NPI-1', taxonomy_description: 'surgery', limit: '5', skip: '5' });

    // Assess
    expect(first.result_count).toBe(10);
    expect(page.results.map((r) => r.number)).toEqual(first.results.slice(5, 10).map((r) => r.number));
  });

  it.each([
    [{}, 'generic', 'No valid search criteria provided'],
    [{ enumeration_type: 'NPI-1' }, 'generic', 'No valid search criteria provided'],
    [{ last_name: 's*' }, 'last_name', 'at least 2 characters'],
    [{ last_name: 'sm*th' }, 'last_name', 'at least 2 characters'],
    [{ last_name: 'smith', limit: '201' }, 'limit', 'between 1 and 200'],
    [{ last_name: 'smith', limit: '0' }, 'limit', 'between 1 and 200'],
    [{ last_name: 'smith', skip: '1001' }, 'skip', 'between 0 and 1000'],
    [{ last_name: 'smith', enumeration_type: 'NPI-3' }, 'enumeration_type', 'NPI-1 or NPI-2'],
    [{ state: 'CA' }, 'state', 'additional search criteria'],
    [{ number: '12345' }, 'number', '10 digits'],
    [{ last_name: 'sm!th' }, 'last_name', 'contains invalid characters'],
    [{ organization_name: 'lake<side*' }, 'organization_name', 'contains invalid characters'],
  ])('answers %j with Errors on field %s', (query, field, text) => {
    // Act
    const answer = search(query as Record<string, string>);

    // Assess
    expect('Errors' in answer).toBe(true);
    if (!('Errors' in answer)) return;
    const error = answer.Errors.find((e) => e.field === field);
    expect(error?.description).toContain(text);
    expect(error?.number).toMatch(/^\d{2}$/);
  });

  it('refuses a version other than 2.1', () => {
    // Act
    const answer = searchNppes(new URLSearchParams({ version: '1.0', last_name: 'smith' }), registry);

    // Assess
    expect(answer).toEqual({ Errors: [{ description: 'Unsupported Version', field: 'version', number: '01' }] });
  });

  it("accepts the punctuation of real names (O'BRIEN, ST. MARY'S & CO)", () => {
    // Act
    const person = search({ last_name: "o'brien" });
    const org = search({ organization_name: "st. mary's & co*" });
    // Assess
    expect('Errors' in person).toBe(false);
    expect('Errors' in org).toBe(false);
  });

  it('recognises the reserved failure triggers in any name criterion, wildcard or not', () => {
    // Act & Assess
    expect(triggerOf(new URLSearchParams({ last_name: 'zzslow*' }))).toBe('slow');
    expect(triggerOf(new URLSearchParams({ first_name: 'ZZDOWN' }))).toBe('down');
    expect(triggerOf(new URLSearchParams({ organization_name: 'ZzNotJson Surgery*' }))).toBe('notJson');
    expect(triggerOf(new URLSearchParams({ last_name: 'smith*', city: 'ZZDOWN' }))).toBeUndefined();
    expect(registry.all.some((r) => JSON.stringify(r.basic).includes('"ZZ'))).toBe(false);
    expect(Object.keys(NPPES_TRIGGERS).sort()).toEqual(['down', 'notJson', 'slow']);
  });
});
