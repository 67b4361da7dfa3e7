/**
 * Notes on a case through the local gateway and the real emulators (docs/decisions/0023-case-notes.md):
 * the owner and the back office read and write them, anyone else gets the case's 404 and writes
 * nothing; the text is checked after trimming and may span lines (400, nothing written); pages come newest first with a
 * sealed cursor bound to the caller and the case; a soft-deleted case's notes answer 404 until it is
 * restored; every call leaves an audit entry naming its action and the case; the purge's delete
 * removes a case's notes.
 */
import './quiet';
import type { AuditPage } from '../../../shared/schemas/audit';
import type { CaseNote, CaseNotesPage } from '../../../shared/schemas/notes';
import { deleteNotesOfCase } from '../../../lambdas/data/notes/repository';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, ownSurgeonAndFacility, signedInAdmin, signedInProvider, type Refs } from './support';

jest.setTimeout(120_000);

const local = useLocalStack();

let owner: TestUser;
let other: TestUser;
let caseAdmin: TestUser;
let globalAdmin: TestUser;
let refs: Refs;

beforeAll(async () => {
  [owner, other, caseAdmin, globalAdmin] = await Promise.all([
    signedInProvider(local, { first_name: 'Nora', last_name: 'Owner' }),
    signedInProvider(local),
    signedInAdmin(local, 10),
    signedInAdmin(local, 100),
  ]);
  refs = await ownSurgeonAndFacility(local, owner);
});

async function newCase(): Promise<string> {
  const res = await local.api<{ case: { case_id: string } }>('POST', '/case', {
    token: owner.accessToken,
    body: caseBody(refs),
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status}`);
  return res.body.case.case_id;
}

const post = (user: TestUser, body: unknown) =>
  local.api<{ note: CaseNote; errors?: { field: string; message: string }[] }>('POST', '/case/notes', {
    token: user.accessToken,
    body,
  });

const page = (user: TestUser, caseId: string, query: Record<string, string | number> = {}) =>
  local.api<CaseNotesPage>('GET', '/case/notes', { token: user.accessToken, query: { case_id: caseId, ...query } });

/** The entries of the audit trail about `caseId` for `action`, newest first. */
async function auditOf(caseId: string, action: string) {
  const res = await local.api<AuditPage>('GET', '/audit', {
    token: globalAdmin.accessToken,
    query: { case_id: caseId, action, limit: 50 },
  });
  expect(res.status).toBe(200);
  return res.body.entries;
}

describe('notes on a case', () => {
  it('lets the owner and the back office write and read them, with author, role and time', async () => {
    // Prepare
    const caseId = await newCase();

    // Act
    const first = await post(owner, { case_id: caseId, text: '  Patient called about the bill.  ' });
    const second = await post(caseAdmin, { case_id: caseId, text: 'Sent to the payer today.' });
    const byOwner = await page(owner, caseId);
    const byAdmin = await page(caseAdmin, caseId);

    // Assess
    expect(first.status).toBe(201);
    expect(first.body.note).toEqual({
      note_id: expect.any(String),
      author_id: owner.sub,
      author_name: 'Nora Owner',
      author_role: 'Provider',
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      text: 'Patient called about the bill.',
    });
    expect(second.status).toBe(201);
    expect(second.body.note).toMatchObject({ author_id: caseAdmin.sub, author_role: 'Case Admin' });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.notes.map((n) => n.text)).toEqual([
      'Sent to the payer today.',
      'Patient called about the bill.',
    ]);
    expect(byOwner.body.next_cursor).toBeUndefined();
    expect(byAdmin.body.notes).toEqual(byOwner.body.notes);
  });

  it('answers another provider 404 for reading and writing, writes nothing and records the refusal', async () => {
    // Prepare
    const caseId = await newCase();
    await post(owner, { case_id: caseId, text: 'Only for the practice and the billers.' });

    // Act
    const read = await page(other, caseId);
    const write = await post(other, { case_id: caseId, text: 'Not mine to write.' });
    const after = await page(owner, caseId);

    // Assess
    expect(read.status).toBe(404);
    expect(read.body).not.toHaveProperty('notes');
    expect(write.status).toBe(404);
    expect(after.body.notes.map((n) => n.text)).toEqual(['Only for the practice and the billers.']);
    const [denied] = await auditOf(caseId, 'POST /case/notes');
    expect(denied).toMatchObject({ user_id: other.sub, status: 404, outcome: 'denied', case_id: caseId });
  });

  it('refuses an empty or too long text with 400 and writes nothing', async () => {
    // Prepare
    const caseId = await newCase();
    const longest = 'x'.repeat(2000);

    // Act
    const blank = await post(owner, { case_id: caseId, text: '   \n ' });
    const missing = await post(owner, { case_id: caseId });
    const tooLong = await post(owner, { case_id: caseId, text: `${longest}y` });
    const before = await page(owner, caseId);
    const padded = await post(owner, { case_id: caseId, text: `  ${longest}  ` });
    const lines = await post(owner, { case_id: caseId, text: 'First line.\nSecond line.' });
    const control = await post(owner, { case_id: caseId, text: 'Bell \u0007 inside' });

    // Assess
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([{ field: 'text', message: 'Please write a note' }]);
    expect(missing.status).toBe(400);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([{ field: 'text', message: 'A note must be at most 2,000 characters' }]);
    expect(before.body.notes).toEqual([]);
    expect(padded.status).toBe(201);
    expect(padded.body.note.text).toBe(longest);
    expect(lines.status).toBe(201);
    expect(lines.body.note.text).toBe('First line.\nSecond line.');
    expect(control.status).toBe(400);
  });

  it('pages newest first with a cursor that opens only for the same caller and case', async () => {
    // Prepare
    const caseId = await newCase();
    const otherCase = await newCase();
    for (let i = 1; i <= 5; i++) {
      const res = await post(owner, { case_id: caseId, text: `Note ${i}` });
      expect(res.status).toBe(201);
    }

    // Act
    const one = await page(owner, caseId, { limit: 2 });
    const two = await page(owner, caseId, { limit: 2, cursor: one.body.next_cursor! });
    const three = await page(owner, caseId, { limit: 2, cursor: two.body.next_cursor! });
    const foreignCase = await page(owner, otherCase, { limit: 2, cursor: one.body.next_cursor! });
    const foreignCaller = await page(caseAdmin, caseId, { limit: 2, cursor: one.body.next_cursor! });

    // Assess
    const texts = [one, two, three].map((p) => p.body.notes.map((n) => n.text));
    expect(texts).toEqual([['Note 5', 'Note 4'], ['Note 3', 'Note 2'], ['Note 1']]);
    expect(one.body.next_cursor).toEqual(expect.any(String));
    expect(three.body.next_cursor).toBeUndefined();
    expect(foreignCase.status).toBe(400);
    expect(foreignCaller.status).toBe(400);
  });

  it('answers 404 for the notes of a soft-deleted case, and gives them back with the case', async () => {
    // Prepare
    const caseId = await newCase();
    await post(caseAdmin, { case_id: caseId, text: 'Kept while the case is deleted.' });
    const del = await local.api('DELETE', '/case', { token: owner.accessToken, query: { case_id: caseId } });
    expect(del.status).toBe(200);

    // Act
    const ownerRead = await page(owner, caseId);
    const adminRead = await page(caseAdmin, caseId);
    const write = await post(caseAdmin, { case_id: caseId, text: 'Too late.' });
    const restored = await local.api('POST', '/case/restore', {
      token: globalAdmin.accessToken,
      body: { case_id: caseId },
    });
    const afterRestore = await page(owner, caseId);

    // Assess
    expect([ownerRead.status, adminRead.status, write.status]).toEqual([404, 404, 404]);
    expect(restored.status).toBe(200);
    expect(afterRestore.body.notes.map((n) => n.text)).toEqual(['Kept while the case is deleted.']);
  });

  it('leaves an audit entry per call that names the action and the case, never the text', async () => {
    // Prepare
    const caseId = await newCase();
    const text = 'Audit must not hold this sentence.';

    // Act
    await post(owner, { case_id: caseId, text });
    await page(caseAdmin, caseId);
    const writes = await auditOf(caseId, 'POST /case/notes');
    const reads = await auditOf(caseId, 'GET /case/notes');

    // Assess
    expect(writes[0]).toMatchObject({
      user_id: owner.sub,
      action: 'POST /case/notes',
      status: 201,
      outcome: 'allowed',
      resource_type: 'case',
      case_id: caseId,
    });
    expect(reads[0]).toMatchObject({ user_id: caseAdmin.sub, action: 'GET /case/notes', outcome: 'allowed' });
    expect(JSON.stringify([...writes, ...reads])).not.toContain(text);
  });

  it('deletes every note of a case for the purge', async () => {
    // Prepare
    const caseId = await newCase();
    await post(owner, { case_id: caseId, text: 'One' });
    await post(owner, { case_id: caseId, text: 'Two' });

    // Act
    const deleted = await deleteNotesOfCase(caseId);

    // Assess
    expect(deleted).toBe(2);
    expect((await page(owner, caseId)).body.notes).toEqual([]);
  });
});
