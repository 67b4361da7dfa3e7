/**
 * Parser of the NUCC taxonomy CSV (lambdas/data/lists/nucc.ts), against the real file
 * `../shared/data/nucc/nucc_taxonomy_251.csv` and small variants written to a temp dir; the search
 * tokens and the payer seed ids. No network, no emulator: parseNuccFile only reads.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  NuccFileDataError,
  NuccFileLayoutError,
  nuccSearchTokens,
  parseNuccFile,
} from '../../../lambdas/data/lists/nucc';
import { foldListName, listKeys } from '../../../lambdas/data/lists/keys';
import { sharedDataFile } from '../../support/shared-data';

const REAL_FILE = sharedDataFile('nucc/nucc_taxonomy_251.csv');
const HEADER = readFileSync(REAL_FILE, 'utf8').split(/\r?\n/)[0]!;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'nucc-parse-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function writeTemp(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

describe('parseNuccFile', () => {
  it('reads the 883 codes of the real v25.1 file with their grouping, classification and specialization', async () => {
    // Act
    const parsed = await parseNuccFile(REAL_FILE);
    // Assess
    expect(parsed.rowsRead).toBe(883);
    expect(parsed.records).toHaveLength(883);
    expect(parsed.records.find((r) => r.code === '207XS0114X')).toEqual({
      code: '207XS0114X',
      grouping: 'Allopathic & Osteopathic Physicians',
      classification: 'Orthopaedic Surgery',
      specialization: 'Adult Reconstructive Orthopaedic Surgery',
      display_name: 'Adult Reconstructive Orthopaedic Surgery Physician',
    });
  });

  it('refuses a file without the taxonomy header, naming what is missing', async () => {
    // Prepare
    const path = writeTemp('codes.csv', ['Code,Description', '207X00000X,Orthopaedic Surgery']);
    // Act
    const result = parseNuccFile(path);
    // Assess
    await expect(result).rejects.toThrow(NuccFileLayoutError);
    await expect(parseNuccFile(path)).rejects.toThrow(
      'codes.csv is not in the expected layout (the first row lacks Grouping, Classification, Specialization, Display Name)',
    );
  });

  it('lists rows with a bad code or no classification and keeps the first of a repeated code', async () => {
    // Prepare
    const path = writeTemp('bad.csv', [
      HEADER,
      '207X00000X,Allopathic & Osteopathic Physicians,Orthopaedic Surgery,,def,,Orthopaedic Surgery Physician,Individual',
      '207X00000X,Allopathic & Osteopathic Physicians,Repeated,,def,,Repeated,Individual',
      '12345,Group,Broken,,def,,Broken,Individual',
      '208600000X,Allopathic & Osteopathic Physicians,,,def,,Surgery Physician,Individual',
    ]);
    // Act
    const error = await parseNuccFile(path).catch((e: unknown) => e);
    const good = await parseNuccFile(
      writeTemp('good.csv', [HEADER, '207X00000X,G,Orthopaedic Surgery,,d,,O,I', '207X00000X,G,Again,,d,,A,I']),
    );
    // Assess
    expect(error).toBeInstanceOf(NuccFileDataError);
    expect((error as NuccFileDataError).problems).toEqual([
      'line 4: Code "12345" is not a 10-character taxonomy code',
      'line 5: 208600000X has no Classification',
    ]);
    expect(good.records.map((r) => r.classification)).toEqual(['Orthopaedic Surgery']);
    expect(good.duplicateRowsSkipped).toBe(1);
  });
});

describe('the taxonomy search keys', () => {
  it('indexes the code and each distinct word of two or more characters, lower-cased, under its first character', () => {
    // Act
    const tokens = nuccSearchTokens({
      code: '207XS0114X',
      grouping: 'Allopathic & Osteopathic Physicians',
      classification: 'Orthopaedic Surgery',
      specialization: 'Adult Reconstructive Orthopaedic Surgery',
      display_name: '',
    });
    // Assess
    expect(tokens).toEqual([
      '207xs0114x',
      'allopathic',
      'osteopathic',
      'physicians',
      'orthopaedic',
      'surgery',
      'adult',
      'reconstructive',
    ]);
    expect(listKeys.nuccTerm('Surgery', '208600000X')).toEqual({ list: 'nucc-term#s', item_id: 'surgery#208600000X' });
  });

  it('folds payer names for uniqueness ignoring case, accents and spacing', () => {
    // Assess
    expect(foldListName('  Blue   Cross  ')).toBe('blue cross');
    expect(listKeys.insuranceName('Médica')).toEqual(listKeys.insuranceName('MEDICA'));
  });
});
