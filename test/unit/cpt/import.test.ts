/**
 * Parser of the CMS PFS Relative Value File (lambdas/data/cpt_codes/import.ts), against the real file
 * `../shared/data/cms/PPRRVU2025_Oct.csv` and variants of its head written to a temp dir.
 * No network, no emulator: parsePfsFile only reads.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CptFileDataError,
  CptFileLayoutError,
  PFS_EXPECTED_COLUMNS,
  parsePfsFile,
  type ParsedPfsFile,
} from '../../../lambdas/data/cpt_codes/import';
import { sharedDataFile } from '../../support/shared-data';

const REAL_FILE = sharedDataFile('cms/PPRRVU2025_Oct.csv');
const OTHER_CMS_FILE = sharedDataFile('cms/HCPCS_level2_2020_anweb.csv');

/** The real file's lines (title, stacked header, then data). */
const realLines = readFileSync(REAL_FILE, 'utf8').split(/\r?\n/);
/** Index of the `HCPCS,MOD,DESCRIPTION,...` line. */
const headerIndex = realLines.findIndex((l) => l.startsWith('HCPCS,'));

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cpt-parse-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function writeTemp(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\r\n')}\r\n`);
  return path;
}

/** The real title and header lines followed by the given data lines. */
function withRealHeader(dataLines: string[]): string[] {
  return [...realLines.slice(0, headerIndex + 1), ...dataLines];
}

/** A line without the cell at `index` (the real head has no quoted commas). */
function dropColumn(index: number): (line: string) => string {
  return (line) =>
    line
      .split(',')
      .filter((_, i) => i !== index)
      .join(',');
}

/** The real line of a code without modifier. */
function realRow(code: string): string {
  const line = realLines.find((l) => l.startsWith(`${code},,`));
  if (!line) throw new Error(`no row for ${code}`);
  return line;
}

describe('parsePfsFile on the real PPRRVU2025_Oct.csv', () => {
  let parsed: ParsedPfsFile;
  beforeAll(async () => {
    parsed = await parsePfsFile(REAL_FILE);
  });

  it('finds the header row after the 9 title and header lines and locates every needed column', () => {
    // Prepare: the file as CMS publishes it (header spread over lines 6 to 10).
    // Act: parsed in beforeAll.
    // Assess: the header is line 10 and the columns are where CMS puts them.
    expect(headerIndex).toBe(9);
    expect(parsed.columns).toEqual({
      HCPCS: 0,
      MOD: 1,
      DESCRIPTION: 2,
      'STATUS CODE': 3,
      'WORK RVU': 5,
      'NON-FAC PE RVU': 6,
      'FACILITY PE RVU': 8,
      'MP RVU': 10,
      'NON-FACILITY TOTAL': 11,
      'FACILITY TOTAL': 12,
      'GLOB DAYS': 14,
      'MULT PROC': 18,
      'CONV FACTOR': 24,
    });
  });

  it('reads the fee-schedule year from the title line', () => {
    // Prepare: line 1 is `,,2025 National Physician Fee Schedule Relative Value File October Release,...`.
    // Act: parsed in beforeAll.
    // Assess
    expect(parsed.year).toBe(2025);
  });

  it('keeps the MULT PROC indicator of every code as CMS writes it (one digit)', () => {
    // Prepare: 47562 and 49505 carry 2 (standard rule), 29881 carries 3 (endoscopy), 0001F carries 9.
    // Act
    const byCode = new Map(parsed.records.map((r) => [r.cpt_code, r.mult_proc]));
    const counts = new Map<string | undefined, number>();
    for (const r of parsed.records) counts.set(r.mult_proc, (counts.get(r.mult_proc) ?? 0) + 1);
    // Assess: the counts per indicator of the 16,851 codes without modifier.
    expect([byCode.get('47562'), byCode.get('49505'), byCode.get('29881'), byCode.get('0001F')]).toEqual([
      '2',
      '2',
      '3',
      '9',
    ]);
    expect(Object.fromEntries(counts)).toEqual({
      '0': 2604,
      '2': 5291,
      '3': 370,
      '4': 159,
      '5': 52,
      '6': 148,
      '7': 35,
      '9': 8192,
    });
  });

  it('keeps one record per code without modifier and counts the modifier rows it skipped', () => {
    // Prepare: the file has 19,090 data rows, of which 2,239 carry a modifier (26, TC, 53).
    // Act: parsed in beforeAll.
    // Assess
    expect(parsed.rowsRead).toBe(19090);
    expect(parsed.modifierRowsSkipped).toBe(2239);
    expect(parsed.records).toHaveLength(16851);
    expect(new Set(parsed.records.map((r) => r.cpt_code)).size).toBe(16851);
  });

  it('takes the values of the row without modifier when a code also has 26 and TC rows', () => {
    // Prepare: 70450 has three rows; only the global one has work RVU 0.85 with PE 2.35.
    // Act
    const ct = parsed.records.filter((r) => r.cpt_code === '70450');
    // Assess
    expect(ct).toEqual([
      {
        cpt_code: '70450',
        cpt_description: 'Ct head/brain w/o dye',
        status_code: 'A',
        global_days: 'XXX',
        mult_proc: '4',
        work_rvu: 0.85,
        non_facility_pe_rvu: 2.35,
        facility_pe_rvu: 2.35,
        mp_rvu: 0.05,
        non_facility_total_rvu: 3.25,
        facility_total_rvu: 3.25,
        conversion_factor: 32.3465,
      },
    ]);
  });

  it('reads 47562 with its short descriptor, status, global days, MULT PROC, RVUs and conversion factor as numbers', () => {
    // Prepare: the row `47562,,Laparoscopic cholecystectomy,A,,10.47,6.97,NA,6.97,,2.62,20.06,20.06,0,090,...,32.3465`.
    // Act
    const lapChole = parsed.records.find((r) => r.cpt_code === '47562');
    // Assess
    expect(lapChole).toEqual({
      cpt_code: '47562',
      cpt_description: 'Laparoscopic cholecystectomy',
      status_code: 'A',
      global_days: '090',
      mult_proc: '2',
      work_rvu: 10.47,
      non_facility_pe_rvu: 6.97,
      facility_pe_rvu: 6.97,
      mp_rvu: 2.62,
      non_facility_total_rvu: 20.06,
      facility_total_rvu: 20.06,
      conversion_factor: 32.3465,
    });
  });

  it('reads quoted descriptors that contain commas whole', () => {
    // Prepare: line 9424 is `80161,,"Asy carbamazepin 10,11-epxid",X,...`.
    // Act
    const quoted = parsed.records.find((r) => r.cpt_code === '80161');
    // Assess
    expect(quoted?.cpt_description).toBe('Asy carbamazepin 10,11-epxid');
    expect(quoted?.status_code).toBe('X');
  });
});

describe('parsePfsFile on variants of the real head', () => {
  it('accepts the head of the real file alone and keeps only its rows without modifier', async () => {
    // Prepare: the header plus 47562 and the three 70450 rows.
    const ctRows = realLines.filter((l) => l.startsWith('70450,'));
    const path = writeTemp('PPRRVU_head.csv', withRealHeader([realRow('47562'), ...ctRows]));
    // Act
    const parsed = await parsePfsFile(path);
    // Assess
    expect(ctRows).toHaveLength(3);
    expect(parsed.records.map((r) => r.cpt_code)).toEqual(['47562', '70450']);
    expect(parsed.modifierRowsSkipped).toBe(2);
    expect(parsed.fileName).toBe('PPRRVU_head.csv');
  });

  it('refuses a header without the CONV FACTOR column, naming what is missing and the expected layout', async () => {
    // Prepare: drop column 24 (CONV FACTOR) from every line of the real head.
    const path = writeTemp('no_conv_factor.csv', withRealHeader([realRow('47562')]).map(dropColumn(24)));
    // Act
    const refusal = parsePfsFile(path);
    // Assess
    await expect(refusal).rejects.toBeInstanceOf(CptFileLayoutError);
    await expect(refusal).rejects.toThrow(/header row on line 10 lacks CONV FACTOR\)/);
    await expect(refusal).rejects.toThrow(
      /Expected the CMS Physician Fee Schedule Relative Value File in CSV \(PPRRVU<year>_<release>\.csv/,
    );
    await expect(refusal).rejects.toThrow(new RegExp(`columns include ${PFS_EXPECTED_COLUMNS.join(', ')}`));
    await expect(refusal).rejects.toThrow(/Nothing was written\.$/);
  });

  it('refuses another CMS file (the HCPCS level II list) because it has no HCPCS,MOD,DESCRIPTION header', async () => {
    // Prepare: a real CSV of another layout.
    // Act
    const refusal = parsePfsFile(OTHER_CMS_FILE);
    // Assess
    await expect(refusal).rejects.toBeInstanceOf(CptFileLayoutError);
    await expect(refusal).rejects.toThrow(
      /HCPCS_level2_2020_anweb\.csv is not in the expected layout \(no header row starting HCPCS in the first 30 rows\)/,
    );
  });

  it('refuses a file whose header has the right first columns but not the PFS ones', async () => {
    // Prepare: a plain one-line header as another tool might write it.
    const path = writeTemp('flat.csv', ['HCPCS,MOD,DESCRIPTION,PRICE', '47562,,Something,100.00']);
    // Act
    const refusal = parsePfsFile(path);
    // Assess
    await expect(refusal).rejects.toThrow(
      /lacks STATUS CODE, WORK RVU, NON-FAC PE RVU, FACILITY PE RVU, MP RVU, NON-FACILITY TOTAL, FACILITY TOTAL, GLOB DAYS, MULT PROC, CONV FACTOR\)/,
    );
  });

  it('refuses rows with a non-numeric RVU or a malformed code, listing their lines', async () => {
    // Prepare: 47562 with "ten" as work RVU (column 5) and a 4-character code.
    const bad = realRow('47562').split(',');
    bad[5] = 'ten';
    const shortCode = realRow('47563').replace(/^47563/, '4756');
    const path = writeTemp('bad_rows.csv', withRealHeader([realRow('44970'), bad.join(','), shortCode]));
    // Act
    const refusal = parsePfsFile(path);
    // Assess
    await expect(refusal).rejects.toBeInstanceOf(CptFileDataError);
    await expect(refusal).rejects.toThrow(
      'bad_rows.csv has 2 invalid row(s): line 12: 47562 WORK RVU "ten" is not a number; line 13: HCPCS "4756" is not a 5-character code. Nothing was written.',
    );
  });

  it('refuses a header without the MULT PROC column, naming it', async () => {
    // Prepare: drop column 18 (MULT PROC) from every line of the real head.
    const path = writeTemp('no_mult_proc.csv', withRealHeader([realRow('47562')]).map(dropColumn(18)));
    // Act
    const refusal = parsePfsFile(path);
    // Assess
    await expect(refusal).rejects.toBeInstanceOf(CptFileLayoutError);
    await expect(refusal).rejects.toThrow(/header row on line 10 lacks MULT PROC\)/);
  });

  it('refuses a MULT PROC that is not one digit, naming the line', async () => {
    // Prepare: 47562 with "2a" as its indicator (column 18).
    const row = realRow('47562').split(',');
    row[18] = '2a';
    const path = writeTemp('bad_mult_proc.csv', withRealHeader([row.join(',')]));
    // Act
    const refusal = parsePfsFile(path);
    // Assess
    await expect(refusal).rejects.toThrow('line 11: 47562 MULT PROC "2a" is not one digit');
  });

  it('takes the year from a PPRRVU<year> file name when the title lines do not say', async () => {
    // Prepare: the stacked header without the title line that names the year, under two names.
    const lines = [...realLines.slice(3, headerIndex + 1), realRow('47562')];
    const named = writeTemp('PPRRVU2024_Jan.csv', lines);
    const unnamed = writeTemp('fees.csv', lines);
    // Act
    const fromName = await parsePfsFile(named);
    const unknown = await parsePfsFile(unnamed);
    // Assess
    expect(fromName.year).toBe(2024);
    expect(unknown).not.toHaveProperty('year');
    expect(unknown.records[0]?.mult_proc).toBe('2');
  });

  it('leaves empty numeric cells out instead of storing zero', async () => {
    // Prepare: 47562 with an empty MP RVU (column 10).
    const row = realRow('47562').split(',');
    row[10] = '';
    const path = writeTemp('empty_mp.csv', withRealHeader([row.join(',')]));
    // Act
    const [record] = (await parsePfsFile(path)).records;
    // Assess
    expect(record).not.toHaveProperty('mp_rvu');
    expect(record?.work_rvu).toBe(10.47);
  });
});
