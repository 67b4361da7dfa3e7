/**
 * The starter list (lambdas/cpt_codes/starter.ts): real codes, labels in the project's own words
 * (never the AMA descriptors of the CMS file), and the notice on importing the licensed list.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { STARTER_CODES, STARTER_NOTICE, STARTER_SOURCE } from '../../../lambdas/cpt_codes/starter';
import { sharedDataFile } from '../../support/shared-data';

const REAL_FILE = sharedDataFile('cms/PPRRVU2025_Oct.csv');

/** Descriptor of each code without modifier in the real file. */
const cmsDescriptors = new Map(
  (parse(readFileSync(REAL_FILE, 'utf8'), { relax_column_count: true, from_line: 11 }) as string[][])
    .filter((row) => row[1] === '')
    .map((row) => [row[0]!, row[2]!]),
);

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

describe('starter CPT list', () => {
  it('holds 40 distinct codes that all exist without modifier in the CMS file', () => {
    // Prepare / Act
    const codes = STARTER_CODES.map((c) => c.cpt_code);
    // Assess
    expect(codes).toHaveLength(40);
    expect(new Set(codes).size).toBe(40);
    expect(codes.filter((c) => !cmsDescriptors.has(c))).toEqual([]);
    expect(codes).toEqual(expect.arrayContaining(['47562', '47563', '27447', '66984', '21554']));
  });

  it('never contains the CMS file descriptor (AMA text) of its code, even in other case or punctuation', () => {
    // Prepare / Act
    const copied = STARTER_CODES.filter((c) => {
      const own = normalize(c.cpt_description);
      const ama = normalize(cmsDescriptors.get(c.cpt_code) ?? '');
      return own.includes(ama) || ama.includes(own);
    });
    // Assess
    expect(copied).toEqual([]);
  });

  it('uses the same labels nowhere else in the CMS file either', () => {
    // Prepare
    const amaTexts = new Set([...cmsDescriptors.values()].map(normalize));
    // Act
    const clashes = STARTER_CODES.filter((c) => amaTexts.has(normalize(c.cpt_description)));
    // Assess
    expect(clashes).toEqual([]);
  });

  it('tells the UI how to import the licensed list from CMS', () => {
    // Prepare / Act / Assess
    expect(STARTER_SOURCE).toBe('starter');
    expect(STARTER_NOTICE).toContain('npm run import:cpt -- PPRRVU<year>_<release>.csv');
    expect(STARTER_NOTICE).toContain('PFS Relative Value Files');
  });
});
