/**
 * /case through the local gateway, Cognito tokens and dynalite (spec provider-side section 7).
 */
import './quiet';
import { getCase, updateCase } from '../../../lambdas/data/case/repository';
import { importStarterList } from '../../../lambdas/cpt_codes/starter';
import type { StatusHistoryEntry } from '../../../shared/workflow';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, ownSurgeonAndFacility, signedInAdmin, signedInProvider, type Refs } from './support';

jest.setTimeout(60_000);

const local = useLocalStack();

interface ApiCase {
  case_id: string;
  user_id: string;
  case_status: number;
  patient: { first: string; last: string; ins_provider: string };
  patient_first: string;
  patient_last: string;
  procedure_codes: { procedure_code: string; procedure_desc: string }[];
  note_file: string;
  demo_file: string;
  pay_amount?: number;
  version: number;
  file_keys: string;
  updatedAt: string;
  status_history: StatusHistoryEntry[];
}
interface CaseAnswer {
  success: boolean;
  message: string;
  case: ApiCase;
  case_id: string;
}
interface ListAnswer {
  success: boolean;
  cases: ApiCase[];
  count: number;
}

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let refs: Refs;

beforeAll(async () => {
  await importStarterList();
  [owner, other, admin] = await Promise.all([
    signedInProvider(local),
    signedInProvider(local),
    signedInAdmin(local, 10),
  ]);
  refs = await ownSurgeonAndFacility(local, owner);
});

async function createCase(user: TestUser = owner, overrides: Record<string, unknown> = {}): Promise<ApiCase> {
  const res = await local.api<CaseAnswer>('POST', '/case', {
    token: user.accessToken,
    body: caseBody(refs, overrides),
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.case;
}

describe('GET /case/health', () => {
  it('answers without a token', async () => {
    // Act
    const res = await local.api<{ status: string; service: string }>('GET', '/case/health');
    // Assess
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', service: 'case' });
  });
});

describe('POST /case', () => {
  it("creates an Incomplete case owned by the caller, with CPT descriptions, ignoring the body's user_id", async () => {
    // Act
    const res = await local.api<CaseAnswer>('POST', '/case', {
      token: owner.accessToken,
      body: caseBody(refs, { user_id: other.sub, case_id: `${other.sub}_1760000000000` }),
    });
    // Assess
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.case_id).toMatch(new RegExp(`^${owner.sub}_\\d{13}$`));
    expect(res.body.case).toMatchObject({
      user_id: owner.sub,
      case_status: 0,
      note_file: '',
      patient: { first: 'Pat' },
      status_history: [{ from: null, to: 0, by: owner.sub, why: 'auto' }],
    });
    expect(res.body.case.procedure_codes[0]).toEqual({
      procedure_code: '27447',
      procedure_desc: 'Knee replacement, total (arthroplasty)',
    });
  });

  it('keeps a client case id of the form `${sub}_<ms>` and answers 409 to a second POST with it, storing one case', async () => {
    // Prepare
    const wanted = `${owner.sub}_${Date.now() - 5000}`;
    const before = await local.api<ListAnswer>('GET', '/case', { token: owner.accessToken });
    // Act
    const first = await local.api<CaseAnswer>('POST', '/case', {
      token: owner.accessToken,
      body: caseBody(refs, { case_id: wanted }),
    });
    const second = await local.api<CaseAnswer>('POST', '/case', {
      token: owner.accessToken,
      body: caseBody(refs, { case_id: wanted, patient: { first: 'Other', last: 'Person', ins_provider: 'Cigna' } }),
    });
    // Assess
    expect(first.status).toBe(201);
    expect(first.body.case_id).toBe(wanted);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ success: false, message: 'A case with this id already exists' });
    const after = await local.api<ListAnswer>('GET', '/case', { token: owner.accessToken });
    expect(after.body.count).toBe(before.body.count + 1);
    const stored = await local.api<CaseAnswer>('GET', '/case', {
      token: owner.accessToken,
      query: { case_id: wanted },
    });
    expect(stored.body.case.patient.first).toBe('Pat');
  });

  it('builds a case id when the client sends none, one per request', async () => {
    // Act
    const [a, b] = await Promise.all([
      local.api<CaseAnswer>('POST', '/case', { token: owner.accessToken, body: caseBody(refs) }),
      local.api<CaseAnswer>('POST', '/case', { token: owner.accessToken, body: caseBody(refs) }),
    ]);
    // Assess
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.case_id).not.toBe(b.body.case_id);
  });

  it('answers the spec validation messages and writes nothing', async () => {
    // Prepare
    const before = await local.api<ListAnswer>('GET', '/case', { token: owner.accessToken });
    // Act
    const res = await local.api<{ message: string; errors: { field: string; message: string }[] }>('POST', '/case', {
      token: owner.accessToken,
      body: {
        case_date: '',
        surgeon_id: '',
        facility_id: refs.facilityId,
        patient: { first: 'P', last: '', ins_provider: '' },
      },
    });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Case date is required');
    expect(res.body.errors.map((e) => e.message)).toEqual(
      expect.arrayContaining([
        'Primary surgeon is required',
        'First name must be at least 2 characters',
        'Patient last name is required',
        'Insurance provider is required',
      ]),
    );
    const after = await local.api<ListAnswer>('GET', '/case', { token: owner.accessToken });
    expect(after.body.count).toBe(before.body.count);
  });

  it("refuses another provider's surgeon and facility", async () => {
    // Act
    const res = await local.api<{ message: string; errors: { message: string }[] }>('POST', '/case', {
      token: other.accessToken,
      body: caseBody(refs),
    });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.message)).toEqual(['Primary surgeon not found', 'Facility not found']);
  });

  it('answers 401 without a token', async () => {
    // Act
    const res = await local.api('POST', '/case', { body: caseBody(refs) });
    // Assess
    expect(res.status).toBe(401);
  });
});

describe('GET /case (one and list) and GET /case/filter', () => {
  it('returns one case to its owner and 404 to another provider, the same as a missing case', async () => {
    // Prepare
    const c = await createCase();
    // Act
    const mine = await local.api<CaseAnswer>('GET', '/case', {
      token: owner.accessToken,
      query: { case_id: c.case_id },
    });
    const theirs = await local.api<{ success: boolean; message: string }>('GET', '/case', {
      token: other.accessToken,
      query: { case_id: c.case_id },
    });
    const missing = await local.api<{ success: boolean; message: string }>('GET', '/case', {
      token: other.accessToken,
      query: { case_id: `${other.sub}_1` },
    });
    // Assess
    expect(mine.status).toBe(200);
    expect(mine.body.case.case_id).toBe(c.case_id);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
  });

  it("lists the caller's own cases newest first with a count, optionally by status", async () => {
    // Prepare
    const a = await createCase();
    const b = await createCase();
    // Act
    const all = await local.api<ListAnswer>('GET', '/case', {
      token: owner.accessToken,
      query: { user_id: owner.sub },
    });
    const incomplete = await local.api<ListAnswer>('GET', '/case', {
      token: owner.accessToken,
      query: { status: '0' },
    });
    const paid = await local.api<ListAnswer>('GET', '/case', { token: owner.accessToken, query: { status: 'paid' } });
    const unknown = await local.api<{ message: string }>('GET', '/case', {
      token: owner.accessToken,
      query: { status: 'pending' },
    });
    // Assess
    expect(all.status).toBe(200);
    const ids = all.body.cases.map((c) => c.case_id);
    expect(ids.indexOf(b.case_id)).toBeLessThan(ids.indexOf(a.case_id));
    expect(all.body.count).toBe(all.body.cases.length);
    expect(all.body.cases.every((c) => c.user_id === owner.sub)).toBe(true);
    expect(incomplete.body.count).toBe(all.body.count);
    expect(paid.body).toEqual({ success: true, cases: [], count: 0 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^status must be one of 0, 10/);
  });

  it("refuses a provider another user's list (403) and lets back office read it and everyone's", async () => {
    // Prepare
    const c = await createCase();
    // Act
    const refused = await local.api<{ message: string }>('GET', '/case', {
      token: other.accessToken,
      query: { user_id: owner.sub },
    });
    const filterRefused = await local.api('GET', '/case/filter', {
      token: other.accessToken,
      query: { user_id: owner.sub, filter: '0' },
    });
    const forAdmin = await local.api<ListAnswer>('GET', '/case', {
      token: admin.accessToken,
      query: { user_id: owner.sub },
    });
    const everyone = await local.api<ListAnswer>('GET', '/case', { token: admin.accessToken });
    const oneForAdmin = await local.api<CaseAnswer>('GET', '/case', {
      token: admin.accessToken,
      query: { case_id: c.case_id },
    });
    // Assess
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('No cases found or insufficient permissions');
    expect(filterRefused.status).toBe(403);
    expect(forAdmin.body.cases.map((x) => x.case_id)).toContain(c.case_id);
    expect(everyone.body.cases.map((x) => x.case_id)).toContain(c.case_id);
    expect(oneForAdmin.status).toBe(200);
  });

  it("filters the caller's cases by status number on /case/filter", async () => {
    // Prepare
    const c = await createCase();
    await local.api('PUT', '/case', { token: admin.accessToken, body: { case_id: c.case_id, case_status: 10 } });
    // Act
    const submitted = await local.api<ListAnswer>('GET', '/case/filter', {
      token: owner.accessToken,
      query: { user_id: owner.sub, filter: '10' },
    });
    const bad = await local.api<{ message: string }>('GET', '/case/filter', {
      token: owner.accessToken,
      query: { filter: '11' },
    });
    // Assess
    expect(submitted.status).toBe(200);
    expect(submitted.body.cases.map((x) => x.case_id)).toEqual([c.case_id]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^status must be one of/);
  });

  it('answers 401 without a token', async () => {
    // Act
    const one = await local.api('GET', '/case', { query: { case_id: 'x' } });
    const filter = await local.api('GET', '/case/filter', { query: { filter: '0' } });
    const forged = await local.api('GET', '/case', { token: 'not.a.jwt' });
    // Assess
    expect([one.status, filter.status, forged.status]).toEqual([401, 401, 401]);
  });
});

describe('PATCH /case', () => {
  it('changes only the sent fields, clears a file with null and bumps the version', async () => {
    // Prepare
    const created = await createCase(owner);
    const c = await updateCase(created.case_id, { note_file: 'op_1.pdf', demo_file: 'demo_1.pdf' });
    // Act
    const res = await local.api<CaseAnswer>('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, patient_last: 'Smith', note_file: null, procedure_codes: ['29827'] },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.case).toMatchObject({
      patient_first: 'Pat',
      patient_last: 'Smith',
      note_file: '',
      demo_file: 'demo_1.pdf',
      version: c.version + 1,
      procedure_codes: [{ procedure_code: '29827', procedure_desc: 'Shoulder scope with rotator cuff repair' }],
    });
  });

  it("answers 'case_id is required for case updates' and a stale version with 409", async () => {
    // Prepare
    const c = await createCase();
    // Act
    const noId = await local.api<{ message: string }>('PATCH', '/case', {
      token: owner.accessToken,
      body: { patient_last: 'Smith' },
    });
    const stale = await local.api('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, patient_last: 'Smith', version: c.version + 5 },
    });
    // Assess
    expect(noId.status).toBe(400);
    expect(noId.body.message).toBe('case_id is required for case updates');
    expect(stale.status).toBe(409);
  });

  it('answers 404 to another provider and lets back office set the pay amount in dollars', async () => {
    // Prepare
    const c = await createCase();
    // Act
    const refused = await local.api('PATCH', '/case', {
      token: other.accessToken,
      body: { case_id: c.case_id, patient_last: 'Smith' },
    });
    const providerPay = await local.api('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, pay_amount: 10 },
    });
    const adminPay = await local.api<CaseAnswer>('PATCH', '/case', {
      token: admin.accessToken,
      body: { case_id: c.case_id, pay_amount: '1234.5' },
    });
    // Assess
    expect(refused.status).toBe(404);
    expect(providerPay.status).toBe(403);
    expect(adminPay.status).toBe(200);
    expect(adminPay.body.case.pay_amount).toBe(1234.5);
  });

  it('removes the pay amount with null and refuses empty text, booleans, fractions of a cent and huge amounts', async () => {
    // Prepare
    const c = await createCase();
    await local.api('PATCH', '/case', { token: admin.accessToken, body: { case_id: c.case_id, pay_amount: 250 } });
    // Act
    const refused = await Promise.all(
      ['', true, 12.345, 1e300, -1].map((pay_amount) =>
        local.api<{ message: string }>('PATCH', '/case', {
          token: admin.accessToken,
          body: { case_id: c.case_id, pay_amount },
        }),
      ),
    );
    const kept = await local.api<CaseAnswer>('GET', '/case', {
      token: owner.accessToken,
      query: { case_id: c.case_id },
    });
    const cleared = await local.api<CaseAnswer>('PATCH', '/case', {
      token: admin.accessToken,
      body: { case_id: c.case_id, pay_amount: null },
    });
    // Assess
    for (const res of refused) {
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'pay_amount must be an amount in dollars from 0 to 10000000 with at most 2 decimals',
      );
    }
    expect(kept.body.case.pay_amount).toBe(250);
    expect(cleared.status).toBe(200);
    expect(cleared.body.case).not.toHaveProperty('pay_amount');
  });

  it('answers 400, not 500, for over-long text and ids, codes of the wrong type and file_keys that are not a JSON object', async () => {
    // Prepare
    const c = await createCase();
    const long = 'x'.repeat(3000);
    // Act
    const answers = {
      longName: await local.api<{ message: string }>('PATCH', '/case', {
        token: owner.accessToken,
        body: { case_id: c.case_id, patient_first: 'A'.repeat(450_000) },
      }),
      longId: await local.api<{ message: string }>('GET', '/case', {
        token: owner.accessToken,
        query: { case_id: long },
      }),
      longDelete: await local.api<{ message: string }>('DELETE', '/case', {
        token: owner.accessToken,
        query: { case_id: long },
      }),
      longSurgeon: await local.api<{ message: string }>('POST', '/case', {
        token: owner.accessToken,
        body: caseBody(refs, { surgeon_id: long }),
      }),
      codesAsNumber: await local.api<{ message: string }>('PATCH', '/case', {
        token: owner.accessToken,
        body: { case_id: c.case_id, procedure_codes: 27447 },
      }),
      fileKeys: await local.api<{ message: string }>('PATCH', '/case', {
        token: owner.accessToken,
        body: { case_id: c.case_id, file_keys: 'not json' },
      }),
      versionAsBoolean: await local.api<{ message: string }>('PATCH', '/case', {
        token: owner.accessToken,
        body: { case_id: c.case_id, version: true, patient_last: 'Other' },
      }),
      patientText: await local.api<{ message: string }>('POST', '/case', {
        token: owner.accessToken,
        body: caseBody(refs, { patient: 'x' }),
      }),
    };
    const after = await local.api<CaseAnswer>('GET', '/case', {
      token: owner.accessToken,
      query: { case_id: c.case_id },
    });
    // Assess
    expect(answers.longName.body.message).toBe('Patient first name must be at most 100 characters');
    expect(answers.longId.body.message).toBe('case_id must be at most 200 characters');
    expect(answers.longDelete.body.message).toBe('case_id must be at most 200 characters');
    expect(answers.longSurgeon.body.message).toBe('surgeon_id must be at most 200 characters');
    expect(answers.codesAsNumber.body.message).toBe('Procedure codes must be 5-character CPT or HCPCS codes');
    expect(answers.fileKeys.body.message).toBe(
      'file_keys must be a JSON object (demographic_sheet, op_note, misc_documents)',
    );
    expect(answers.patientText.body.message).toBe('Patient first name is required');
    expect(answers.versionAsBoolean.body.message).toBe('version must be a whole number');
    for (const res of Object.values(answers)) expect(res.status).toBe(400);
    expect(after.body.case).toEqual(c);
  });

  it('answers 401 without a token', async () => {
    // Act & Assess
    expect((await local.api('PATCH', '/case', { body: { case_id: 'x' } })).status).toBe(401);
  });
});

describe('PUT /case (status)', () => {
  it('lets back office change the status and refuses providers with 403', async () => {
    // Prepare
    const c = await createCase();
    // Act
    const provider = await local.api('PUT', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, case_status: 90 },
    });
    const invalid = await local.api<{ message: string }>('PUT', '/case', {
      token: admin.accessToken,
      body: { case_id: c.case_id, case_status: 15 },
    });
    const changed = await local.api<CaseAnswer>('PUT', '/case', {
      token: admin.accessToken,
      body: { case_id: c.case_id, case_status: 30 },
    });
    const missing = await local.api('PUT', '/case', {
      token: admin.accessToken,
      body: { case_id: `${owner.sub}_1`, case_status: 30 },
    });
    const notCoerced = await Promise.all(
      [null, '', false, []].map((case_status) =>
        local.api('PUT', '/case', { token: admin.accessToken, body: { case_id: c.case_id, case_status } }),
      ),
    );
    // Assess
    expect(provider.status).toBe(403);
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe('case_status must be one of 0, 10, 20, 30, 40, 50, 60, 70, 80, 90');
    expect(changed.body.case.case_status).toBe(30);
    expect(missing.status).toBe(404);
    expect(notCoerced.map((r) => r.status)).toEqual([400, 400, 400, 400]);
    const byStatus = await local.api<ListAnswer>('GET', '/case', {
      token: owner.accessToken,
      query: { status: 'sent_to_biller' },
    });
    expect(byStatus.body.cases.map((x) => x.case_id)).toEqual([c.case_id]);
  });

  it('answers 401 without a token', async () => {
    // Act & Assess
    expect((await local.api('PUT', '/case', { body: { case_id: 'x', case_status: 10 } })).status).toBe(401);
  });
});

describe('DELETE /case', () => {
  it("deletes the owner's case, answers 404 to another provider and to a second delete", async () => {
    // Prepare
    const c = await createCase();
    // Act
    const refused = await local.api('DELETE', '/case', { token: other.accessToken, query: { case_id: c.case_id } });
    const deleted = await local.api<{ success: boolean }>('DELETE', '/case', {
      token: owner.accessToken,
      query: { case_id: c.case_id },
    });
    const again = await local.api('DELETE', '/case', { token: owner.accessToken, query: { case_id: c.case_id } });
    const noId = await local.api<{ message: string }>('DELETE', '/case', { token: owner.accessToken });
    // Assess
    expect(refused.status).toBe(404);
    expect(deleted.status).toBe(200);
    expect(deleted.body.success).toBe(true);
    expect(again.status).toBe(404);
    expect(noId.status).toBe(400);
  });

  it('lets back office delete any case', async () => {
    // Prepare
    const c = await createCase();
    // Act
    const res = await local.api('DELETE', '/case', { token: admin.accessToken, query: { case_id: c.case_id } });
    // Assess
    expect(res.status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    // Act & Assess
    expect((await local.api('DELETE', '/case', { query: { case_id: 'x' } })).status).toBe(401);
  });
});

describe('the case workflow', () => {
  const demoKey = (caseId: string) => `private/case-documents/${owner.sub}/demo_${caseId}.pdf`;
  const opKey = (caseId: string) => `private/case-documents/${owner.sub}/op_${caseId}.pdf`;

  /** A case with both documents attached through the repository (the document flow's write) but no codes. */
  async function caseWithDocuments(): Promise<ApiCase> {
    const c = await createCase(owner, { procedure_codes: [] });
    await updateCase(
      c.case_id,
      {
        demo_file: demoKey(c.case_id),
        note_file: opKey(c.case_id),
        file_keys: JSON.stringify({
          demographic_sheet: demoKey(c.case_id),
          op_note: opKey(c.case_id),
          misc_documents: [],
          file_names: { [demoKey(c.case_id)]: 'demo.pdf', [opKey(c.case_id)]: 'op.pdf' },
        }),
      },
      { actor: owner.sub },
    );
    const res = await local.api<CaseAnswer>('GET', '/case', {
      token: owner.accessToken,
      query: { case_id: c.case_id },
    });
    return res.body.case;
  }

  it('moves a case to Submitted on the PATCH that completes it, back to Incomplete when it loses a part, and keeps the history', async () => {
    // Prepare
    const c = await caseWithDocuments();
    // Act
    const completed = await local.api<CaseAnswer>('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, procedure_codes: ['27447'], version: c.version },
    });
    const lost = await local.api<CaseAnswer>('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, note_file: null },
    });
    const read = await local.api<CaseAnswer>('GET', '/case', {
      token: owner.accessToken,
      query: { case_id: c.case_id },
    });
    const submittedList = await local.api<ListAnswer>('GET', '/case', {
      token: owner.accessToken,
      query: { status: 'submitted' },
    });
    // Assess
    expect(c.case_status).toBe(0);
    expect(completed.status).toBe(200);
    expect(completed.body.case.case_status).toBe(10);
    expect(lost.body.case.case_status).toBe(0);
    expect(read.body.case.status_history).toEqual([
      { from: null, to: 0, by: owner.sub, by_name: 'Ada Quill', at: expect.any(String), why: 'auto' },
      { from: 0, to: 10, by: owner.sub, by_name: 'Ada Quill', at: completed.body.case.updatedAt, why: 'auto' },
      { from: 10, to: 0, by: owner.sub, by_name: 'Ada Quill', at: lost.body.case.updatedAt, why: 'auto' },
    ]);
    expect(submittedList.body.cases.map((x) => x.case_id)).not.toContain(c.case_id);
    const stored = await getCase(c.case_id);
    expect(stored?.user_status).toBe(`${owner.sub}#0`);
  });

  it('keeps the status and the history of a case at 20 or above when a content write makes it incomplete', async () => {
    // Prepare
    const c = await caseWithDocuments();
    await local.api('PUT', '/case', { token: admin.accessToken, body: { case_id: c.case_id, case_status: 20 } });
    // Act
    const res = await local.api<CaseAnswer>('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, demo_file: '' },
    });
    // Assess
    expect(res.status).toBe(200);
    expect(res.body.case.case_status).toBe(20);
    expect(res.body.case.status_history.map((h) => [h.from, h.to, h.why])).toEqual([
      [null, 0, 'auto'],
      [0, 20, 'manual'],
    ]);
    expect(res.body.case.status_history[1]!.by).toBe(admin.sub);
  });

  it('refuses a status from a provider in PUT, POST and PATCH with 403 and changes nothing', async () => {
    // Prepare
    const c = await createCase();
    const before = await local.api<ListAnswer>('GET', '/case', { token: owner.accessToken });
    // Act
    const put = await local.api('PUT', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, case_status: 10 },
    });
    const post = await local.api('POST', '/case', {
      token: owner.accessToken,
      body: caseBody(refs, { case_status: 0 }),
    });
    const patch = await local.api('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, case_status: 10, patient_last: 'Changed' },
    });
    // Assess
    expect([put.status, post.status, patch.status]).toEqual([403, 403, 403]);
    const after = await local.api<ListAnswer>('GET', '/case', { token: owner.accessToken });
    expect(after.body.count).toBe(before.body.count);
    const stored = await getCase(c.case_id);
    expect(stored).toMatchObject({ case_status: 0, patient_last: 'Doe', version: c.version });
  });

  it('lets back office set a status in POST and PATCH as a manual change', async () => {
    // Prepare
    const adminRefs = await ownSurgeonAndFacility(local, admin);
    const c = await createCase();
    // Act
    const posted = await local.api<CaseAnswer>('POST', '/case', {
      token: admin.accessToken,
      body: caseBody(adminRefs, { case_status: 30 }),
    });
    const patched = await local.api<CaseAnswer>('PATCH', '/case', {
      token: admin.accessToken,
      body: { case_id: c.case_id, case_status: '40' },
    });
    // Assess
    expect(posted.status).toBe(201);
    expect(posted.body.case.case_status).toBe(30);
    expect(posted.body.case.status_history).toEqual([
      { from: null, to: 30, by: admin.sub, by_name: 'Admin Quill', at: expect.any(String), why: 'manual' },
    ]);
    expect(patched.status).toBe(200);
    expect(patched.body.case.case_status).toBe(40);
    expect(patched.body.case.status_history[1]).toMatchObject({ from: 0, to: 40, by: admin.sub, why: 'manual' });
    expect((await getCase(c.case_id))?.user_status).toBe(`${owner.sub}#40`);
  });

  it('applies two PATCHes sent at once without a version, both, one after the other', async () => {
    // Prepare
    const c = await createCase();
    // Act
    const [a, b] = await Promise.all([
      local.api<CaseAnswer>('PATCH', '/case', {
        token: owner.accessToken,
        body: { case_id: c.case_id, patient_first: 'Alex' },
      }),
      local.api<CaseAnswer>('PATCH', '/case', {
        token: owner.accessToken,
        body: { case_id: c.case_id, patient_last: 'Brown' },
      }),
    ]);
    // Assess
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await getCase(c.case_id)).toMatchObject({
      patient_first: 'Alex',
      patient_last: 'Brown',
      version: c.version + 2,
    });
  });
});

describe('file references on PATCH and POST /case', () => {
  it('refuses a file key the server did not issue, 400 naming the field, and keeps or clears the stored one', async () => {
    // Prepare
    const c = await createCase();
    const key = `private/case-documents/${owner.sub}/op_${c.case_id}.pdf`;
    const stored = await updateCase(c.case_id, {
      note_file: key,
      file_keys: JSON.stringify({
        demographic_sheet: '',
        op_note: key,
        misc_documents: [],
        file_names: { [key]: 'op.pdf' },
      }),
    });
    // Act
    const forged = await local.api<{ errors: { field: string }[] }>('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, demo_file: `private/case-documents/${other.sub}/demo_x.pdf` },
    });
    const forgedKeys = await local.api<{ errors: { field: string }[] }>('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, file_keys: JSON.stringify({ op_note: key, misc_documents: ['private/other.pdf'] }) },
    });
    const unchanged = await getCase(c.case_id);
    const kept = await local.api<CaseAnswer>('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, note_file: key, file_keys: JSON.stringify({ op_note: key }) },
    });
    const cleared = await local.api<CaseAnswer>('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, note_file: '', file_keys: null },
    });
    // Assess
    expect(forged.status).toBe(400);
    expect(forged.body.errors.map((e) => e.field)).toEqual(['demo_file']);
    expect(forgedKeys.status).toBe(400);
    expect(forgedKeys.body.errors.map((e) => e.field)).toEqual(['file_keys']);
    expect(unchanged).toEqual(stored);
    expect(kept.status).toBe(200);
    expect(kept.body.case.note_file).toBe(key);
    expect(JSON.parse(kept.body.case.file_keys)).toEqual({
      demographic_sheet: '',
      op_note: key,
      misc_documents: [],
      file_names: { [key]: 'op.pdf' },
    });
    expect(cleared.body.case).toMatchObject({ note_file: '', file_keys: '' });
  });

  it('refuses file fields on POST /case and stores no case', async () => {
    // Prepare
    const before = await local.api<ListAnswer>('GET', '/case', { token: owner.accessToken });
    // Act
    const res = await local.api<{ errors: { field: string; message: string }[] }>('POST', '/case', {
      token: owner.accessToken,
      body: caseBody(refs, { demo_file: 'demo.pdf', file_keys: { op_note: 'op.pdf' } }),
    });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field)).toEqual(['demo_file', 'file_keys']);
    const after = await local.api<ListAnswer>('GET', '/case', { token: owner.accessToken });
    expect(after.body.count).toBe(before.body.count);
  });
});

describe('bad input on /case', () => {
  it('answers 415 to a body that is not application/json and creates nothing', async () => {
    // Prepare
    const before = await local.api<ListAnswer>('GET', '/case', { token: owner.accessToken });
    // Act
    const res = await local.api<{ message: string }>('POST', '/case', {
      token: owner.accessToken,
      body: JSON.stringify(caseBody(refs)),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // Assess
    expect(res.status).toBe(415);
    const after = await local.api<ListAnswer>('GET', '/case', { token: owner.accessToken });
    expect(after.body.count).toBe(before.body.count);
  });

  it('answers 400 naming the field for control characters in a body or a query parameter', async () => {
    // Prepare
    const c = await createCase();
    // Act
    const body = await local.api<{ errors: { field: string; message: string }[] }>('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, patient: { first: 'Pa\u0000t' } },
    });
    const codes = await local.api<{ errors: { field: string; message: string }[] }>('POST', '/case', {
      token: owner.accessToken,
      body: caseBody(refs, { procedure_codes: ['27447', '2988\u001b1'] }),
    });
    const query = await local.api<{ errors: { field: string; message: string }[] }>('GET', '/case', {
      token: owner.accessToken,
      query: { case_id: `${c.case_id}\u0000` },
    });
    // Assess
    expect(body.status).toBe(400);
    expect(body.body.errors).toEqual([
      { field: 'patient.first', message: 'patient.first must not contain control characters' },
    ]);
    expect(codes.status).toBe(400);
    expect(codes.body.errors[0]!.field).toBe('procedure_codes.1');
    expect(query.status).toBe(400);
    expect(query.body.errors[0]!.field).toBe('case_id');
    expect((await getCase(c.case_id))?.patient_first).toBe('Pat');
  });

  it('answers 400 with a message naming the case date before 1900-01-01 or more than a year ahead', async () => {
    // Prepare
    const c = await createCase();
    // Act
    const early = await local.api<{ errors: { field: string; message: string }[] }>('POST', '/case', {
      token: owner.accessToken,
      body: caseBody(refs, { case_date: '1899-12-31' }),
    });
    const late = await local.api<{ errors: { field: string; message: string }[] }>('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, case_date: `${new Date().getUTCFullYear() + 2}-01-01` },
    });
    // Assess
    expect(early.status).toBe(400);
    expect(early.body.errors).toEqual([{ field: 'case_date', message: 'Case date must be on or after 1900-01-01' }]);
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual([
      { field: 'case_date', message: 'Case date must be no more than one year ahead' },
    ]);
    expect((await getCase(c.case_id))?.case_date).toBe('2026-02-03');
  });
});
