/**
 * Soft delete of surgeons, facilities and documents, the case restore with its documents, and the
 * audit of the deleted-cases list, the restore and the 30-day purge, through the local gateway and
 * the real emulators. A fake clock (`now` of the purge) stands for the
 * 30 days.
 */
import './quiet';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { parseFileKeys, type AuditPage, type UploadTicket } from '../../../shared';
import { ddb } from '../../../lambdas/lib/aws';
import { getEnv } from '../../../lambdas/lib/env';
import { getCase } from '../../../lambdas/data/case/repository';
import { PURGE_AUDIT_ACTION, purgeDeletedCases } from '../../../lambdas/case/purge';
import { headObject } from '../../../lambdas/lib/storage';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, fakeNpi, ownSurgeonAndFacility, signedInAdmin, signedInProvider, type Refs } from './support';

jest.setTimeout(180_000);

const local = useLocalStack();

interface ApiCase {
  case_id: string;
  case_status: number;
  demo_file: string;
  note_file: string;
  file_keys: string;
}
interface CaseAnswer {
  success: boolean;
  message: string;
  case: ApiCase;
}
interface ListAnswer {
  cases: { case_id: string; deleted_by?: string; deleted_by_name?: string }[];
  next_cursor?: string;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const DAY = 86_400_000;

let owner: TestUser;
let globalAdmin: TestUser;
let refs: Refs;

beforeAll(async () => {
  [owner, globalAdmin] = await Promise.all([
    signedInProvider(local, { first_name: 'Iris', last_name: 'Vale' }),
    signedInAdmin(local, 100),
  ]);
  refs = await ownSurgeonAndFacility(local, owner);
});

async function newCase(overrides: Record<string, unknown> = {}): Promise<ApiCase> {
  const res = await local.api<CaseAnswer>('POST', '/case', {
    token: owner.accessToken,
    body: caseBody(refs, overrides),
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.case;
}

/** Request, PUT and confirm one case document; the attached key and the case after. */
async function upload(caseId: string, slot: string, fileName: string): Promise<{ key: string; case: ApiCase }> {
  const ticket = await local.api<UploadTicket>('POST', '/document', {
    token: owner.accessToken,
    body: { case_id: caseId, slot, file_name: fileName, content_type: 'application/pdf', size: PDF.length },
  });
  expect(ticket.status).toBe(200);
  const put = await fetch(ticket.body.upload.url, {
    method: 'PUT',
    headers: ticket.body.upload.headers,
    body: new Uint8Array(PDF),
  });
  expect(put.status).toBe(200);
  const res = await local.api<CaseAnswer>('POST', '/document/confirm', {
    token: owner.accessToken,
    body: { key: ticket.body.key },
  });
  expect(res.status).toBe(200);
  const c = res.body.case;
  // Uploaded to a staging key, attached under its layout key.
  const misc = parseFileKeys(c.file_keys).misc_documents;
  const key = slot === 'demographic_sheet' ? c.demo_file : slot === 'op_note' ? c.note_file : misc[misc.length - 1]!;
  return { key, case: c };
}

/** The stored item, deleted or not (a Get straight on the table). */
async function stored(table: 'SURGEONS_TABLE' | 'FACILITIES_TABLE', idField: string, id: string) {
  const out = await ddb().send(
    new GetCommand({ TableName: getEnv()[table], Key: { user_id: owner.sub, [idField]: id }, ConsistentRead: true }),
  );
  return out.Item;
}

/** Every audit entry of one case (GET /audit?case_id=), newest first. */
async function caseAudit(caseId: string) {
  const res = await local.api<AuditPage>('GET', '/audit', {
    token: globalAdmin.accessToken,
    query: { case_id: caseId, limit: 100 },
  });
  expect(res.status).toBe(200);
  return res.body.entries;
}

const KINDS = [
  {
    resource: 'surgeon',
    listKey: 'surgeons',
    itemKey: 'surgeon',
    table: 'SURGEONS_TABLE',
    body: (npi: string) => ({ first_name: 'Cyra', last_name: 'Lindqvist', surgeon_npi: npi, surgeon_state: 'WA' }),
    caseField: 'surgeon_id',
  },
  {
    resource: 'facility',
    listKey: 'facilities',
    itemKey: 'facility',
    table: 'FACILITIES_TABLE',
    body: (npi: string) => ({ facility_name: 'Lindqvist Day Surgery', facility_npi: npi, facility_state: 'WI' }),
    caseField: 'facility_id',
  },
] as const;

describe.each(KINDS)('soft delete of a $resource', (kind) => {
  const path = `/${kind.resource}`;
  const idField = `${kind.resource}_id`;

  it('marks it deleted, takes it out of the list, get, update and case references, and frees its NPI', async () => {
    // Prepare
    const npi = fakeNpi();
    const made = await local.api<Record<string, { id: string }>>('POST', path, {
      token: owner.accessToken,
      body: kind.body(npi),
    });
    expect(made.status).toBe(201);
    const id = made.body[kind.itemKey]!.id;

    // Act
    const deleted = await local.api('DELETE', path, { token: owner.accessToken, query: { [idField]: id } });
    const list = await local.api<Record<string, { id: string }[]>>('GET', path, {
      token: owner.accessToken,
      query: { user_id: owner.sub, limit: 200 },
    });
    const patch = await local.api('PATCH', path, {
      token: owner.accessToken,
      body: { id, [`${kind.resource}_city`]: 'X' },
    });
    const again = await local.api('DELETE', path, { token: owner.accessToken, query: { [idField]: id } });
    const newCaseWithIt = await local.api('POST', '/case', {
      token: owner.accessToken,
      body: caseBody(refs, { [kind.caseField]: id }),
    });
    const sameNpi = await local.api('POST', path, { token: owner.accessToken, body: kind.body(npi) });
    const item = await stored(kind.table, idField, id);

    // Assess
    expect(deleted.status).toBe(200);
    expect(list.body[kind.listKey]!.map((x) => x.id)).not.toContain(id);
    expect([patch.status, again.status, newCaseWithIt.status]).toEqual([404, 404, 400]);
    expect(sameNpi.status).toBe(201);
    // Kept for the record, out of the byName index (no sort_name).
    expect(item).toMatchObject({ deleted_by: owner.sub, [idField]: id });
    expect(Date.now() - Date.parse(String(item?.deleted_at))).toBeLessThan(60_000);
    expect(item?.sort_name).toBeUndefined();
    const audit = await local.api<AuditPage>('GET', '/audit', {
      token: globalAdmin.accessToken,
      query: { user_id: owner.sub, action: `DELETE ${path}`, limit: 10 },
    });
    // Newest first: the second DELETE (404), then the delete itself.
    expect(audit.body.entries[0]).toMatchObject({ resource_type: kind.resource, resource_ids: [id], status: 404 });
    expect(audit.body.entries[1]).toMatchObject({
      resource_type: kind.resource,
      resource_ids: [id],
      outcome: 'allowed',
    });
  });
});

describe('soft delete of a document', () => {
  it('detaches it, moves the case back to Incomplete, keeps the object and refuses the key afterwards', async () => {
    // Prepare: a Submitted case (both documents)
    const c = await newCase();
    await upload(c.case_id, 'demographic_sheet', 'demo.pdf');
    const op = await upload(c.case_id, 'op_note', 'op.pdf');
    expect(op.case.case_status).toBe(10);

    // Act
    const deleted = await local.api<CaseAnswer>('DELETE', '/document', {
      token: owner.accessToken,
      query: { key: op.key },
    });
    const link = await local.api('GET', '/document', { token: owner.accessToken, query: { key: op.key } });
    const reconfirm = await local.api('POST', '/document/confirm', {
      token: owner.accessToken,
      body: { key: op.key },
    });
    const again = await local.api('DELETE', '/document', { token: owner.accessToken, query: { key: op.key } });
    const item = await getCase(c.case_id, true);

    // Assess
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Operative Note deleted successfully!');
    expect(deleted.body.case.note_file).toBe('');
    expect(deleted.body.case.case_status).toBe(0);
    expect(await headObject(op.key)).toBeDefined();
    expect([link.status, reconfirm.status, again.status]).toEqual([404, 404, 404]);
    expect(item?.deleted_documents).toEqual([{ key: op.key, deleted_at: expect.any(String), deleted_by: owner.sub }]);
    expect(JSON.stringify(deleted.body)).not.toContain('deleted_documents');
  });
});

describe('restore of a case with its documents', () => {
  it('brings the case back to lists, search and counts with its documents, and audits the list and the restore', async () => {
    // Prepare
    const last = `Restorable${Date.now().toString(36)}`;
    const c = await newCase({ patient: { first: 'Pat', last, ins_provider: 'Aetna' } });
    const demo = await upload(c.case_id, 'demographic_sheet', 'demo.pdf');
    const misc = await upload(c.case_id, 'misc', 'misc.pdf');
    const count = async () =>
      (
        await local.api<{ total_cases: number }>('GET', '/case/stats', {
          token: owner.accessToken,
          query: { range: 'all', user_id: owner.sub },
        })
      ).body.total_cases;
    const found = async () =>
      (
        await local.api<ListAnswer>('GET', '/case', {
          token: globalAdmin.accessToken,
          query: { search: last.toLowerCase() },
        })
      ).body.cases.some((x) => x.case_id === c.case_id);
    const countBefore = await count();

    // Act: delete, list the deleted, restore
    await local.api('DELETE', '/case', { token: owner.accessToken, query: { case_id: c.case_id } });
    const [countDeleted, foundDeleted] = [await count(), await found()];
    const linkDeleted = await local.api('GET', '/document', { token: owner.accessToken, query: { key: demo.key } });
    const deletedList = await local.api<ListAnswer>('GET', '/case/deleted', {
      token: globalAdmin.accessToken,
      query: { limit: 100 },
    });
    const restored = await local.api<CaseAnswer>('POST', '/case/restore', {
      token: globalAdmin.accessToken,
      body: { case_id: c.case_id },
    });
    const links = await Promise.all(
      [demo.key, misc.key].map((key) => local.api('GET', '/document', { token: owner.accessToken, query: { key } })),
    );

    // Assess
    expect([countDeleted, foundDeleted, linkDeleted.status]).toEqual([countBefore - 1, false, 404]);
    const row = deletedList.body.cases.find((x) => x.case_id === c.case_id);
    expect(row).toMatchObject({ deleted_by: owner.sub, deleted_by_name: 'Iris Vale' });
    expect(restored.status).toBe(200);
    expect(restored.body.case.demo_file).toBe(demo.key);
    expect(parseFileKeys(restored.body.case.file_keys).misc_documents).toEqual([misc.key]);
    expect(links.map((l) => l.status)).toEqual([200, 200]);
    expect([await count(), await found()]).toEqual([countBefore, true]);
    const listEntry = (
      await local.api<AuditPage>('GET', '/audit', {
        token: globalAdmin.accessToken,
        query: { user_id: globalAdmin.sub, action: 'GET /case/deleted', limit: 5 },
      })
    ).body.entries[0];
    expect(listEntry?.resource_ids).toEqual(deletedList.body.cases.map((x) => x.case_id));
    const entries = (await caseAudit(c.case_id)).filter((e) =>
      ['POST /case/restore', 'DELETE /case'].includes(e.action),
    );
    expect(entries.map((e) => [e.action, e.user_id, e.outcome, e.resource_ids])).toEqual([
      ['POST /case/restore', globalAdmin.sub, 'allowed', [c.case_id]],
      ['DELETE /case', owner.sub, 'allowed', [c.case_id]],
    ]);
  });
});

// Last in the file: the fake clock is 31 days ahead, so every case deleted above is purged too.
describe('the 30-day purge', () => {
  it('writes one system entry per removed case, and a failed audit write stops the purge of that case', async () => {
    // Prepare: two deleted cases with a document each
    const [a, b] = [await newCase(), await newCase()];
    const docA = await upload(a.case_id, 'misc', 'a.pdf');
    for (const c of [a, b]) {
      const res = await local.api('DELETE', '/case', { token: owner.accessToken, query: { case_id: c.case_id } });
      expect(res.status).toBe(200);
    }
    const later = new Date(Date.now() + 31 * DAY);
    let failOn: string | undefined = b.case_id;
    const written: string[] = [];
    const { writeAuditEntry } = await import('../../../lambdas/lib/audit-writer');

    // Act: a first run whose audit write fails on b, then a run whose writes succeed
    const first = await purgeDeletedCases({
      now: later,
      limit: 1000,
      writeAudit: async (entry) => {
        if (entry.case_id === failOn) throw new Error('audit table unavailable');
        written.push(entry.case_id ?? '');
        await writeAuditEntry(entry);
      },
    }).catch((err: unknown) => err as Error);
    const bAfterFailure = await getCase(b.case_id, true, { includeDeleted: true });
    failOn = undefined;
    const second = await purgeDeletedCases({ now: later, limit: 1000 });
    await local.stack.lambdaIdle();

    // Assess: the failed write left b deleted but not removed
    expect(first).toBeInstanceOf(Error);
    expect((first as Error).message).toBe('audit table unavailable');
    expect(written).not.toContain(b.case_id);
    expect(bAfterFailure?.deleted_at).toEqual(expect.any(String));
    expect(second.purged).toContain(b.case_id);
    expect(await getCase(b.case_id, true, { includeDeleted: true })).toBeUndefined();
    expect(await headObject(docA.key)).toBeUndefined();
    for (const c of [a, b]) {
      const out = await ddb().send(
        new QueryCommand({
          TableName: getEnv().AUDIT_TABLE,
          IndexName: 'byCase',
          KeyConditionExpression: 'case_id = :c',
          ExpressionAttributeValues: { ':c': c.case_id },
        }),
      );
      const purges = (out.Items ?? []).filter((e) => e.action === PURGE_AUDIT_ACTION);
      expect(purges).toHaveLength(1);
      expect(purges[0]).toMatchObject({
        user_id: 'system',
        username: 'system',
        outcome: 'allowed',
        resource_type: 'case',
        resource_ids: [c.case_id],
        at: later.toISOString(),
      });
    }
  });
});
