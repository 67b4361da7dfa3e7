/**
 * Surgeon search rules (web/src/surgeons/search.ts; spec provider-side section 5 "Surgeon screens").
 */
import { nameFieldsSearch, splitSearchText } from '../../../web/src/surgeons/search';

describe('splitSearchText', () => {
  it.each([
    ['smith', { first_name: 'smith', last_name: 'smith' }],
    ['  John   Smith ', { first_name: 'John', last_name: 'Smith' }],
    ['Mary Ann Smith', { first_name: 'Mary', last_name: 'Ann Smith' }],
    ['Jo', { first_name: 'Jo', last_name: 'Jo' }],
  ])('sends %j as %j', (text, expected) => {
    // Act & Assess
    expect(splitSearchText(text)).toEqual(expected);
  });

  it.each(['', ' ', 'J', '  J  '])('answers nothing to search for %j (fewer than 2 characters)', (text) => {
    expect(splitSearchText(text)).toBeNull();
  });
});

describe('nameFieldsSearch', () => {
  it('enables the button from 2 characters in total but searches only with both names', () => {
    // Act
    const oneField = nameFieldsSearch('Jo', '');
    const both = nameFieldsSearch(' J ', ' S ');
    const tooShort = nameFieldsSearch('J', '');
    // Assess
    expect(oneField).toEqual({ buttonEnabled: true, query: null });
    expect(both).toEqual({ buttonEnabled: true, query: { first_name: 'J', last_name: 'S' } });
    expect(tooShort).toEqual({ buttonEnabled: false, query: null });
  });
});
