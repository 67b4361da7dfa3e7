/**
 * Display helpers of the surgeon and facility screens (web/src/directory/format.ts) and their
 * navigation entries (back-office-and-shell section 2 "Navigation": Surgeons, Facilities for providers).
 */
import { npiText, surgeonName } from '../../../web/src/directory/format';
import { navItemsFor } from '../../../web/src/shell/navigationFor';

describe('npiText', () => {
  it.each([
    [1234567893, '1234567893'],
    ['1234567893', '1234567893'],
    [0, 'Manual entry'],
    ['', 'Manual entry'],
    [undefined, 'Manual entry'],
  ])('shows %j as %j', (npi, expected) => {
    expect(npiText(npi)).toBe(expected);
  });
});

describe('surgeonName', () => {
  it('title-cases the registry capitals and falls back when there is no name', () => {
    expect(surgeonName({ first_name: 'JOHN', last_name: "O'NEIL-SMITH" })).toBe("Dr. John O'Neil-Smith");
    expect(surgeonName({ first_name: '', last_name: '' })).toBe('this surgeon');
  });
});

describe('provider navigation', () => {
  it('links providers to the surgeon and facility lists, in the spec order, and not the back office', () => {
    // Act
    const provider = navItemsFor(true, 0).map((i) => `${i.label} ${i.to}`);
    const backOffice = navItemsFor(true, 10).map((i) => i.to);
    // Assess
    expect(provider.slice(0, 3)).toEqual([
      'Case List /dashboard',
      'Surgeons /surgeon-management',
      'Facilities /facility-management',
    ]);
    expect(backOffice).not.toContain('/surgeon-management');
  });
});
