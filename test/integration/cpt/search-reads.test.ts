/**
 * Items read by CPT suggestions ("A one-character CPT search reads 500 items to
 * answer 5: read at most what is answered, plus one"), against a real dynalite holding the starter
 * list. Every Query the repository sends is counted through a middleware on its DocumentClient
 * (ScannedCount: the index items DynamoDB read, before any filter).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import {
  createCptRepository,
  createDocumentClient,
  cptSearchTokens,
  textWords,
  type CptCodeSummary,
  type CptRepository,
} from '../../../lambdas/data/cpt_codes/repository';
import { STARTER_CODES, importStarterList } from '../../../lambdas/cpt_codes/starter';
import { cptSearchKey } from '../../../lambdas/data/cpt_codes/keys';
import { startTestDynamo, type TestDynamo } from './dynalite';

let dynamo: TestDynamo;
let doc: DynamoDBDocumentClient;
let repo: CptRepository;
/** ScannedCount of every Query sent since the last reset. */
let scanned: number[] = [];

beforeAll(async () => {
  dynamo = await startTestDynamo();
  doc = createDocumentClient();
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      if (context.commandName === 'QueryCommand') {
        scanned.push((out.output as { ScannedCount?: number }).ScannedCount ?? 0);
      }
      return out;
    },
    { step: 'initialize', name: 'countQueryReads' },
  );
  const tables = await dynamo.createCptTables('test-reads');
  await importStarterList({ doc, ...tables });
  repo = createCptRepository({ doc, ...tables });
});

afterAll(async () => {
  doc?.destroy();
  await dynamo?.stop();
});

/** Run a search and answer what it found with the index items its Queries read. */
async function measured(search: string, limit: number): Promise<{ codes: string[]; read: number; queries: number }> {
  scanned = [];
  const found = await repo.searchCptCodes(search, limit);
  return { codes: found.map((c) => c.cpt_code), read: scanned.reduce((a, b) => a + b, 0), queries: scanned.length };
}

/**
 * The starter list's index items whose token starts with `word`, in index order (term_code), as
 * the importer writes them (one per token and code).
 */
function indexItemsStartingWith(word: string): { term_code: string; code: CptCodeSummary }[] {
  return STARTER_CODES.flatMap((c) =>
    cptSearchTokens(c.cpt_code, c.cpt_description)
      .filter((t) => t.startsWith(word))
      .map((t) => ({ term_code: cptSearchKey(t, c.cpt_code).term_code, code: c })),
  ).sort((a, b) => (a.term_code < b.term_code ? -1 : a.term_code > b.term_code ? 1 : 0));
}

/** Every starter code matching every word of `search` (the search rule, read off the list). */
function allMatches(search: string): string[] {
  const words = textWords(search);
  return STARTER_CODES.filter((c) => {
    const descWords = textWords(c.cpt_description);
    return words.every((w) => c.cpt_code.toLowerCase().startsWith(w) || descWords.some((d) => d.startsWith(w)));
  }).map((c) => c.cpt_code);
}

describe('CPT suggestions read only what they answer', () => {
  it('answers a one-character search with 5 codes from at most 6 index items, in index order', async () => {
    // Prepare: the first 5 distinct codes of the index items starting with "r", and how many items precede the 5th.
    const items = indexItemsStartingWith('r');
    const expected: string[] = [];
    let itemsUpToFifth = 0;
    for (const item of items) {
      if (expected.length === 5) break;
      itemsUpToFifth += 1;
      if (!expected.includes(item.code.cpt_code)) expected.push(item.code.cpt_code);
    }
    // Act
    const { codes, read } = await measured('r', 5);
    // Assess: far more candidates exist than are read.
    expect(items.length).toBeGreaterThan(10);
    expect(codes).toEqual(expected);
    expect(read).toBe(itemsUpToFifth);
    expect(read).toBeLessThanOrEqual(codes.length + 1);
    expect(codes.every((c) => allMatches('r').includes(c))).toBe(true);
  });

  it('answers a one-digit search with codes and numbers of descriptors in index order from 5 items', async () => {
    // Prepare: "first 20 sq cm" of 11042 indexes the word "20", which sorts before the code 20610.
    const expected = [...new Set(indexItemsStartingWith('2').map((i) => i.code.cpt_code))].slice(0, 5);
    // Act
    const { codes, read } = await measured('2', 5);
    // Assess
    expect(codes).toEqual(expected);
    expect(codes[0]).toBe('11042');
    expect(read).toBe(5);
  });

  it('finds a full code first from one index item', async () => {
    // Act: the case form's exact-code check asks for 25.
    const { codes, read, queries } = await measured('27447', 25);
    // Assess
    expect(codes).toEqual(['27447']);
    expect(read).toBe(1);
    expect(queries).toBe(1);
  });

  it('answers a multi-word search with every match and reads only the items of its longest word', async () => {
    // Prepare: "hernia" is the lookup word; "groin" narrows it.
    const candidates = indexItemsStartingWith('hernia').length;
    // Act
    const all = await measured('groin hernia', 20);
    const first = await measured('groin hernia', 1);
    // Assess: the same codes as the search rule gives, all from the "hernia" items alone.
    expect(all.codes.sort()).toEqual(allMatches('groin hernia').sort());
    expect(all.codes.length).toBeGreaterThanOrEqual(2);
    expect(all.read).toBe(candidates);
    expect(first.codes).toEqual([all.codes.sort()[0]]);
    expect(first.read).toBe(1);
  });

  it('reads the items another word rules out, and at most one more, when narrowing', async () => {
    // Prepare: the "replacement" items in index order; "knee" rules out the ones before 27447.
    const items = indexItemsStartingWith('replacement');
    const ruledOut = items.findIndex((i) => i.code.cpt_code === '27447');
    // Act
    const { codes, read } = await measured('knee replacement', 1);
    // Assess
    expect(ruledOut).toBeGreaterThan(0);
    expect(codes).toEqual(['27447']);
    expect(read).toBeGreaterThanOrEqual(ruledOut + 1);
    expect(read).toBeLessThanOrEqual(codes.length + ruledOut + 1);
  });

  it('answers nothing and reads nothing for a search without letters or digits', async () => {
    // Act
    const { codes, queries } = await measured(' - ', 5);
    // Assess
    expect(codes).toEqual([]);
    expect(queries).toBe(0);
  });
});
