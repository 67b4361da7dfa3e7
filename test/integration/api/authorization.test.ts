/**
 * The authorization table: every route of the route table (lambdas/routes.ts)
 * called by an anonymous visitor, two providers (A owns the case, surgeon, facility, profile and
 * document the calls name; B is another provider) and back-office users of user_type 10, 20, 50,
 * 100 and 1000, with the status each caller must get. The rules come from spec
 * back-office-and-shell section 6 (roles) and provider-side section 6, as the route contracts
 * (`x-user-types` of shared/openapi.json, docs/api.md) state them.
 *
 * Destructive calls (DELETE, type changes) act on a fresh resource per caller, so that one caller's
 * success cannot turn the next caller's answer into a 404. A route missing from {@link TABLE} fails
 * the first test: a new route cannot ship without its row.
 */
import './quiet';
import { getRegistry } from '../../../local/nppes-registry';
import { ROUTES } from '../../../lambdas/routes';
import { useLocalStack, type TestUser } from '../../support/local';
import { auditEntriesOf, caseBody, ownSurgeonAndFacility, signedInAdmin, signedInProvider, type Refs } from './support';

jest.setTimeout(240_000);

const local = useLocalStack();

const CALLERS = ['anonymous', 'providerA', 'providerB', 'type10', 'type20', 'type50', 'type100', 'type1000'] as const;
type Caller = (typeof CALLERS)[number];
type RouteOf<R> = R extends { method: infer M extends string; path: infer P extends string } ? `${M} ${P}` : never;
type RouteKey = RouteOf<(typeof ROUTES)[number]>;

interface Request {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

interface Row {
  /** The request a caller sends (may create a fresh resource owned by provider A first). */
  request: (caller: Caller) => Promise<Request> | Request;
  /**
   * The audit outcome of this row's 404s when they are not another owner's item (a key that names
   * nothing): 'failed'. Absent: {@link expectedOutcome}'s rule.
   */
  missing404?: 'failed';
  /** Expected statuses, in the order of {@link CALLERS}: anonymous, A, B, 10, 20, 50, 100, 1000. */
  expect: readonly [number, number, number, number, number, number, number, number];
}

const users = {} as Record<Exclude<Caller, 'anonymous'>, TestUser>;
let refs: Refs;
/** Each signed-in caller's own surgeon and facility (to create cases of their own). */
const refsOf = {} as Record<Exclude<Caller, 'anonymous'>, Refs>;
let caseId: string;
let documentKey: string;

/** A new case of provider A with one dispute event (`ev-000001`), recorded by back office. */
async function disputedCaseOfA(): Promise<string> {
  const id = await newCaseOfA();
  const res = await local.api('POST', '/dispute/event', {
    token: users.type10.accessToken,
    body: { case_id: id, type: 'bill_sent', date: '2026-02-10' },
  });
  if (res.status !== 200) throw new Error(`dispute event failed: ${res.status}`);
  return id;
}

async function newCaseOfA(): Promise<string> {
  const res = await local.api<{ case: { case_id: string } }>('POST', '/case', {
    token: users.providerA.accessToken,
    body: caseBody(refs),
  });
  if (res.status !== 201) throw new Error(`case create failed: ${res.status}`);
  return res.body.case.case_id;
}

async function newSurgeonOfA(): Promise<string> {
  const res = await local.api<{ surgeon: { surgeon_id: string } }>('POST', '/surgeon', {
    token: users.providerA.accessToken,
    body: { first_name: 'Cristina', last_name: 'Yang', surgeon_npi: '0', manual_entry: true, surgeon_state: 'WA' },
  });
  if (res.status !== 201) throw new Error(`surgeon create failed: ${res.status}`);
  return res.body.surgeon.surgeon_id;
}

async function newFacilityOfA(): Promise<string> {
  const res = await local.api<{ facility: { facility_id: string } }>('POST', '/facility', {
    token: users.providerA.accessToken,
    body: {
      facility_name: 'Seaside Ambulatory Surgery LLC',
      facility_npi: '0',
      manual_entry: true,
      facility_state: 'ME',
    },
  });
  if (res.status !== 201) throw new Error(`facility create failed: ${res.status}`);
  return res.body.facility.facility_id;
}

/** Upload and attach a small PDF as provider A's case demographic sheet; answers the attached key. */
async function attachedDocumentOfA(id: string): Promise<string> {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const ticket = await local.api<{
    key: string;
    upload: { method: string; url: string; headers: Record<string, string> };
  }>('POST', '/document', {
    token: users.providerA.accessToken,
    body: {
      case_id: id,
      slot: 'demographic_sheet',
      file_name: 'demo.pdf',
      content_type: 'application/pdf',
      size: pdf.length,
    },
  });
  if (ticket.status !== 200) throw new Error(`upload request failed: ${ticket.status}`);
  const put = await fetch(ticket.body.upload.url, {
    method: ticket.body.upload.method,
    headers: ticket.body.upload.headers,
    body: new Uint8Array(pdf),
  });
  if (put.status !== 200) throw new Error(`upload failed: ${put.status}`);
  const confirm = await local.api<{ case: { demo_file: string } }>('POST', '/document/confirm', {
    token: users.providerA.accessToken,
    body: { key: ticket.body.key },
  });
  if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status}`);
  return confirm.body.case.demo_file;
}

/** A fresh provider with a profile (the target of user deletions). */
async function freshProviderId(): Promise<string> {
  return (await signedInProvider(local)).sub;
}

let uniqueCounter = 0;
/** A name no other call of this file uses. */
function unique(prefix: string): string {
  uniqueCounter += 1;
  return `${prefix} ${Date.now().toString(36)}${uniqueCounter}`;
}

/** A fresh case of provider A, deleted (soft) by A: something to restore. */
async function deletedCaseOfA(): Promise<string> {
  const id = await newCaseOfA();
  const res = await local.api('DELETE', '/case', { token: users.providerA.accessToken, query: { case_id: id } });
  if (res.status !== 200) throw new Error(`case delete failed: ${res.status}`);
  return id;
}

/** A fresh insurance type, added by the global admin (user_type 100). */
async function newInsuranceType(): Promise<string> {
  const res = await local.api<{ insurance_type: { insurance_id: string } }>('POST', '/lists/insurance', {
    token: users.type100.accessToken,
    body: { name: unique('Payer') },
  });
  if (res.status !== 201) throw new Error(`insurance create failed: ${res.status}`);
  return res.body.insurance_type.insurance_id;
}

/** A fresh import job (file never uploaded), opened by the global admin. */
async function newImportJob(): Promise<string> {
  const res = await local.api<{ job: { job_id: string } }>('POST', '/lists/import', {
    token: users.type100.accessToken,
    body: { kind: 'nucc', file_name: 'taxonomy.csv', size: 128 },
  });
  if (res.status !== 201) throw new Error(`import open failed: ${res.status}`);
  return res.body.job.job_id;
}

/**
 * The outcome the audit must record for an answer: allowed below 400,
 * denied for 401 and 403, and for a 404 of another's case, document or profile (the only 404s of
 * these routes in this table), failed otherwise. Surgeons and facilities (no PHI) are keyed by the
 * caller's own partition: another's is simply not found there (failed).
 */
function expectedOutcome(key: string, status: number): string {
  if (status < 400) return 'allowed';
  if (status === 401 || status === 403) return 'denied';
  if (status === 404 && /^(\w+) \/(case|document|user|dispute|export)\b/.test(key)) return 'denied';
  return 'failed';
}

/** The newest audit entry of `userId` for `action` (index byUser, newest first). */
async function newestAuditEntry(userId: string, action: string): Promise<{ outcome: string; status: number }> {
  const item = (await auditEntriesOf(userId, action))[0];
  return { outcome: String(item?.outcome ?? 'none'), status: Number(item?.status ?? 0) };
}

const ALL = (status: number) => [401, status, status, status, status, status, status, status] as const;

const TABLE: Record<RouteKey, Row> = {
  'GET /case/health': { request: () => ({}), expect: [200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /health': { request: () => ({}), expect: [200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /case/filter': {
    request: () => ({ query: { user_id: users.providerA.sub, filter: 'incomplete' } }),
    expect: [401, 200, 403, 200, 200, 200, 200, 200],
  },
  'GET /case/stats': {
    request: () => ({ query: { range: 'all', user_id: users.providerA.sub } }),
    expect: [401, 200, 403, 200, 200, 200, 200, 200],
  },
  // The analytics charts: back office.
  'GET /case/analytics': { request: () => ({}), expect: [401, 403, 403, 200, 200, 200, 200, 200] },
  // Soft-deleted cases: user_type 100 or more.
  'GET /case/deleted': { request: () => ({}), expect: [401, 403, 403, 403, 403, 403, 200, 200] },
  'POST /case/restore': {
    request: async () => ({ body: { case_id: await deletedCaseOfA() } }),
    expect: [401, 403, 403, 403, 403, 403, 200, 200],
  },
  'GET /case': { request: () => ({ query: { case_id: caseId } }), expect: [401, 200, 404, 200, 200, 200, 200, 200] },
  // Notes on a case: whoever may see the case.
  'GET /case/notes': {
    request: () => ({ query: { case_id: caseId } }),
    expect: [401, 200, 404, 200, 200, 200, 200, 200],
  },
  'POST /case/notes': {
    request: () => ({ body: { case_id: caseId, text: 'Called the payer about the claim.' } }),
    expect: [401, 201, 404, 201, 201, 201, 201, 201],
  },
  // A case of the caller's own, with the caller's own surgeon and facility.
  'POST /case': {
    request: (caller) => ({ body: caseBody(caller === 'anonymous' ? refs : refsOf[caller]) }),
    expect: ALL(201),
  },
  'PATCH /case': {
    request: () => ({ body: { case_id: caseId, patient_first: 'Robin' } }),
    expect: [401, 200, 404, 200, 200, 200, 200, 200],
  },
  'PUT /case': {
    request: () => ({ body: { case_id: caseId, case_status: 10 } }),
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  'POST /case/bulk': {
    request: () => ({ body: { action: 'status', items: [{ case_id: caseId, case_status: 10 }] } }),
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  'DELETE /case': {
    request: async () => ({ query: { case_id: await newCaseOfA() } }),
    expect: [401, 200, 404, 200, 200, 200, 200, 200],
  },

  // The dispute desk: the calculator for everyone signed in; a case's dispute for its owner and back
  // office; writes and the back-office lists for back office only.
  'POST /dispute/calculate': {
    request: () => ({ body: { events: [{ type: 'bill_sent', date: '2026-02-10' }], as_of: '2026-03-02' } }),
    expect: ALL(200),
  },
  'GET /dispute': { request: () => ({ query: { case_id: caseId } }), expect: [401, 200, 404, 200, 200, 200, 200, 200] },
  'POST /dispute/event': {
    request: async () => ({ body: { case_id: await newCaseOfA(), type: 'bill_sent', date: '2026-02-10' } }),
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  'DELETE /dispute/event': {
    request: async () => ({
      query: { case_id: await disputedCaseOfA(), event_id: 'ev-000001', reason: 'Entered on the wrong case' },
    }),
    expect: [401, 403, 403, 200, 200, 200, 200, 200],
  },
  'GET /dispute/queue': { request: () => ({}), expect: [401, 403, 403, 200, 200, 200, 200, 200] },
  'GET /dispute/awards': { request: () => ({}), expect: [401, 403, 403, 200, 200, 200, 200, 200] },

  'GET /user': {
    request: () => ({ query: { user_id: users.providerA.sub } }),
    expect: [401, 200, 404, 200, 200, 200, 200, 200],
  },
  // Everyone here already has a profile: a second one is refused, and nobody can create another's.
  'POST /user': { request: () => ({ body: {} }), expect: ALL(409) },
  // A type change of another user: user admins (20 or more) only, to a type below their own.
  'PATCH /user': {
    request: async () => ({ body: { user_id: await freshProviderId(), user_type: 5 } }),
    expect: [401, 404, 404, 403, 200, 200, 200, 200],
  },
  'DELETE /user': {
    request: async () => ({ query: { user_id: await freshProviderId() } }),
    expect: [401, 404, 404, 403, 200, 200, 200, 200],
  },
  // The audit trail: user_type 100 or more.
  'GET /audit': {
    request: () => ({ query: { user_id: users.providerA.sub, limit: 5 } }),
    expect: [401, 403, 403, 403, 403, 403, 200, 200],
  },
  'GET /user/list': { request: () => ({ query: { limit: 5 } }), expect: [401, 403, 403, 403, 200, 200, 200, 200] },
  'GET /user/invitations': {
    request: () => ({ query: { limit: 5 } }),
    expect: [401, 403, 403, 403, 200, 200, 200, 200],
  },
  'POST /user/invite': {
    request: () => ({ body: { email: `invitee-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com` } }),
    expect: [401, 403, 403, 403, 201, 201, 201, 201],
  },

  'GET /surgeon/search': { request: () => ({ query: { first_name: 'John', last_name: 'Smith' } }), expect: ALL(200) },
  'GET /surgeon': {
    request: () => ({ query: { user_id: users.providerA.sub } }),
    expect: [401, 200, 403, 200, 200, 200, 200, 200],
  },
  'POST /surgeon': {
    request: () => ({ body: { first_name: 'Miranda', last_name: 'Bailey', surgeon_npi: '0', manual_entry: true } }),
    expect: ALL(201),
  },
  'PATCH /surgeon': {
    request: () => ({ body: { surgeon_id: refs.surgeonId, surgeon_city: 'Seattle' } }),
    expect: [401, 200, 404, 404, 404, 404, 404, 404],
  },
  'DELETE /surgeon': {
    request: async () => ({ query: { surgeon_id: await newSurgeonOfA() } }),
    expect: [401, 200, 404, 404, 404, 404, 404, 404],
  },

  'GET /facility/search': { request: () => ({ query: { facility_name: 'Mercy' } }), expect: ALL(200) },
  'GET /facility': {
    request: () => ({ query: { user_id: users.providerA.sub } }),
    expect: [401, 200, 403, 200, 200, 200, 200, 200],
  },
  'POST /facility': {
    request: () => ({ body: { facility_name: 'Harborview Surgical Suites', facility_npi: '0', manual_entry: true } }),
    expect: ALL(201),
  },
  'PATCH /facility': {
    request: () => ({ body: { facility_id: refs.facilityId, facility_city: 'Bangor' } }),
    expect: [401, 200, 404, 404, 404, 404, 404, 404],
  },
  'DELETE /facility': {
    request: async () => ({ query: { facility_id: await newFacilityOfA() } }),
    expect: [401, 200, 404, 404, 404, 404, 404, 404],
  },

  'GET /cpt_codes': { request: () => ({ query: { search: '27' } }), expect: ALL(200) },

  // Spec provider-side section 7 calls it without credentials; it is behind sign-in (docs/decisions/0009-spec-departures.md).
  'GET /check_npi': {
    request: () => ({ query: { npi: getRegistry().surgeons[0]!.number } }),
    expect: [401, 200, 200, 200, 200, 200, 200, 200],
  },

  'POST /document': {
    request: () => ({
      body: { case_id: caseId, slot: 'op_note', file_name: 'note.pdf', content_type: 'application/pdf', size: 64 },
    }),
    expect: [401, 200, 404, 200, 200, 200, 200, 200],
  },
  // A key of A's case whose object was never uploaded: who may see the case learns that (400), others get 404.
  'POST /document/confirm': {
    request: () => ({ body: { key: `${documentKey.replace(/[^/]+$/, '')}never-uploaded.pdf` } }),
    // A key of no document (outside the key layout): not found for everyone, recorded as failed.
    missing404: 'failed',
    expect: [401, 404, 404, 404, 404, 404, 404, 404],
  },
  'GET /document': {
    request: () => ({ query: { key: documentKey } }),
    expect: [401, 200, 404, 200, 200, 200, 200, 200],
  },
  'DELETE /document': {
    request: async () => ({ query: { key: await attachedDocumentOfA(await newCaseOfA()) } }),
    expect: [401, 200, 404, 200, 200, 200, 200, 200],
  },
  'GET /doc_types': { request: () => ({}), expect: ALL(200) },
  // Reference lists: list management is user_type 100 or more; the payer list
  // feeds the case form, so every signed-in user reads it.
  'GET /lists/insurance': { request: () => ({ query: { limit: 5 } }), expect: ALL(200) },
  'POST /lists/insurance': {
    request: () => ({ body: { name: unique('Payer') } }),
    expect: [401, 403, 403, 403, 403, 403, 201, 201],
  },
  'PATCH /lists/insurance': {
    request: async () => ({ body: { insurance_id: await newInsuranceType(), name: unique('Renamed') } }),
    expect: [401, 403, 403, 403, 403, 403, 200, 200],
  },
  'DELETE /lists/insurance': {
    request: async () => ({ query: { insurance_id: await newInsuranceType() } }),
    expect: [401, 403, 403, 403, 403, 403, 200, 200],
  },
  'GET /lists/doctor_types': {
    request: () => ({ query: { limit: 5 } }),
    expect: [401, 403, 403, 403, 403, 403, 200, 200],
  },
  'POST /lists/import': {
    request: () => ({ body: { kind: 'cpt', file_name: 'PPRRVU.csv', size: 1024 } }),
    expect: [401, 403, 403, 403, 403, 403, 201, 201],
  },
  // The file was never uploaded: who may import learns that (400), nobody else gets that far.
  'POST /lists/import/start': {
    request: async () => ({ body: { job_id: await newImportJob() } }),
    expect: [401, 403, 403, 403, 403, 403, 400, 400],
  },
  'GET /lists/import': {
    request: async () => ({ query: { job_id: await newImportJob() } }),
    expect: [401, 403, 403, 403, 403, 403, 200, 200],
  },
  // The payment report: user_type 50 or more; a case in Paid exists (beforeAll).
  'GET /report/permission': { request: () => ({}), expect: ALL(200) },
  'POST /report/provider-payment': { request: () => ({ body: {} }), expect: [401, 403, 403, 403, 403, 200, 200, 200] },
  'GET /report/history': { request: () => ({}), expect: [401, 403, 403, 403, 403, 200, 200, 200] },
  // Another's or an unknown report: the same 404 as a missing one.
  'GET /report/download': {
    request: () => ({ query: { id: '2026-01-01T00:00:00.000Z#00000000' } }),
    expect: [401, 403, 403, 403, 403, 404, 404, 404],
  },
  // The API description: every signed-in user (docs/api.md).
  'GET /openapi.json': { request: () => ({}), expect: ALL(200) },
  // Messages to support: the contact form needs no sign-in (the honeypot filled, so that these calls
  // neither count toward the address's hourly limit nor send email), a bug report any signed-in
  // user, the Support inbox user_type 100 or more.
  'POST /contact': {
    request: () => ({ body: { ...CONTACT_BODY, website: 'https://spam.example' } }),
    expect: [201, 201, 201, 201, 201, 201, 201, 201],
  },
  'POST /support/bug': {
    request: () => ({ body: { message: 'The case list does not load.', page: '/dashboard' } }),
    expect: [401, 201, 201, 201, 201, 201, 201, 201],
  },
  'GET /support/messages': { request: () => ({}), expect: [401, 403, 403, 403, 403, 403, 200, 200] },
  'PATCH /support/messages': {
    request: async () => ({ body: { reference: await bugReportOfA(), state: 'handled' } }),
    expect: [401, 403, 403, 403, 403, 403, 200, 200],
  },
  'POST /reminders/run': { request: () => ({}), expect: [401, 403, 403, 403, 403, 403, 200, 200] },
  // Exports: what the list's own call allows (here provider A's cases); each export is its
  // requester's alone (another's id answers 404, as a missing one).
  'POST /export': {
    request: () => ({ body: { list: 'cases', filters: { user_id: users.providerA.sub } } }),
    expect: [401, 202, 403, 202, 202, 202, 202, 202],
  },
  'GET /export': {
    request: async () => ({ query: { export_id: await exportOfA() } }),
    expect: [401, 200, 404, 404, 404, 404, 404, 404],
  },
};

/** A new export of provider A's cases, asked by A. */
async function exportOfA(): Promise<string> {
  const res = await local.api<{ export_id: string }>('POST', '/export', {
    token: users.providerA.accessToken,
    body: { list: 'cases', filters: { user_id: users.providerA.sub } },
  });
  if (res.status !== 202) throw new Error(`export failed: ${res.status}`);
  return res.body.export_id;
}

/** A contact message's fields (shared/schemas/support.ts ContactBodySchema). */
const CONTACT_BODY = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  organization: 'Analytical Surgery',
  subject: 'A question',
  message: 'How do I invite my billing office?',
  inquiryType: 'support',
};

/** The reference of a new bug report of provider A. */
async function bugReportOfA(): Promise<string> {
  const res = await local.api<{ reference: string }>('POST', '/support/bug', {
    token: users.providerA.accessToken,
    body: { message: 'The Save button does nothing.', page: '/case/new' },
  });
  if (res.status !== 201) throw new Error(`bug report failed: ${res.status}`);
  return res.body.reference;
}

beforeAll(async () => {
  const [providerA, providerB, type10, type20, type50, type100, type1000] = await Promise.all([
    signedInProvider(local),
    signedInProvider(local),
    signedInAdmin(local, 10),
    signedInAdmin(local, 20),
    signedInAdmin(local, 50),
    signedInAdmin(local, 100),
    signedInAdmin(local, 1000),
  ]);
  Object.assign(users, { providerA, providerB, type10, type20, type50, type100, type1000 });
  for (const [name, user] of Object.entries(users)) {
    refsOf[name as keyof typeof users] = await ownSurgeonAndFacility(local, user);
  }
  refs = refsOf.providerA;
  caseId = await newCaseOfA();
  documentKey = await attachedDocumentOfA(caseId);
  // A case in Paid (20), so that the payment report has something to report.
  const paid = await local.api('PUT', '/case', {
    token: users.type10.accessToken,
    body: { case_id: await newCaseOfA(), case_status: 20 },
  });
  if (paid.status !== 200) throw new Error(`status change failed: ${paid.status}`);
});

describe('the authorization table', () => {
  it('has a row for every route of the route table and none for a route that does not exist', () => {
    // Prepare
    const routeKeys = ROUTES.map((r) => `${r.method} ${r.path}`).sort();

    // Act
    const tableKeys = Object.keys(TABLE).sort();

    // Assess
    expect(tableKeys).toEqual(routeKeys);
  });

  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`] as const))(
    '%s answers each caller as the rules say, and the audit records the outcome',
    async (key) => {
      // Prepare
      const row = TABLE[key as RouteKey];
      const [method, path] = key.split(' ') as [string, string];
      const observed: Record<string, number> = {};
      const expected: Record<string, number> = {};
      const audited: Record<string, { outcome: string; status: number }> = {};
      const expectedAudit: Record<string, { outcome: string; status: number }> = {};
      const open = ROUTES.some((r) => `${r.method} ${r.path}` === key && !r.auth);

      // Act
      for (const [i, caller] of CALLERS.entries()) {
        const request = await row.request(caller);
        const token = caller === 'anonymous' ? undefined : users[caller].accessToken;
        const res = await local.api(method, path, { token, query: request.query, body: request.body });
        observed[caller] = res.status;
        expected[caller] = row.expect[i]!;
        if (caller !== 'anonymous' && !open) {
          audited[caller] = await newestAuditEntry(users[caller].sub, key);
          const outcome = res.status === 404 && row.missing404 ? row.missing404 : expectedOutcome(key, res.status);
          expectedAudit[caller] = { outcome, status: res.status };
        }
      }

      // Assess
      expect(observed).toEqual(expected);
      expect(audited).toEqual(expectedAudit);
    },
  );
});
