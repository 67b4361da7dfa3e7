import {
  dollarsToCents,
  formatAddress,
  formatCents,
  formatDollars,
  formatFacilityName,
  formatPhone,
  formatState,
  summarizeCodes,
  titleCaseName,
  truncateCaseId,
} from '../../../shared/display';

describe('display clean-up (provider-side section 5)', () => {
  it('title-cases names including hyphens and apostrophes', () => {
    expect(titleCaseName("JOHN o'neil-SMITH")).toBe("John O'Neil-Smith");
    expect(titleCaseName('')).toBe('');
  });

  it('keeps street suffixes in capitals in addresses', () => {
    expect(formatAddress('1200 OAK GROVE BLVD')).toBe('1200 Oak Grove BLVD');
    expect(formatAddress('5 elm st, suite 2')).toBe('5 Elm ST, Suite 2');
  });

  it('keeps INC, LLC, PC, MD, PA in capitals in facility names', () => {
    expect(formatFacilityName('LAKESIDE SURGERY CENTER llc')).toBe('Lakeside Surgery Center LLC');
  });

  it('upper-cases states', () => {
    expect(formatState(' ca ')).toBe('CA');
  });

  it('formats exactly 10 digit phones and leaves others raw, empty as N/A', () => {
    expect(formatPhone('555.123.4567')).toBe('(555) 123-4567');
    expect(formatPhone('+1 555 123 4567')).toBe('+1 555 123 4567');
    expect(formatPhone('')).toBe('N/A');
    expect(formatPhone(undefined)).toBe('N/A');
  });

  it('shows money with 2 decimals from cents and from dollars', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatDollars(1500)).toBe('$1,500.00');
    expect(formatDollars(undefined)).toBe('N/A');
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });

  it('cuts case ids at 20 characters and summarises codes after two', () => {
    expect(truncateCaseId('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmnopqrst...');
    expect(truncateCaseId('short')).toBe('short');
    expect(summarizeCodes(['47562', '49505', '44970'])).toBe('47562, 49505...');
    expect(summarizeCodes(['47562'])).toBe('47562');
  });
});
