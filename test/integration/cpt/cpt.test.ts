/**
 * CPT import and repository against a real dynalite (test/integration/cpt/dynalite.ts), over the
 * real CMS file `../shared/data/cms/PPRRVU2025_Oct.csv`: parsed in full, and imported as a slice of
 * its rows (every code the assertions name plus one row in ten), which exercises the same writes in
 * a tenth of the time. The full import runs through the API in test/integration/api/lists.test.ts
 * and in the browser in test/e2e/list-management.test.ts (docs/figures.md, "CI time").
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteCommand, GetCommand, PutCommand, ScanCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { CPT_INDEX_VERSION, cptSearchKey, legacyCptSearchKey } from '../../../lambdas/data/cpt_codes/keys';
import {
  CptFileDataError,
  CptFileLayoutError,
  importPfsFile,
  parsePfsFile,
  type CptCodeRecord,
} from '../../../lambdas/data/cpt_codes/import';
import {
  compareCodes,
  createCptRepository,
  createDocumentClient,
  cptSearchTokens,
  getCptCode,
  listCptCodes,
  searchCptCodes,
  textWords,
  type CptRepository,
} from '../../../lambdas/data/cpt_codes/repository';
import { STARTER_CODES, importStarterList } from '../../../lambdas/cpt_codes/starter';
import { resetAwsClients } from '../../../lambdas/lib/aws';
import { resetEnvCache } from '../../../lambdas/lib/env';
import { startTestDynamo, type TestDynamo } from './dynalite';
import { sharedDataFile } from '../../support/shared-data';

const REAL_FILE = sharedDataFile('cms/PPRRVU2025_Oct.csv');
const OTHER_CMS_FILE = sharedDataFile('cms/HCPCS_level2_2020_anweb.csv');
const realLines = readFileSync(REAL_FILE, 'utf8').split(/\r?\n/);
const headerIndex = realLines.findIndex((l) => l.startsWith('HCPCS,'));
/** Codes and descriptor words the assertions below name, and the starter list's codes: all in the slice. */
const NAMED_ROW = /^(4756\d|4757\d|47600|27447),|^[^,]*,[^,]*,[^,]*\b(chole|knee|Chole|Knee)/;
const STARTER = new Set(STARTER_CODES.map((c) => c.cpt_code));
/** The slice imported here: the real head and about a tenth of the real rows, named ones included. */
const sliceLines = [
  ...realLines.slice(0, headerIndex + 1),
  ...realLines
    .slice(headerIndex + 1)
    .filter((l, i) => l !== '' && (i % 10 === 0 || NAMED_ROW.test(l) || STARTER.has(l.split(',')[0]!))),
];

let dynamo: TestDynamo;
let doc: DynamoDBDocumentClient;
let tmp: string;

beforeAll(async () => {
  dynamo = await startTestDynamo();
  doc = createDocumentClient();
  tmp = mkdtempSync(join(tmpdir(), 'cpt-files-'));
});

afterAll(async () => {
  doc?.destroy();
  await dynamo?.stop();
  rmSync(tmp, { recursive: true, force: true });
});

/** Number of items in a table (Scan is fine in a test). */
async function countItems(table: string): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const out = await doc.send(new ScanCommand({ TableName: table, Select: 'COUNT', ExclusiveStartKey: startKey }));
    count += out.Count ?? 0;
    startKey = out.LastEvaluatedKey;
  } while (startKey);
  return count;
}

function writeTemp(name: string, lines: string[]): string {
  const path = join(tmp, name);
  writeFileSync(path, `${lines.join('\r\n')}\r\n`);
  return path;
}

describe('parsing the whole CMS PFS file', () => {
  it('keeps every code without modifier, once, with its descriptor and RVUs', async () => {
    // Prepare: the real file as CMS publishes it.
    // Act
    const { records } = await parsePfsFile(REAL_FILE);
    // Assess
    expect(records).toHaveLength(16851);
    expect(new Set(records.map((r) => r.cpt_code)).size).toBe(16851);
    expect(records.find((r) => r.cpt_code === '47562')).toMatchObject({
      cpt_description: 'Laparoscopic cholecystectomy',
      work_rvu: 10.47,
    });
  });
});

describe('importing a slice of the CMS PFS file and reading it back', () => {
  let tables: { codesTable: string; searchTable: string };
  let repo: CptRepository;
  let records: CptCodeRecord[];
  let sliceFile: string;
  /** Codes of the slice (16,851 in the whole file). */
  let total: number;

  beforeAll(async () => {
    tables = await dynamo.createCptTables('test-cms');
    repo = createCptRepository({ doc, ...tables });
    sliceFile = writeTemp('PPRRVU2025_Oct.csv', sliceLines);
    records = (await parsePfsFile(sliceFile)).records;
    total = records.length;
  });

  it('refuses files of another layout or with bad rows and writes nothing', async () => {
    // Prepare: another CMS CSV, and the real head with a non-numeric conversion factor on one row.
    const badRow = realLines.find((l) => l.startsWith('47562,,'))!.split(',');
    badRow[24] = 'n/a';
    const badData = writeTemp('bad_data.csv', [
      ...realLines.slice(0, headerIndex + 1),
      ...realLines.slice(10, 400),
      badRow.join(','),
    ]);
    // Act
    const layoutRefusal = importPfsFile(OTHER_CMS_FILE, { doc, ...tables });
    const dataRefusal = importPfsFile(badData, { doc, ...tables });
    // Assess
    await expect(layoutRefusal).rejects.toBeInstanceOf(CptFileLayoutError);
    await expect(dataRefusal).rejects.toBeInstanceOf(CptFileDataError);
    await expect(dataRefusal).rejects.toThrow(/47562 CONV FACTOR "n\/a" is not a number/);
    expect(await countItems(tables.codesTable)).toBe(0);
    expect(await countItems(tables.searchTable)).toBe(0);
  });

  it('imports every code without modifier of the file with its search index and total', async () => {
    // Prepare: empty tables (previous test wrote nothing); the slice holds over a thousand codes.
    expect(total).toBeGreaterThan(1500);
    // Act
    const result = await importPfsFile(sliceFile, { doc, ...tables });
    // Assess
    expect(result.counts).toMatchObject({ codes: total, inserted: total, updated: 0, unchanged: 0, kept: 0 });
    expect(result.counts.codeItemsWritten).toBe(total);
    expect(result.counts.metaWritten).toBe(true);
    expect(result.counts.totalCodes).toBe(total);
    expect(await countItems(tables.codesTable)).toBe(total);
    // index items + the metadata item
    expect(await countItems(tables.searchTable)).toBe(result.counts.searchItemsWritten + 1);
    expect(await repo.getCptCode('47562')).toMatchObject({
      cpt_code: '47562',
      cpt_description: 'Laparoscopic cholecystectomy',
      status_code: 'A',
      global_days: '090',
      work_rvu: 10.47,
      facility_total_rvu: 20.06,
      conversion_factor: 32.3465,
      source: 'cms-pfs:PPRRVU2025_Oct.csv',
    });
  }, 120_000);

  it('suggests 47562 Laparoscopic cholecystectomy first when typing 4756', async () => {
    // Prepare: imported above.
    // Act
    const suggestions = await repo.searchCptCodes('4756', 5);
    // Assess
    expect(suggestions[0]).toEqual({ cpt_code: '47562', cpt_description: 'Laparoscopic cholecystectomy' });
    expect(suggestions.map((s) => s.cpt_code)).toEqual(['47562', '47563', '47564']);
  });

  it('answers through the environment-bound functions the Lambda uses', async () => {
    // Prepare: the Lambda environment naming these tables (other variables are required by the schema).
    const saved = { ...process.env };
    Object.assign(process.env, {
      CASES_TABLE: 'x-cases',
      CASE_STATS_TABLE: 'x-case-stats',
      USERS_TABLE: 'x-users',
      SURGEONS_TABLE: 'x-surgeons',
      FACILITIES_TABLE: 'x-facilities',
      CPT_CODES_TABLE: tables.codesTable,
      CPT_SEARCH_TABLE: tables.searchTable,
      REPORTS_TABLE: 'x-reports',
      AUDIT_TABLE: 'x-audit',
      DOCUMENTS_BUCKET: 'x-documents',
      LISTS_TABLE: 'x-lists',
      DISPUTES_TABLE: 'x-disputes',
      CASE_NOTES_TABLE: 'x-case-notes',
      SUPPORT_TABLE: 'x-support',
      REMINDERS_TABLE: 'x-reminders',
    });
    resetEnvCache();
    resetAwsClients();
    try {
      // Act
      const suggestions = await searchCptCodes('4756', 1);
      const page = await listCptCodes({ limit: 2 });
      const code = await getCptCode(' 47562 ');
      // Assess
      expect(suggestions).toEqual([{ cpt_code: '47562', cpt_description: 'Laparoscopic cholecystectomy' }]);
      expect(page).toMatchObject({ total, total_pages: Math.ceil(total / 2), limit: 2, page: 1 });
      expect(code?.work_rvu).toBe(10.47);
    } finally {
      process.env = saved;
      resetEnvCache();
      resetAwsClients();
    }
  });

  it('finds cholecystectomy codes by the start of a descriptor word, sorted by code', async () => {
    // Prepare: every code of the file with a descriptor word starting "chole".
    const expected = records
      .filter((r) => textWords(r.cpt_description).some((w) => w.startsWith('chole')))
      .map((r) => r.cpt_code)
      .sort(compareCodes);
    // Act
    const page = await repo.listCptCodes({ search: 'Chole', limit: 100 });
    // Assess
    expect(expected).toEqual(expect.arrayContaining(['47562', '47563', '47600']));
    expect(page.cpt_codes.map((c) => c.cpt_code)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('narrows a multi-word search with every word and puts code matches before description matches', async () => {
    // Prepare / Act
    const lapChole = await repo.searchCptCodes('lap chole', 10);
    const mixed = await repo.searchCptCodes('4756', 10);
    const knee = await repo.searchCptCodes('total knee', 10);
    // Assess
    expect(lapChole.map((c) => c.cpt_code)).toEqual(['47562', '47563', '47564', '47570']);
    expect(mixed.every((c) => c.cpt_code.startsWith('4756'))).toBe(true);
    expect(knee).toContainEqual({ cpt_code: '27447', cpt_description: 'Total knee arthroplasty' });
    expect(await repo.searchCptCodes('  ', 5)).toEqual([]);
  });

  it('ranks common then surgical codes first: "knee" and "total knee" find 27447 among the first five', async () => {
    // Prepare: the slice holds every code with "knee" in its descriptor, anesthesia codes (01320...) included.
    const surgical = (code: string) => /^\d{5}$/.test(code) && Number(code) >= 10004 && Number(code) <= 69990;
    // Act
    const knee = (await repo.searchCptCodes('knee', 5)).map((c) => c.cpt_code);
    const totalKnee = (await repo.searchCptCodes('total knee', 5)).map((c) => c.cpt_code);
    const kneeTwenty = (await repo.searchCptCodes('knee', 20)).map((c) => c.cpt_code);
    // Assess
    expect(records.some((r) => r.cpt_code === '01320')).toBe(true);
    expect(knee).toContain('27447');
    expect(knee.every(surgical)).toBe(true);
    expect(totalKnee).toContain('27447');
    expect(kneeTwenty.every(surgical)).toBe(true);
  });

  it('puts the preferred (recently used) codes that match every word first, once', async () => {
    // Act: 47562 does not match "knee"; 27599 (unlisted femur/knee) would otherwise rank late.
    const found = (await repo.searchCptCodes('knee', 5, ['27599', '47562', '29888', '27599'])).map((c) => c.cpt_code);
    const onlyPreferred = (await repo.searchCptCodes('knee', 1, ['29888'])).map((c) => c.cpt_code);
    // Assess
    expect(found.slice(0, 2)).toEqual(['27599', '29888']);
    expect(found).toHaveLength(5);
    expect(new Set(found).size).toBe(5);
    expect(found).not.toContain('47562');
    expect(onlyPreferred).toEqual(['29888']);
  });

  it('pages through all codes in code order with the total from the metadata item', async () => {
    // Prepare: the file's codes in index order.
    const sorted = records.map((r) => r.cpt_code).sort(compareCodes);
    // Act
    const first = await repo.listCptCodes({});
    const pages = Math.ceil(total / 20);
    const midPage = Math.ceil(pages / 2);
    const middle = await repo.listCptCodes({ page: midPage, limit: 20 });
    const last = await repo.listCptCodes({ page: pages, limit: 20 });
    const beyond = await repo.listCptCodes({ page: pages + 1, limit: 20 });
    const walked: string[] = [];
    for (let page = 1; ; page++) {
      const { cpt_codes } = await repo.listCptCodes({ page, limit: 100 });
      if (cpt_codes.length === 0) break;
      walked.push(...cpt_codes.map((c) => c.cpt_code));
    }
    // Assess
    expect(first).toMatchObject({ total, page: 1, total_pages: pages, limit: 20 });
    expect(first.cpt_codes.map((c) => c.cpt_code)).toEqual(sorted.slice(0, 20));
    expect(middle.cpt_codes.map((c) => c.cpt_code)).toEqual(sorted.slice((midPage - 1) * 20, midPage * 20));
    expect(last.cpt_codes.map((c) => c.cpt_code)).toEqual(sorted.slice((pages - 1) * 20));
    expect(last.cpt_codes).toHaveLength(total - (pages - 1) * 20);
    expect(beyond).toMatchObject({ cpt_codes: [], total, total_pages: pages });
    expect(walked).toEqual(sorted);
  }, 60_000);

  it('counts the matches as the total of a paged search', async () => {
    // Prepare: codes with a descriptor word starting "knee".
    const expected = records.filter((r) => textWords(r.cpt_description).some((w) => w.startsWith('knee'))).length;
    // Act
    const page2 = await repo.listCptCodes({ search: 'knee', page: 2, limit: 10 });
    // Assess
    expect(expected).toBeGreaterThan(100);
    expect(page2).toMatchObject({ total: expected, page: 2, limit: 10, total_pages: Math.ceil(expected / 10) });
    expect(page2.cpt_codes).toHaveLength(10);
  });

  it('writes nothing when the same file is imported again and counts every code unchanged', async () => {
    // Prepare
    const searchItemsBefore = await countItems(tables.searchTable);
    // Act
    const again = await importPfsFile(sliceFile, { doc, ...tables });
    // Assess
    expect(again.counts).toEqual({
      codes: total,
      inserted: 0,
      updated: 0,
      unchanged: total,
      kept: 0,
      searchItemsWritten: 0,
      searchItemsDeleted: 0,
      codeItemsWritten: 0,
      metaWritten: false,
      totalCodes: total,
    });
    expect(await countItems(tables.searchTable)).toBe(searchItemsBefore);
  }, 60_000);

  it('never replaces imported descriptors with the starter labels', async () => {
    // Prepare: the CMS file is loaded.
    // Act
    const counts = await importStarterList({ doc, ...tables });
    // Assess
    expect(counts).toMatchObject({ inserted: 0, updated: 0, kept: 40, codeItemsWritten: 0, totalCodes: total });
    expect((await repo.getCptCode('47562'))?.cpt_description).toBe('Laparoscopic cholecystectomy');
  });

  it('re-indexes a code whose descriptor changed and drops its old words', async () => {
    // Prepare: a file with 47562 described differently.
    const row = realLines.find((l) => l.startsWith('47562,,'))!.split(',');
    row[2] = 'Gallbladder keyhole removal';
    const changed = writeTemp('PPRRVU_changed.csv', [...realLines.slice(0, headerIndex + 1), row.join(',')]);
    // Act
    const update = await importPfsFile(changed, { doc, ...tables });
    const afterUpdate = {
      keyhole: await repo.searchCptCodes('keyhole', 5),
      chole: (await repo.searchCptCodes('cholecystectomy', 20)).map((c) => c.cpt_code),
    };
    const restore = await importPfsFile(sliceFile, { doc, ...tables });
    // Assess
    expect(update.counts).toMatchObject({
      inserted: 0,
      updated: 1,
      searchItemsWritten: 4,
      searchItemsDeleted: 2,
      metaWritten: false,
    });
    expect(afterUpdate.keyhole).toEqual([{ cpt_code: '47562', cpt_description: 'Gallbladder keyhole removal' }]);
    expect(afterUpdate.chole).not.toContain('47562');
    expect(restore.counts).toMatchObject({ updated: 1, unchanged: total - 1 });
    expect(await repo.searchCptCodes('keyhole', 5)).toEqual([]);
    expect((await repo.searchCptCodes('4756', 1))[0]?.cpt_description).toBe('Laparoscopic cholecystectomy');
  }, 60_000);

  it('moves a code indexed in the layout before ranking to the current one on the next import', async () => {
    // Prepare: 27447 as an older import left it: unranked word items, no index_version on the code.
    const legacy = cptSearchTokens('27447', 'Total knee arthroplasty').map((t) => legacyCptSearchKey(t, '27447'));
    const current = cptSearchTokens('27447', 'Total knee arthroplasty').map((t) => cptSearchKey(t, '27447'));
    for (const key of current) await doc.send(new DeleteCommand({ TableName: tables.searchTable, Key: key }));
    for (const key of legacy) {
      await doc.send(
        new PutCommand({
          TableName: tables.searchTable,
          Item: { ...key, cpt_code: '27447', cpt_description: 'Total knee arthroplasty' },
        }),
      );
    }
    const stored = await repo.getCptCode('27447');
    const { index_version: _version, ...old } = stored!;
    await doc.send(new PutCommand({ TableName: tables.codesTable, Item: old }));
    // Act
    const again = await importPfsFile(sliceFile, { doc, ...tables });
    // Assess: the word items moved (the code's own item has the same key in both layouts).
    expect(again.counts).toMatchObject({ updated: 1, unchanged: total - 1, searchItemsDeleted: legacy.length - 1 });
    const get = (key: { prefix: string; term_code: string }) =>
      doc.send(new GetCommand({ TableName: tables.searchTable, Key: key }));
    for (const key of legacy.slice(1)) expect((await get(key)).Item).toBeUndefined();
    for (const key of current) expect((await get(key)).Item).toBeDefined();
    expect((await repo.getCptCode('27447'))?.index_version).toBe(CPT_INDEX_VERSION);
    expect((await repo.searchCptCodes('total knee', 5)).map((c) => c.cpt_code)).toContain('27447');
  }, 60_000);
});

describe('the starter list on an empty store', () => {
  it('inserts 40 codes once, then finds them by code and by word', async () => {
    // Prepare
    const tables = await dynamo.createCptTables('test-starter');
    const repo = createCptRepository({ doc, ...tables });
    // Act
    const first = await importStarterList({ doc, ...tables });
    const second = await importStarterList({ doc, ...tables });
    const list = await repo.listCptCodes({ page: 2, limit: 25 });
    // Assess
    expect(first).toMatchObject({ inserted: 40, unchanged: 0, metaWritten: true, totalCodes: 40 });
    expect(second).toMatchObject({
      inserted: 0,
      unchanged: 40,
      codeItemsWritten: 0,
      searchItemsWritten: 0,
      metaWritten: false,
    });
    expect(list).toMatchObject({ total: 40, page: 2, total_pages: 2, limit: 25 });
    expect(list.cpt_codes.map((c) => c.cpt_code)).toEqual(STARTER_CODES.slice(25).map((c) => c.cpt_code));
    expect((await repo.searchCptCodes('4756', 5)).map((c) => c.cpt_code)).toEqual(['47562', '47563']);
    expect((await repo.searchCptCodes('gallbladder', 5)).map((c) => c.cpt_code)).toEqual(['47562', '47563']);
    expect((await repo.getCptCode('47562'))?.source).toBe('starter');
    expect((await repo.getCatalogMeta())?.starter_only).toBe(true);
    expect(list.starter_list).toBe(true);
  });

  it('stops calling the catalog a starter list once a CMS file is imported over it', async () => {
    // Prepare: the starter list, then three rows of the real CMS file.
    const tables = await dynamo.createCptTables('test-starter-then-cms');
    const repo = createCptRepository({ doc, ...tables });
    await importStarterList({ doc, ...tables });
    const rows = realLines.filter((l) => /^(47562|47563|99999),,/.test(l));
    const file = writeTemp('PPRRVU_three.csv', [...realLines.slice(0, headerIndex + 1), ...rows]);
    // Act
    await importPfsFile(file, { doc, ...tables });
    // Assess
    expect((await repo.getCatalogMeta())?.starter_only).toBe(false);
    expect((await repo.listCptCodes({ page: 1, limit: 1 })).starter_list).toBe(false);
    expect((await repo.getCptCode('47562'))?.source).toBe('cms-pfs:PPRRVU_three.csv');
  });
});
