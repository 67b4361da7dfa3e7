/**
 * Pure helpers of lambdas/data/cpt_codes/repository.ts and keys.ts: search tokens, their ranked keys
 * and the paging metadata.
 * The Query/GetItem paths are covered against dynalite in test/integration/cpt.
 */
import {
  ANCHOR_EVERY,
  buildCatalogMeta,
  compareCodes,
  cptSearchTokens,
  isCodeToken,
} from '../../../lambdas/data/cpt_codes/repository';
import { cptMetaKey, cptRank, cptSearchKey, legacyCptSearchKey } from '../../../lambdas/data/cpt_codes/keys';

describe('cptSearchTokens', () => {
  it('indexes the code and each distinct descriptor word split at slashes and punctuation', () => {
    // Prepare / Act
    const tokens = cptSearchTokens('47563', 'Laparo cholecystectomy/graph');
    // Assess
    expect(tokens).toEqual(['47563', 'laparo', 'cholecystectomy', 'graph']);
  });

  it('leaves out one-letter words, stop words and repeats, and lower-cases codes with letters', () => {
    // Prepare / Act
    const tokens = cptSearchTokens('4003F', 'Pt ed write/oral pts w/ hf of the pt');
    // Assess
    expect(tokens).toEqual(['4003f', 'pt', 'ed', 'write', 'oral', 'pts', 'hf']);
  });

  it('gives keys that a begins_with lookup of "4756" and of "chole" finds', () => {
    // Prepare
    const keys = cptSearchTokens('47562', 'Laparoscopic cholecystectomy').map((t) => cptSearchKey(t, '47562'));
    // Act
    const byCode = keys.filter((k) => k.prefix === '4' && k.term_code.startsWith('4756'));
    const byWord = keys.filter((k) => k.prefix === 'c' && k.term_code.startsWith('chole'));
    // Assess
    expect(byCode).toEqual([{ prefix: '4', term_code: '47562#47562' }]);
    expect(byWord).toEqual([{ prefix: 'c', term_code: 'cholecystectomy#047562' }]);
  });

  it('orders the codes of one descriptor word: common procedures, other surgical codes, then the rest', () => {
    // Prepare: 27447 is a common procedure, 27301 surgical, 01320 anesthesia, A4490 a supply.
    const codes = ['A4490', '01320', '27301', '27447', '69990', '10004', '10003', '69991'];
    // Act
    const ordered = codes.map((c) => cptSearchKey('knee', c).term_code).sort();
    // Assess
    expect(ordered).toEqual([
      'knee#027447',
      'knee#110004',
      'knee#127301',
      'knee#169990',
      'knee#201320',
      'knee#210003',
      'knee#269991',
      'knee#2A4490',
    ]);
    expect(cptRank('27447')).toBe('0');
    expect(cptSearchKey('27447', '27447').term_code).toBe('27447#27447');
    expect(legacyCptSearchKey('knee', '27447').term_code).toBe('knee#27447');
  });
});

describe('isCodeToken', () => {
  it('tells the code token of an item from its descriptor words', () => {
    // Prepare / Act / Assess
    expect(isCodeToken({ ...cptSearchKey('4003F', '4003F'), cpt_code: '4003F' })).toBe(true);
    expect(isCodeToken({ ...cptSearchKey('write', '4003F'), cpt_code: '4003F' })).toBe(false);
  });
});

describe('buildCatalogMeta', () => {
  it('counts codes per first character and sets an anchor every ANCHOR_EVERY codes in code order', () => {
    // Prepare: 250 codes starting with 1 (given in reverse) and 3 starting with A, plus a repeat.
    const ones = Array.from({ length: 250 }, (_, i) => String(10000 + i)).reverse();
    const codes = [...ones, 'A0021', 'A0080', 'A0090', '10005'];
    // Act
    const meta = buildCatalogMeta(codes, '2025-01-01T00:00:00.000Z');
    // Assess
    expect(ANCHOR_EVERY).toBe(100);
    expect(meta).toEqual({
      ...cptMetaKey(),
      total: 253,
      anchor_every: 100,
      starter_only: false,
      partitions: [
        { prefix: '1', count: 250, anchors: ['10000', '10100', '10200'], last: '10249' },
        { prefix: 'a', count: 3, anchors: ['A0021'], last: 'A0090' },
      ],
      updated_at: '2025-01-01T00:00:00.000Z',
    });
  });

  it('orders codes as their code tokens sort in the index (Category II codes among numeric ones)', () => {
    // Prepare
    const codes = ['40490', '4000F', '0001F', '00100', 'G0101'];
    // Act
    const sorted = [...codes].sort(compareCodes);
    // Assess
    expect(sorted).toEqual(['0001F', '00100', '4000F', '40490', 'G0101']);
  });

  it('keeps the metadata key apart from every search token (tokens never start with #)', () => {
    // Prepare / Act
    const { prefix } = cptMetaKey();
    // Assess
    expect(prefix.startsWith('#')).toBe(true);
    expect(cptSearchTokens('0001F', '#1 heart failure').every((t) => /^[a-z0-9]/.test(t))).toBe(true);
  });
});
