/**
 * NPI check digit (CMS "Requirements for NPI Check Digit": Luhn mod 10 over the 9 leading digits
 * prefixed with 80840, equivalently the Luhn sum of the 9 digits plus 24).
 * 1234567893 is valid; 1234567898 is not.
 */

/** The check digit (0-9) for 9 leading digits. Throws `RangeError` when not exactly 9 digits. */
export function npiCheckDigit(first9: string): number {
  if (!/^\d{9}$/.test(first9)) throw new RangeError('NPI check digit needs exactly 9 digits');
  let sum = 24; // the constant for prefix 80840
  for (let i = 0; i < 9; i++) {
    // Doubling applies to every other digit starting from the rightmost of the 9 (position of the check digit excluded).
    let d = Number(first9[8 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** True when `npi` is 10 digits whose last digit is the check digit of the first 9. */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  return npiCheckDigit(npi.slice(0, 9)) === Number(npi[9]);
}

/** Append the check digit to 9 digits (used to generate fictitious demo NPIs). */
export function withNpiCheckDigit(first9: string): string {
  return `${first9}${npiCheckDigit(first9)}`;
}
