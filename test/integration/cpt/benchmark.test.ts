/**
 * The Medicare benchmark's catalog read (lambdas/data/cpt_codes/benchmark.ts) against the local
 * runtime's DynamoDB: a slice of the real CMS file `../shared/data/cms/PPRRVU2025_Oct.csv` is
 * imported into CPT tables of this suite's own (the runtime's own CPT tables are shared with
 * other suites), then read back with one BatchGetItem.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readMedicareBenchmark, readMedicareBenchmarkInputs } from '../../../lambdas/data/cpt_codes/benchmark';
import { importPfsFile, parsePfsFile, writeCptRecords } from '../../../lambdas/data/cpt_codes/import';
import { CPT_CODES_TABLE, CPT_SEARCH_TABLE } from '../../../lambdas/data/cpt_codes/keys';
import { STARTER_SOURCE, createDocumentClient } from '../../../lambdas/data/cpt_codes/repository';
import { resetAwsClients } from '../../../lambdas/lib/aws';
import { resetEnvCache } from '../../../lambdas/lib/env';
import { createTableInput, localDynamoClient, waitForActiveTables } from '../../../local/dynamodb';
import { sharedDataFile } from '../../support/shared-data';
import { useLocalStack } from '../../support/local';

const local = useLocalStack();

const REAL_FILE = sharedDataFile('cms/PPRRVU2025_Oct.csv');
const realLines = readFileSync(REAL_FILE, 'utf8').split(/\r?\n/);
const headerIndex = realLines.findIndex((l) => l.startsWith('HCPCS,'));
/** The slice: laparoscopic cholecystectomy (with and without cholangiography), a hernia repair, a knee scope. */
const SLICE_CODES = ['47562', '47563', '49505', '29881'];
const CONV_FACTOR_COLUMN = 24;

let client: DynamoDBClient;
let doc: DynamoDBDocumentClient;
let tables: { codesTable: string; searchTable: string };
let tmp: string;

/** The real title and header lines plus the rows of the slice (every row of each code, modifiers too). */
function sliceLines(): string[] {
  const rows = realLines.filter((l) => SLICE_CODES.some((code) => l.startsWith(`${code},`)));
  return [...realLines.slice(0, headerIndex + 1), ...rows];
}

function writeTemp(name: string, lines: string[]): string {
  const path = join(tmp, name);
  writeFileSync(path, `${lines.join('\r\n')}\r\n`);
  return path;
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'cpt-benchmark-'));
  client = localDynamoClient(local.stack.endpoints.dynamodb, local.stack.credentials);
  doc = createDocumentClient();
  const prefix = `benchmark-${Date.now().toString(36)}`;
  const inputs = [createTableInput(prefix, CPT_CODES_TABLE), createTableInput(prefix, CPT_SEARCH_TABLE)];
  for (const input of inputs) await client.send(new CreateTableCommand(input));
  await waitForActiveTables(
    client,
    inputs.map((i) => i.TableName!),
  );
  tables = { codesTable: inputs[0]!.TableName!, searchTable: inputs[1]!.TableName! };
});

afterAll(() => {
  doc?.destroy();
  client?.destroy();
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('readMedicareBenchmarkInputs', () => {
  it('answers every code as missing and no year before any import', async () => {
    // Prepare: the tables are empty.
    // Act
    const inputs = await readMedicareBenchmarkInputs(['47562'], { doc, ...tables });
    // Assess
    expect(inputs).toEqual({ year: null, codes: [{ code: '47562' }] });
  });

  it('reads back what the import stored: RVU, conversion factor, MULT PROC and the year, in the case order', async () => {
    // Prepare: import the slice of the real file.
    const path = writeTemp('PPRRVU2025_slice.csv', sliceLines());
    const stored = new Map((await parsePfsFile(path)).records.map((r) => [r.cpt_code, r]));
    await importPfsFile(path, { doc, ...tables });
    const expectedCode = (code: string) => ({
      code,
      facility_total_rvu: stored.get(code)!.facility_total_rvu,
      conversion_factor: stored.get(code)!.conversion_factor,
      mult_proc: stored.get(code)!.mult_proc,
    });
    // Act: codes as a case may list them (spaces, a repeat, a code not in the catalog).
    const inputs = await readMedicareBenchmarkInputs(['49505', ' 47563 ', '99999', '47563', '29881'], {
      doc,
      ...tables,
    });
    // Assess
    expect(stored.get('47563')).toMatchObject({
      facility_total_rvu: 21.81,
      conversion_factor: 32.3465,
      mult_proc: '2',
    });
    expect(inputs).toEqual({
      year: 2025,
      codes: [
        expectedCode('49505'),
        expectedCode('47563'),
        { code: '99999' },
        expectedCode('47563'),
        expectedCode('29881'),
      ],
    });
  });

  it('gives the benchmark of a case: the multiple-procedure rule over the stored codes, a missing code listed', async () => {
    // Act
    const benchmark = await readMedicareBenchmark(['49505', '47563', '99999'], { doc, ...tables });
    // Assess: 47563 at 100 % (21.81 x 32.3465 = 705.48), 49505 at 50 % (15.94 x 32.3465 = 515.60 -> 257.80).
    expect(benchmark).toEqual({
      amount: 963.28,
      conversion_factor: 32.3465,
      year: 2025,
      per_code: [
        { code: '49505', facility_total_rvu: 15.94, amount: 257.8 },
        { code: '47563', facility_total_rvu: 21.81, amount: 705.48 },
      ],
      missing_codes: ['99999'],
    });
  });

  it('lists a starter-list code (no RVUs) as missing and keeps the year after the starter import', async () => {
    // Prepare: a starter label for a code the slice does not have.
    await writeCptRecords([{ cpt_code: '29880', cpt_description: 'Knee scope, both menisci' }], {
      doc,
      ...tables,
      source: STARTER_SOURCE,
    });
    // Act
    const benchmark = await readMedicareBenchmark(['29880', '47562'], { doc, ...tables });
    // Assess
    expect(benchmark).toMatchObject({ amount: 648.87, year: 2025, missing_codes: ['29880'] });
  });

  it('takes the new year and conversion factor when the file of the next year is imported over the same codes', async () => {
    // Prepare: the same slice titled 2026 with another conversion factor (no new code: only updates).
    const next = sliceLines().map((line, i) => {
      if (i === 0) return line.replace('2025 National', '2026 National');
      if (i <= headerIndex) return line;
      const cells = line.split(',');
      cells[CONV_FACTOR_COLUMN] = '33.4009';
      return cells.join(',');
    });
    const result = await importPfsFile(writeTemp('PPRRVU2026_slice.csv', next), { doc, ...tables });
    // Act
    const benchmark = await readMedicareBenchmark(['47562'], { doc, ...tables });
    // Assess: 20.06 x 33.4009 = 670.022054 -> 670.02
    expect(result.counts).toMatchObject({ inserted: 0, updated: SLICE_CODES.length, metaWritten: true });
    expect(benchmark).toMatchObject({ amount: 670.02, conversion_factor: 33.4009, year: 2026 });
  });

  it('reads the tables of the Lambda environment when no tables are given', async () => {
    // Prepare: point CPT_CODES_TABLE / CPT_SEARCH_TABLE of this suite at the imported tables.
    const saved = { ...process.env };
    process.env.CPT_CODES_TABLE = tables.codesTable;
    process.env.CPT_SEARCH_TABLE = tables.searchTable;
    resetEnvCache();
    resetAwsClients();
    try {
      // Act
      const benchmark = await readMedicareBenchmark(['47562', '49505']);
      // Assess: 47562 at 100 % (670.02), 49505 at 50 % (15.94 x 33.4009 = 532.41 -> 266.21, half up)
      expect(benchmark).toMatchObject({ amount: 936.23, year: 2026, missing_codes: [] });
    } finally {
      process.env = saved;
      resetEnvCache();
      resetAwsClients();
    }
  });

  it('refuses more distinct codes than a case may hold, before reading', async () => {
    // Prepare: 26 distinct codes (MAX_PROCEDURE_CODES is 25).
    const codes = Array.from({ length: 26 }, (_, i) => String(47000 + i));
    // Act / Assess
    await expect(readMedicareBenchmarkInputs(codes, { doc, ...tables })).rejects.toThrow(
      new RangeError('At most 25 procedure codes, got 26'),
    );
  });
});
