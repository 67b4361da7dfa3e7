import { isValidNpi, npiCheckDigit, withNpiCheckDigit } from '../../../shared/npi';

describe('NPI check digit (Luhn over 80840 + 9 digits)', () => {
  it('accepts the CMS example 1234567893 and rejects 1234567898', () => {
    // Act & Assess
    expect(isValidNpi('1234567893')).toBe(true);
    expect(isValidNpi('1234567898')).toBe(false);
  });

  it('computes the check digit equal to a plain Luhn over the 80840-prefixed 14 digits', () => {
    // Prepare: an independent Luhn implementation over the full 15-digit number
    const luhnOk = (digits: string) => {
      let sum = 0;
      for (let i = 0; i < digits.length; i++) {
        let d = Number(digits[digits.length - 1 - i]);
        if (i % 2 === 1) {
          d *= 2;
          if (d > 9) d -= 9;
        }
        sum += d;
      }
      return sum % 10 === 0;
    };
    for (let n = 0; n < 200; n++) {
      const first9 = String(100000000 + n * 4_999_999).slice(0, 9);
      // Act
      const npi = withNpiCheckDigit(first9);
      // Assess
      expect(luhnOk(`80840${npi}`)).toBe(true);
      expect(isValidNpi(npi)).toBe(true);
    }
  });

  it('rejects inputs that are not 10 digits', () => {
    expect(isValidNpi('123456789')).toBe(false);
    expect(isValidNpi('12345678930')).toBe(false);
    expect(isValidNpi('12345678a3')).toBe(false);
    expect(() => npiCheckDigit('12345')).toThrow(RangeError);
  });
});
