/**
 * Server exports against the local runtime (docs/decisions/0029-server-exports.md): an export of
 * 20,000 cases runs in the export function's asynchronous invocation (the runtime's Invoke API, as
 * on AWS), its link serves the CSV, which parsed back holds every case under the case list's
 * headers (shared/csv-columns.ts); the export is audited with its filters and row count; another
 * user's export id answers 404. The cases are written as the back-office bench writes its sets
 * (bench/lib/bulk.ts: createCase's items with BatchWriteItem), in seconds rather than minutes.
 */
import './quiet';
import { parse } from 'csv-parse/sync';
import { caseCsvColumns } from '../../../shared/csv-columns';
import { EXPORT_AUDIT_ACTION } from '../../../shared/api-routes';
import type { ExportStatus } from '../../../shared/schemas/export';
import { loadCases } from '../../../bench/lib/bulk';
import { useLocalStack, type TestUser } from '../../support/local';
import { auditEntriesOf, signedInProvider } from './support';

jest.setTimeout(240_000);

// Its own runtime: 20,000 cases in the shared one would fill the lists other suites walk whole.
const local = useLocalStack({ isolated: true });
const CASES = 20_000;
/** Patients' last names, with a quote and a comma (quoted in the CSV). */
const LAST_NAMES = ['Okafor', "O'Hara", 'Lindqvist', 'Duarte, Jr.'];

let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  [owner, other] = await Promise.all([signedInProvider(local), signedInProvider(local)]);
  const started = Date.now();
  const baseMs = Date.now() - CASES - 60_000;
  await loadCases(
    CASES,
    (i) => ({
      user_id: owner.sub,
      case_date: new Date(baseMs + i * 86_400).toISOString().slice(0, 10),
      surgeon_id: 'bulk-surgeon',
      facility_id: 'bulk-facility',
      patient_first: `Pat${i}`,
      patient_last: LAST_NAMES[i % LAST_NAMES.length]!,
      ins_provider: 'Cedar Valley Care, Inc.',
      procedure_codes: ['27447'],
      created_at: new Date(baseMs + i).toISOString(),
      ...(i % 3 === 0 ? { case_status: 20, pay_amount_cents: 1_000 + i } : {}),
    }),
    { now: new Date(), concurrency: 8 },
  );
  console.log(`export.test: ${CASES} cases written in ${Date.now() - started} ms`);
});

/** GET /export until the export leaves `running` (every 250 ms, at most `limitMs`). */
async function finished(user: TestUser, exportId: string, limitMs = 200_000): Promise<ExportStatus> {
  const until = Date.now() + limitMs;
  for (;;) {
    const res = await local.api<ExportStatus>('GET', '/export', {
      token: user.accessToken,
      query: { export_id: exportId },
    });
    expect(res.status).toBe(200);
    if (res.body.state !== 'running' || Date.now() > until) return res.body;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('an export of 20,000 cases', () => {
  let exportId: string;
  let status: ExportStatus;

  beforeAll(async () => {
    const started = Date.now();
    const res = await local.api<{ export_id: string }>('POST', '/export', {
      token: owner.accessToken,
      body: { list: 'cases', filters: { user_id: owner.sub } },
    });
    expect(res.status).toBe(202);
    exportId = res.body.export_id;
    status = await finished(owner, exportId);
    console.log(`export.test: ${CASES} cases exported in ${Date.now() - started} ms`);
  });

  it('completes with every row, and its link serves the CSV under the case list headers', async () => {
    // Assess
    expect(status).toMatchObject({ state: 'done', rows: CASES, list: 'cases', expires_in: 600 });
    const file = await fetch(status.url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^text\/csv/);
    const bytes = Buffer.from(await file.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const records = parse(bytes, { bom: true }) as string[][];
    expect(records[0]).toEqual(caseCsvColumns().map((c) => c.header));
    expect(records).toHaveLength(CASES + 1);
    const ids = new Set(records.slice(1).map((r) => r[0]));
    expect(ids.size).toBe(CASES);
    expect([...ids].every((id) => id!.startsWith(`${owner.sub}_`))).toBe(true);
    expect(records.filter((r) => r[3] === 'Pat3 Duarte, Jr.')).toHaveLength(1);
  });

  it('is audited under the requester with its list, filters and row count', async () => {
    // Act
    const entries = await auditEntriesOf(owner.sub, EXPORT_AUDIT_ACTION);
    // Assess
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      outcome: 'allowed',
      resource_type: 'export',
      resource_ids: [exportId, 'list=cases', `rows=${CASES}`, `user_id=${owner.sub}`],
    });
  });

  it("answers 404 to another user's GET of its id", async () => {
    // Act
    const res = await local.api('GET', '/export', { token: other.accessToken, query: { export_id: exportId } });
    // Assess
    expect(res.status).toBe(404);
  });
});

it("refuses another provider's cases as the case list does (403), and a filter no list call takes (400)", async () => {
  // Act
  const foreign = await local.api<{ message: string }>('POST', '/export', {
    token: other.accessToken,
    body: { list: 'cases', filters: { user_id: owner.sub } },
  });
  const unknown = await local.api<{ errors: { field: string; message: string }[] }>('POST', '/export', {
    token: owner.accessToken,
    body: { list: 'cases', filters: { colour: 'blue' } },
  });
  // Assess
  expect(foreign.status).toBe(403);
  expect(unknown.status).toBe(400);
  expect(JSON.stringify(unknown.body)).toContain('colour is not a filter of the cases list');
});
