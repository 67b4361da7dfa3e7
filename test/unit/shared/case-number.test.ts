/**
 * Case numbers (shared/case-number.ts; docs/decisions/0022-case-numbers.md): the format people read,
 * what a person may type for one, and the name a screen gives a case.
 */
import { CASE_NUMBER_PATTERN, caseReference, formatCaseNumber, parseCaseNumber } from '../../../shared/case-number';

describe('case numbers', () => {
  it('are C- and at least six digits, zero-padded, and grow past six digits', () => {
    // Act
    const numbers = [1, 123, 999_999, 1_000_000].map(formatCaseNumber);

    // Assess
    expect(numbers).toEqual(['C-000001', 'C-000123', 'C-999999', 'C-1000000']);
    expect(numbers.every((n) => CASE_NUMBER_PATTERN.test(n))).toBe(true);
  });

  it('refuse what is not a positive whole number', () => {
    // Act / Assess
    for (const bad of [0, -1, 1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1]) {
      expect(() => formatCaseNumber(bad)).toThrow(RangeError);
    }
  });

  it('read back from the number or from what a person types, and nothing else', () => {
    // Act / Assess
    expect(parseCaseNumber('C-000123')).toBe(123);
    expect(parseCaseNumber(' c-123 ')).toBe(123);
    expect(parseCaseNumber('C123')).toBe(123);
    expect(parseCaseNumber('123')).toBe(123);
    expect(parseCaseNumber(formatCaseNumber(1_234_567))).toBe(1_234_567);
    for (const bad of ['', 'C-', 'C-0', 'C-12a', 'X-000001', 'abc_1760000000000', undefined, null]) {
      expect(parseCaseNumber(bad)).toBeUndefined();
    }
  });

  it('name a case on screen, its id while it has none', () => {
    // Act / Assess
    expect(caseReference({ case_id: 'u_1760000000000', case_number: 'C-000007' })).toBe('C-000007');
    expect(caseReference({ case_id: 'u_1760000000000', case_number: null })).toBe('u_1760000000000');
    expect(caseReference({ case_id: 'u_1760000000000' })).toBe('u_1760000000000');
  });
});
