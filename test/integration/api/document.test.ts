/**
 * /document through the local gateway and the verifying S3 layer in front of s3rver (spec
 * provider-side section 3; contract in shared/schemas/document.ts). Bytes go to the presigned URLs with fetch,
 * as a browser sends them.
 */
import './quiet';
import { createHash } from 'node:crypto';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { deleteCase as repoDeleteCase, getCase } from '../../../lambdas/data/case/repository';
import { SignatureV4 } from '@smithy/signature-v4';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { parseFileKeys, type UploadTicket } from '../../../shared';
import { s3Client } from '../../../lambdas/lib/aws';
import { NodeSha256 } from '../../../local/sigv4';
import { headObject } from '../../../lambdas/lib/storage';
import { useLocalStack, type TestUser } from '../../support/local';
import { caseBody, ownSurgeonAndFacility, signedInAdmin, signedInProvider, type Refs } from './support';

jest.setTimeout(90_000);

const local = useLocalStack();

interface ApiCase {
  case_id: string;
  user_id: string;
  demo_file: string;
  note_file: string;
  misc_file: string;
  file_keys: string;
  version: number;
  case_status: number;
  status_history?: { from: number | null; to: number; by: string; at: string; why: string }[];
}
interface CaseAnswer {
  success: boolean;
  message: string;
  case: ApiCase;
}
interface UserAnswer {
  success: boolean;
  message: string;
  user: { documents: { document_type: string; document_name: string; file_name?: string }[] };
}
interface ErrorAnswer {
  success: false;
  message: string;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('fictitious docx body')]);
const BUCKET = 'suture-local-documents';

let owner: TestUser;
let other: TestUser;
let caseAdmin: TestUser;
let userAdmin: TestUser;
let refs: Refs;

beforeAll(async () => {
  [owner, other, caseAdmin, userAdmin] = await Promise.all([
    signedInProvider(local),
    signedInProvider(local),
    signedInAdmin(local, 10),
    signedInAdmin(local, 20),
  ]);
  refs = await ownSurgeonAndFacility(local, owner);
});

async function newCase(user: TestUser = owner): Promise<ApiCase> {
  const res = await local.api<CaseAnswer>('POST', '/case', { token: user.accessToken, body: caseBody(refs) });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.case;
}

async function requestUpload(user: TestUser, body: Record<string, unknown>) {
  return local.api<UploadTicket & ErrorAnswer>('POST', '/document', { token: user.accessToken, body });
}

/** PUT the bytes to the ticket's URL with exactly its headers, as the SPA does. */
function putBytes(ticket: UploadTicket, bytes: Buffer, extraHeaders: Record<string, string> = {}) {
  return fetch(ticket.upload.url, {
    method: ticket.upload.method,
    headers: { ...ticket.upload.headers, ...extraHeaders },
    body: new Uint8Array(bytes),
  });
}

async function confirm<T = CaseAnswer>(user: TestUser, key: string) {
  return local.api<T & ErrorAnswer>('POST', '/document/confirm', { token: user.accessToken, body: { key } });
}

/** Request, PUT and confirm one case document; answers the attached key and the confirm answer. */
async function uploadCaseDocument(
  user: TestUser,
  caseId: string,
  slot: string,
  fileName: string,
  bytes: Buffer,
): Promise<{ key: string; answer: CaseAnswer }> {
  const ticket = await requestUpload(user, {
    case_id: caseId,
    slot,
    file_name: fileName,
    content_type: 'application/octet-stream',
    size: bytes.length,
  });
  expect(ticket.status).toBe(200);
  const put = await putBytes(ticket.body, bytes);
  expect(put.status).toBe(200);
  const res = await confirm(user, ticket.body.key);
  expect(res.status).toBe(200);
  // Every document is uploaded to a staging key and attached under its layout key.
  const c = res.body.case;
  const misc = parseFileKeys(c.file_keys).misc_documents;
  const key = slot === 'demographic_sheet' ? c.demo_file : slot === 'op_note' ? c.note_file : misc[misc.length - 1]!;
  return { key, answer: res.body };
}

describe('the whole case document flow', () => {
  it('uploads, attaches, links, replaces and deletes a demographic sheet', async () => {
    // Prepare
    const c = await newCase();

    // Act: request an upload
    const ticket = await requestUpload(owner, {
      case_id: c.case_id,
      slot: 'demographic_sheet',
      file_name: 'Demographics Ünïcode "sheet".pdf',
      content_type: 'application/pdf',
      size: PDF.length,
    });

    // Assess: the server built the key and signed a short-lived PUT
    expect(ticket.status).toBe(200);
    // (a staging key: a replacement must never overwrite the attached sheet before its bytes are checked)
    expect(ticket.body.key).toMatch(
      new RegExp(`^private/uploads/${owner.sub}/demo_${c.case_id}_\\d+-[0-9a-f]{8}\\.pdf$`),
    );
    const attached = `private/case-documents/${owner.sub}/demo_${c.case_id}.pdf`;
    expect(ticket.body.upload.method).toBe('PUT');
    expect(ticket.body.expires_in).toBe(300);
    expect(ticket.body.upload.url.startsWith(`${local.url}/s3/`)).toBe(true);
    expect(ticket.body.upload.headers).toMatchObject({
      'Content-Type': 'application/pdf',
      'x-amz-meta-uploaded-by': owner.sub,
      'x-amz-meta-file-size': String(PDF.length),
      'x-amz-meta-original-filename': encodeURIComponent('Demographics Ünïcode "sheet".pdf'),
    });
    expect(new URL(ticket.body.upload.url).searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');

    // Act: PUT and confirm
    const put = await putBytes(ticket.body, PDF);
    expect(put.status).toBe(200);
    const confirmed = await confirm(owner, ticket.body.key);

    // Assess: the case shows the layout key and the original name; the staging object is gone
    expect(confirmed.status).toBe(200);
    expect(await headObject(ticket.body.key)).toBeUndefined();
    expect(confirmed.body.message).toBe('Demographic Sheet uploaded successfully!');
    expect(confirmed.body.case.demo_file).toBe(attached);
    const fk = parseFileKeys(confirmed.body.case.file_keys);
    expect(fk.demographic_sheet).toBe(attached);
    expect(fk.file_names[attached]).toBe('Demographics Ünïcode "sheet".pdf');
    const read = await local.api<{ case: ApiCase }>('GET', '/case', {
      token: owner.accessToken,
      query: { case_id: c.case_id },
    });
    expect(read.body.case.demo_file).toBe(attached);

    // Act: a download link
    const link = await local.api<{ url: string; expires_in: number; file_name: string }>('GET', '/document', {
      token: owner.accessToken,
      query: { key: attached, disposition: 'attachment' },
    });
    expect(link.status).toBe(200);
    expect(link.body.expires_in).toBe(3600);
    expect(link.body.file_name).toBe('Demographics Ünïcode "sheet".pdf');
    const download = await fetch(link.body.url);

    // Assess: the same bytes, the name in Content-Disposition
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    const disposition = download.headers.get('content-disposition') ?? '';
    expect(disposition).toContain('attachment;');
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Demographics Ünïcode "sheet".pdf')}`);
    expect(download.headers.get('content-type')).toBe('application/pdf');

    // Act: replace with a .docx (another key), then delete it
    const replaced = await uploadCaseDocument(owner, c.case_id, 'demographic_sheet', 'new sheet.docx', DOCX);

    // Assess: the old object is gone, the new one attached
    expect(replaced.answer.case.demo_file).toBe(`private/case-documents/${owner.sub}/demo_${c.case_id}.docx`);
    expect(await headObject(attached)).toBeUndefined();
    expect(parseFileKeys(replaced.answer.case.file_keys).file_names[attached]).toBeUndefined();

    const deleted = await local.api<CaseAnswer>('DELETE', '/document', {
      token: owner.accessToken,
      query: { key: replaced.key },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Demographic Sheet deleted successfully!');
    expect(deleted.body.case.demo_file).toBe('');
    expect(parseFileKeys(deleted.body.case.file_keys).demographic_sheet).toBe('');
    // A soft delete: detached, the object kept in the versioned bucket.
    expect(await headObject(replaced.key)).toBeDefined();
  });

  it('keeps several miscellaneous documents in file_keys.misc_documents', async () => {
    const c = await newCase();
    const a = await uploadCaseDocument(owner, c.case_id, 'misc', 'notes.txt', Buffer.from('plain notes ✓\n'));
    const b = await uploadCaseDocument(
      owner,
      c.case_id,
      'misc',
      'scan.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]),
    );
    const fk = parseFileKeys(b.answer.case.file_keys);
    expect(fk.misc_documents).toEqual([a.key, b.key]);
    expect(a.key).toMatch(new RegExp(`^private/case-documents/${owner.sub}/misc_${c.case_id}_\\d+-[0-9a-f]{8}\\.txt$`));
    expect(b.answer.case.misc_file).toBe(b.key);
  });

  it('keeps every miscellaneous document when several are confirmed at the same time', async () => {
    // Prepare: four uploads to one case, asked for at once, bytes in place
    const c = await newCase();
    const text = Buffer.from('plain notes\n');
    const keys = await Promise.all(
      [1, 2, 3, 4].map(async (n) => {
        const t = await requestUpload(owner, {
          case_id: c.case_id,
          slot: 'misc',
          file_name: `notes-${n}.txt`,
          content_type: 'text/plain',
          size: text.length,
        });
        expect((await putBytes(t.body, text)).status).toBe(200);
        return t.body.key;
      }),
    );

    // Act: confirm all four at once (each write may lose the race to the others, then tries again)
    const answers = await Promise.all(keys.map((key) => confirm(owner, key)));

    // Assess: four answers 200, four documents, four different names
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const stored = await local.api<{ case: ApiCase }>('GET', '/case', {
      token: owner.accessToken,
      query: { case_id: c.case_id },
    });
    const fk = parseFileKeys(stored.body.case.file_keys);
    expect(new Set(fk.misc_documents).size).toBe(4);
    expect(Object.values(fk.file_names).sort()).toEqual(['notes-1.txt', 'notes-2.txt', 'notes-3.txt', 'notes-4.txt']);
  });
});

describe('refused uploads', () => {
  it('refuses a PUT of more bytes than signed with an S3-style 403 and stores nothing', async () => {
    const c = await newCase();
    const ticket = await requestUpload(owner, {
      case_id: c.case_id,
      slot: 'op_note',
      file_name: 'op.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
    });
    const put = await putBytes(ticket.body, Buffer.concat([PDF, Buffer.alloc(1024, 0x41)]));
    expect(put.status).toBe(403);
    const xml = await put.text();
    expect(xml).toContain('<Code>SignatureDoesNotMatch</Code>');
    expect(await headObject(ticket.body.key)).toBeUndefined();
    const res = await confirm(owner, ticket.body.key);
    expect(res.status).toBe(404);
  });

  it('refuses an upload request over 100 MB with 400', async () => {
    const c = await newCase();
    const res = await requestUpload(owner, {
      case_id: c.case_id,
      slot: 'op_note',
      file_name: 'huge.pdf',
      content_type: 'application/pdf',
      size: 104_857_601,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('File too large. Maximum allowed size is 100MB.');
  });

  it('refuses a miscellaneous document beyond the 20 a case may hold', async () => {
    // Prepare: 20 attached (requested and sent at once; confirmed one by one, as each rewrites the case)
    const c = await newCase();
    const keys = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const ticket = await requestUpload(owner, {
          case_id: c.case_id,
          slot: 'misc',
          file_name: `m${i}.pdf`,
          content_type: 'application/octet-stream',
          size: PDF.length,
        });
        expect(ticket.status).toBe(200);
        expect((await putBytes(ticket.body, PDF)).status).toBe(200);
        return ticket.body.key;
      }),
    );
    for (const key of keys) expect((await confirm(owner, key)).status).toBe(200);
    expect(parseFileKeys((await getCase(c.case_id, true))!.file_keys).misc_documents).toHaveLength(20);
    // Act
    const res = await requestUpload(owner, {
      case_id: c.case_id,
      slot: 'misc',
      file_name: 'one-more.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
    });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('A case holds at most 20 miscellaneous documents');
  });

  it('refuses a file name too long for the object metadata S3 allows', async () => {
    // Prepare
    const c = await newCase();
    // Act: 250 characters, about 2.2 KB once URI-encoded
    const res = await requestUpload(owner, {
      case_id: c.case_id,
      slot: 'misc',
      file_name: `${'\u306e'.repeat(250)}.pdf`,
      content_type: 'application/pdf',
      size: PDF.length,
    });
    // Assess
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('file_name is too long: shorten the file name');
  });

  it('refuses names without an allowed extension with the spec messages', async () => {
    const c = await newCase();
    const base = { case_id: c.case_id, slot: 'misc', content_type: 'x', size: 10 };
    expect((await requestUpload(owner, { ...base, file_name: 'noext' })).body.message).toBe(
      'Invalid file: no extension found',
    );
    const exe = await requestUpload(owner, { ...base, file_name: 'tool.exe' });
    expect(exe.status).toBe(400);
    expect(exe.body.message).toBe(
      'Invalid file type: exe. Allowed types: pdf, jpg, jpeg, png, doc, docx, txt, rtf, xls, xlsx, ppt, pptx',
    );
  });

  it('deletes a file whose bytes do not match its extension and answers 400', async () => {
    const c = await newCase();
    const bytes = Buffer.from('<html><script>alert(1)</script></html>');
    const ticket = await requestUpload(owner, {
      case_id: c.case_id,
      slot: 'op_note',
      file_name: 'op.pdf',
      content_type: 'application/pdf',
      size: bytes.length,
    });
    expect((await putBytes(ticket.body, bytes)).status).toBe(200);
    const res = await confirm(owner, ticket.body.key);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Invalid file type: pdf. Allowed types: pdf, jpg, jpeg, png, doc, docx, txt, rtf, xls, xlsx, ppt, pptx',
    );
    expect(await headObject(ticket.body.key)).toBeUndefined();
    const read = await local.api<{ case: ApiCase }>('GET', '/case', {
      token: owner.accessToken,
      query: { case_id: c.case_id },
    });
    expect(read.body.case.note_file).toBe('');
  });

  it('refuses a PUT whose signed Content-Type or metadata was changed', async () => {
    const c = await newCase();
    const ticket = await requestUpload(owner, {
      case_id: c.case_id,
      slot: 'op_note',
      file_name: 'op.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
    });
    const typeChanged = await putBytes(ticket.body, PDF, { 'Content-Type': 'text/html' });
    expect(typeChanged.status).toBe(403);
    const metaChanged = await putBytes(ticket.body, PDF, { 'x-amz-meta-uploaded-by': other.sub });
    expect(metaChanged.status).toBe(403);
    const otherKey = ticket.body.upload.url.replace(`demo_`, 'x').replace(`/op_`, '/demo_');
    expect((await putBytes({ ...ticket.body, upload: { ...ticket.body.upload, url: otherKey } }, PDF)).status).toBe(
      403,
    );
    expect(await headObject(ticket.body.key)).toBeUndefined();
    expect(await headObject(`private/case-documents/${owner.sub}/demo_${c.case_id}.pdf`)).toBeUndefined();
  });

  it('refuses an expired presigned URL and an unsigned request', async () => {
    // Prepare: a URL signed two hours ago, valid 60 s
    const url = await getSignedUrl(s3Client(), new PutObjectCommand({ Bucket: BUCKET, Key: 'private/x/expired.pdf' }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 2 * 3600_000),
    });
    // Act
    const put = await fetch(url, { method: 'PUT', body: new Uint8Array(PDF) });
    // Assess
    expect(put.status).toBe(403);
    const xml = await put.text();
    expect(xml).toContain('<Code>AccessDenied</Code>');
    expect(xml).toContain('Request has expired');
    const anonymous = await fetch(`${local.url}/s3/${BUCKET}/private/x/expired.pdf`);
    expect(anonymous.status).toBe(403);
    const forged = await fetch(url.replace(/X-Amz-Signature=[0-9a-f]+/, `X-Amz-Signature=${'0'.repeat(64)}`), {
      method: 'PUT',
      body: new Uint8Array(PDF),
    });
    expect(forged.status).toBe(403);
  });
});

describe('a replayed upload URL and repeated confirms', () => {
  /** HTML of exactly the PDF's length: the signed Content-Length still holds. */
  const HTML = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(PDF.length, ' '));

  /** Download `key` through GET /document as `user`: the bytes served. */
  async function served(user: TestUser, key: string): Promise<Buffer> {
    const link = await local.api<{ url: string }>('GET', '/document', { token: user.accessToken, query: { key } });
    expect(link.status).toBe(200);
    return Buffer.from(await (await fetch(link.body.url)).arrayBuffer());
  }

  it.each([
    ['a miscellaneous document', 'misc'],
    ['a profile document', 'profile'],
  ])('keeps serving the checked bytes of %s when its URL is replayed after the confirm', async (_name, kind) => {
    // Prepare: an upload, checked and attached (a profile document of a fresh provider)
    const user = kind === 'misc' ? owner : await signedInProvider(local);
    const ticket = await requestUpload(
      user,
      kind === 'misc'
        ? {
            case_id: (await newCase()).case_id,
            slot: 'misc',
            file_name: 'scan.pdf',
            content_type: 'application/pdf',
            size: PDF.length,
          }
        : { document_type: 'Malpractice Insurance', file_name: 'policy.pdf', content_type: 'x', size: PDF.length },
    );
    expect((await putBytes(ticket.body, PDF)).status).toBe(200);
    const first = await confirm<CaseAnswer & UserAnswer>(user, ticket.body.key);
    expect(first.status).toBe(200);
    const key =
      kind === 'misc'
        ? parseFileKeys(first.body.case.file_keys).misc_documents[0]!
        : first.body.user.documents[0]!.document_name;

    // Act: the same URL again with HTML, then the same confirm again
    await putBytes(ticket.body, HTML);
    const again = await confirm<CaseAnswer & UserAnswer>(user, ticket.body.key);

    // Assess: the checked PDF is what the owner and the back office get; the confirm answers as before
    expect(await served(user, key)).toEqual(PDF);
    expect(await served(kind === 'misc' ? caseAdmin : userAdmin, key)).toEqual(PDF);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it.each(['demographic_sheet', 'misc'])(
    'answers 20 simultaneous confirms of one %s upload as the first, or 409, never 5xx',
    async (slot) => {
      // Prepare
      const c = await newCase();
      const ticket = await requestUpload(owner, {
        case_id: c.case_id,
        slot,
        file_name: 'double-click.pdf',
        content_type: 'application/pdf',
        size: PDF.length,
      });
      expect((await putBytes(ticket.body, PDF)).status).toBe(200);

      // Act
      const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(owner, ticket.body.key)));

      // Assess: 200 (all with one body) or 409; one document attached, the checked one
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      const oks = answers.filter((a) => a.status === 200);
      expect(oks.length).toBeGreaterThan(0);
      for (const a of oks) expect(a.body).toEqual(oks[0]!.body);
      const fk = parseFileKeys(oks[0]!.body.case.file_keys);
      const key = slot === 'misc' ? fk.misc_documents[0]! : fk.demographic_sheet;
      expect(slot === 'misc' ? fk.misc_documents : [key]).toHaveLength(1);
      expect(await served(owner, key)).toEqual(PDF);
    },
  );
});

describe('who may touch which document', () => {
  let caseId: string;
  let key: string;

  beforeAll(async () => {
    caseId = (await newCase()).case_id;
    key = (await uploadCaseDocument(owner, caseId, 'op_note', 'op.pdf', PDF)).key;
  });

  it("answers 404 for another provider's key, case and confirm, as for a missing key", async () => {
    const link = await local.api<ErrorAnswer>('GET', '/document', { token: other.accessToken, query: { key } });
    expect(link.status).toBe(404);
    expect(link.body.message).toBe(`Document not found. The file "op_${caseId}.pdf" may not have been uploaded yet.`);
    const missing = await local.api<ErrorAnswer>('GET', '/document', {
      token: owner.accessToken,
      query: { key: key.replace('.pdf', '.png') },
    });
    expect(missing.status).toBe(404);
    expect((await local.api('DELETE', '/document', { token: other.accessToken, query: { key } })).status).toBe(404);
    expect((await confirm(other, key)).status).toBe(404);
    const upload = await requestUpload(other, {
      case_id: caseId,
      slot: 'misc',
      file_name: 'x.pdf',
      content_type: 'application/pdf',
      size: 10,
    });
    expect(upload.status).toBe(404);
    expect(await headObject(key)).toBeDefined();
  });

  it.each([
    ['a parent segment', (k: string) => k.replace('/op_', '/../op_')],
    ['an absolute path', (k: string) => `/${k}`],
    ['another prefix', (k: string) => k.replace('private/', 'public/')],
    ['a percent-encoded parent', (k: string) => k.replace('/op_', '/%2e%2e/op_')],
    ['a backslash', (k: string) => k.replace('/op_', '\\op_')],
    ['another owner folder', (k: string) => k.replace(owner.sub, other.sub)],
  ])('refuses a key with %s without a signed URL', async (_name, mutate) => {
    const res = await local.api<ErrorAnswer & { url?: string }>('GET', '/document', {
      token: owner.accessToken,
      query: { key: mutate(key) },
    });
    expect([400, 404]).toContain(res.status);
    expect(res.body.url).toBeUndefined();
  });

  it("lets the back office (user_type 10) read a provider's case document", async () => {
    const link = await local.api<{ url: string; file_name: string }>('GET', '/document', {
      token: caseAdmin.accessToken,
      query: { key, disposition: 'inline' },
    });
    expect(link.status).toBe(200);
    const res = await fetch(link.body.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="op\.pdf"/);
    expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
  });
});

describe('profile documents', () => {
  it('lists the document types', async () => {
    const res = await local.api('GET', '/doc_types', { token: owner.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ doc_types: ['CV - Resume', 'Malpractice Insurance', 'License(s)'] });
  });

  it('replaces the document of the same type and lets only the owner and user_type 20+ read it', async () => {
    // Prepare
    const upload = async (fileName: string, documentType: string) => {
      const t = await requestUpload(owner, {
        document_type: documentType,
        file_name: fileName,
        content_type: 'application/pdf',
        size: PDF.length,
      });
      expect(t.status).toBe(200);
      expect((await putBytes(t.body, PDF)).status).toBe(200);
      const res = await confirm<UserAnswer>(owner, t.body.key);
      expect(res.status).toBe(200);
      // Uploaded to a staging key, attached under its profile-documents key.
      const attached = res.body.user.documents.find((d) => d.document_type === documentType);
      return { key: attached!.document_name, user: res.body.user };
    };

    // Act
    const first = await upload('cv-2025.pdf', 'CV - Resume');
    await new Promise((r) => setTimeout(r, 5));
    const license = await upload('license.pdf', 'License(s)');
    await new Promise((r) => setTimeout(r, 5));
    const second = await upload('cv-2026.pdf', 'CV - Resume');

    // Assess
    expect(first.key).toMatch(
      new RegExp(`^private/profile-documents/${owner.sub}/[a-z0-9@._-]+_\\d+-[0-9a-f]{8}\\.pdf$`),
    );
    expect(second.user.documents).toEqual([
      { document_type: 'License(s)', document_name: license.key, file_name: 'license.pdf' },
      { document_type: 'CV - Resume', document_name: second.key, file_name: 'cv-2026.pdf' },
    ]);
    expect(await headObject(first.key)).toBeUndefined();
    expect(await headObject(second.key)).toBeDefined();

    expect(
      (await local.api('GET', '/document', { token: caseAdmin.accessToken, query: { key: second.key } })).status,
    ).toBe(404);
    const admin = await local.api<{ url: string }>('GET', '/document', {
      token: userAdmin.accessToken,
      query: { key: second.key },
    });
    expect(admin.status).toBe(200);
    expect(
      (await local.api('DELETE', '/document', { token: userAdmin.accessToken, query: { key: second.key } })).status,
    ).toBe(404);

    const deleted = await local.api<UserAnswer>('DELETE', '/document', {
      token: owner.accessToken,
      query: { key: license.key },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('License(s) deleted successfully!');
    expect(deleted.body.user.documents.map((d) => d.document_name)).toEqual([second.key]);
  });
});

describe('replacing an attached document', () => {
  it('keeps the attached sheet when the replacement fails its type check or is never confirmed', async () => {
    // Prepare: a sheet attached
    const c = await newCase();
    const first = await uploadCaseDocument(owner, c.case_id, 'demographic_sheet', 'sheet.pdf', PDF);
    const request = () =>
      requestUpload(owner, {
        case_id: c.case_id,
        slot: 'demographic_sheet',
        file_name: 'other.pdf',
        content_type: 'application/pdf',
        size: 18,
      });

    // Act: a replacement whose bytes are not a PDF, confirmed; then one PUT and never confirmed
    const bad = await request();
    expect((await putBytes(bad.body, Buffer.from('<html>not a pdf</html>'.slice(0, 18)))).status).toBe(200);
    const refused = await confirm(owner, bad.body.key);
    const unconfirmed = await request();
    expect((await putBytes(unconfirmed.body, Buffer.from('<script>x</script>'))).status).toBe(200);

    // Assess: the refusal, and the attached sheet still served as it was
    expect(refused.status).toBe(400);
    const read = await local.api<CaseAnswer>('GET', '/case', {
      token: owner.accessToken,
      query: { case_id: c.case_id },
    });
    expect(read.body.case.demo_file).toBe(first.key);
    const link = await local.api<{ url: string }>('GET', '/document', {
      token: owner.accessToken,
      query: { key: first.key },
    });
    expect(link.status).toBe(200);
    expect(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()).equals(PDF)).toBe(true);
    // the unconfirmed upload is not a document of the case
    const notAttached = await local.api('GET', '/document', {
      token: owner.accessToken,
      query: { key: unconfirmed.body.key },
    });
    expect(notAttached.status).toBe(404);
  });
});

describe('detaching through PATCH /case', () => {
  it('clears the slot in file_keys with the flat field, takes the case back to Incomplete and keeps the file (a soft delete)', async () => {
    // Prepare: a Submitted case with both documents
    const c = await newCase();
    const demo = await uploadCaseDocument(owner, c.case_id, 'demographic_sheet', 'demo.pdf', PDF);
    await uploadCaseDocument(owner, c.case_id, 'op_note', 'op.pdf', PDF);

    // Act
    const res = await local.api<CaseAnswer>('PATCH', '/case', {
      token: owner.accessToken,
      body: { case_id: c.case_id, demo_file: '' },
    });
    await local.stack.lambdaIdle();

    // Assess: one view of the documents, the rule applied, the object kept and recorded (a soft delete)
    expect(res.status).toBe(200);
    expect(res.body.case.demo_file).toBe('');
    expect(parseFileKeys(res.body.case.file_keys).demographic_sheet).toBe('');
    expect(res.body.case.case_status).toBe(0);
    const link = await local.api('GET', '/document', { token: owner.accessToken, query: { key: demo.key } });
    expect(link.status).toBe(404);
    expect(await headObject(demo.key)).toBeDefined();
    expect((await getCase(c.case_id, true))?.deleted_documents?.map((d) => d.key)).toEqual([demo.key]);
  });
});

describe('documents and the case workflow', () => {
  it('submits a complete case when its last document arrives and takes it back when one is deleted', async () => {
    // Prepare: a case with every field but no documents
    const c = await newCase();
    expect(c.case_status).toBe(0);

    // Act: the demographic sheet, then the operative note
    const demo = await uploadCaseDocument(owner, c.case_id, 'demographic_sheet', 'demo.pdf', PDF);
    const op = await uploadCaseDocument(owner, c.case_id, 'op_note', 'op.pdf', PDF);

    // Assess: still Incomplete after the first, Submitted by the write that completed it
    expect(demo.answer.case.case_status).toBe(0);
    expect(op.answer.case.case_status).toBe(10);
    const submitted = await local.api<CaseAnswer>('GET', '/case', {
      token: owner.accessToken,
      query: { case_id: c.case_id },
    });
    expect(submitted.body.case.status_history?.at(-1)).toMatchObject({ from: 0, to: 10, by: owner.sub, why: 'auto' });

    // Act: delete the operative note
    const deleted = await local.api<CaseAnswer>('DELETE', '/document', {
      token: owner.accessToken,
      query: { key: op.key },
    });

    // Assess: back to Incomplete, with the change recorded
    expect(deleted.status).toBe(200);
    expect(deleted.body.case.case_status).toBe(0);
    expect(deleted.body.case.status_history?.at(-1)).toMatchObject({ from: 10, to: 0, by: owner.sub, why: 'auto' });
  });
});

describe('deleting a case', () => {
  // DELETE /case is a soft delete (docs/decisions/0006-soft-delete-and-30-day-purge.md); the files stay in the bucket until a restore
  // gives them back or the 30-day purge removes them (it used to delete them at once).
  it('keeps its documents in the bucket, refuses document calls on it, and gives them back on restore', async () => {
    // Prepare
    const c = await newCase();
    const demo = await uploadCaseDocument(owner, c.case_id, 'demographic_sheet', 'demo.pdf', PDF);
    const misc = await uploadCaseDocument(owner, c.case_id, 'misc', 'misc.pdf', PDF);
    const globalAdmin = await signedInAdmin(local, 100);

    // Act
    const res = await local.api('DELETE', '/case', { token: owner.accessToken, query: { case_id: c.case_id } });
    await local.stack.lambdaIdle();
    const link = await local.api('GET', '/document', { token: owner.accessToken, query: { key: demo.key } });
    const upload = await requestUpload(owner, {
      case_id: c.case_id,
      slot: 'op_note',
      file_name: 'op.pdf',
      content_type: 'application/pdf',
      size: PDF.length,
    });
    const restored = await local.api<CaseAnswer>('POST', '/case/restore', {
      token: globalAdmin.accessToken,
      body: { case_id: c.case_id },
    });
    const linkAfter = await local.api('GET', '/document', { token: owner.accessToken, query: { key: demo.key } });

    // Assess
    expect(res.status).toBe(200);
    expect(await headObject(demo.key)).toBeDefined();
    expect(await headObject(misc.key)).toBeDefined();
    expect(link.status).toBe(404);
    expect(upload.status).toBe(404);
    expect(restored.status).toBe(200);
    expect(restored.body.case.demo_file).toBe(demo.key);
    expect(parseFileKeys(restored.body.case.file_keys).misc_documents).toEqual([misc.key]);
    expect(linkAfter.status).toBe(200);
  });

  it('removes for good, with its documents, a case deleted over 30 days ago when the schedule runs the purge', async () => {
    // Prepare: one case deleted 31 days ago and one 29 days ago (the stored delete time is the clock), each with a file
    const day = 86_400_000;
    const [old, recent] = [await newCase(), await newCase()];
    const oldDoc = await uploadCaseDocument(owner, old.case_id, 'demographic_sheet', 'demo.pdf', PDF);
    const recentDoc = await uploadCaseDocument(owner, recent.case_id, 'demographic_sheet', 'demo.pdf', PDF);
    await repoDeleteCase(old.case_id, { now: new Date(Date.now() - 31 * day), actor: owner.sub });
    await repoDeleteCase(recent.case_id, { now: new Date(Date.now() - 29 * day), actor: owner.sub });
    const client = new LambdaClient({
      region: 'us-east-1',
      endpoint: local.stack.endpoints.lambda,
      credentials: local.stack.credentials,
    });

    // Act: the schedule's event, through the Lambda Invoke API
    const out = await client.send(
      new InvokeCommand({
        FunctionName: 'suture-local-case',
        Payload: Buffer.from(JSON.stringify({ type: 'suture.purge-deleted-cases' })),
      }),
    );
    client.destroy();
    await local.stack.lambdaIdle();

    // Assess
    expect(out.FunctionError).toBeUndefined();
    const result = JSON.parse(Buffer.from(out.Payload ?? []).toString('utf8')) as { purged: string[] };
    expect(result.purged).toContain(old.case_id);
    expect(result.purged).not.toContain(recent.case_id);
    expect(await getCase(old.case_id, true, { includeDeleted: true })).toBeUndefined();
    expect(await headObject(oldDoc.key)).toBeUndefined();
    expect((await getCase(recent.case_id, true, { includeDeleted: true }))?.deleted_at).toEqual(expect.any(String));
    expect(await headObject(recentDoc.key)).toBeDefined();
  });

  it('keeps every credential when several are confirmed at the same time', async () => {
    // Prepare: three uploads of different types, bytes in place
    const user = await signedInProvider(local);
    const types = ['CV - Resume', 'License(s)', 'Malpractice Insurance'];
    const keys = await Promise.all(
      types.map(async (documentType) => {
        const t = await requestUpload(user, {
          document_type: documentType,
          file_name: 'doc.pdf',
          content_type: 'application/pdf',
          size: PDF.length,
        });
        expect((await putBytes(t.body, PDF)).status).toBe(200);
        return t.body.key;
      }),
    );

    // Act: confirm all three at once
    const answers = await Promise.all(keys.map((key) => confirm<UserAnswer>(user, key)));

    // Assess: every confirm stored its document
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const profile = await local.api<UserAnswer>('GET', '/user', {
      token: user.accessToken,
      query: { user_id: user.sub },
    });
    expect(profile.body.user.documents.map((d) => d.document_type).sort()).toEqual([...types].sort());
  });

  it("deletes a profile's documents with the profile, and nobody else's", async () => {
    // Prepare: a provider with a credential, and another provider's credential
    const [leaving, staying] = await Promise.all([signedInProvider(local), signedInProvider(local)]);
    const uploadCredential = async (user: TestUser) => {
      const t = await requestUpload(user, {
        document_type: 'Malpractice Insurance',
        file_name: 'policy.pdf',
        content_type: 'application/pdf',
        size: PDF.length,
      });
      expect((await putBytes(t.body, PDF)).status).toBe(200);
      const res = await confirm<UserAnswer>(user, t.body.key);
      expect(res.status).toBe(200);
      return res.body.user.documents[0]!.document_name;
    };
    const [leavingKey, stayingKey] = [await uploadCredential(leaving), await uploadCredential(staying)];

    // Act
    const res = await local.api('DELETE', '/user', { token: leaving.accessToken, query: { user_id: leaving.sub } });
    await local.stack.lambdaIdle();

    // Assess
    expect(res.status).toBe(200);
    expect(await headObject(leavingKey)).toBeUndefined();
    expect(await headObject(stayingKey)).toBeDefined();
  });

  it('refuses an unsigned or forged Lambda invocation', async () => {
    const res = await fetch(`${local.url}/lambda/2015-03-31/functions/suture-local-document/invocations`, {
      method: 'POST',
      headers: { 'x-amz-invocation-type': 'Event', 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'suture.delete-case-documents', case_id: 'x', owner_id: 'y', keys: [] }),
    });
    expect(res.status).toBe(403);
  });
});

describe('the SDK through the verifying layer', () => {
  it('refuses a header-signed PUT whose body differs from its signed hash and stores nothing', async () => {
    // Prepare: a PUT signed for the SHA-256 of other bytes
    const url = new URL(`${local.url}/s3/${BUCKET}/private/x/hash.txt`);
    const signer = new SignatureV4({
      credentials: local.stack.credentials,
      region: 'us-east-1',
      service: 's3',
      sha256: NodeSha256,
      uriEscapePath: false,
    });
    const signed = await signer.sign({
      method: 'PUT',
      protocol: 'http:',
      hostname: url.hostname,
      port: Number(url.port),
      path: url.pathname,
      query: {},
      headers: {
        host: url.host,
        'content-length': '5',
        'x-amz-content-sha256': createHash('sha256').update('hello').digest('hex'),
      },
    });
    const { host: _host, ...headers } = signed.headers;

    // Act
    const res = await fetch(url, { method: 'PUT', headers, body: 'HELLO' });
    const same = await fetch(url, { method: 'PUT', headers, body: 'hello' });

    // Assess
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('<Code>XAmzContentSHA256Mismatch</Code>');
    expect(same.status).toBe(200);
    const out = await s3Client().send(new GetObjectCommand({ Bucket: BUCKET, Key: 'private/x/hash.txt' }));
    expect(await out.Body!.transformToString()).toBe('hello');
  });

  it('keeps the bucket CORS rule: the SPA origin only, for GET, PUT and HEAD', async () => {
    const preflight = (origin: string, method: string) =>
      fetch(`${local.url}/s3/${BUCKET}/private/x/a.pdf`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
      });
    const ok = await preflight(local.url, 'PUT');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(local.url);
    expect((await preflight('https://evil.example', 'PUT')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(local.url, 'DELETE')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('reads with header-signed requests', async () => {
    const c = await newCase();
    const { key } = await uploadCaseDocument(owner, c.case_id, 'op_note', 'op.pdf', PDF);
    const out = await s3Client().send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(Buffer.from(await out.Body!.transformToByteArray()).equals(PDF)).toBe(true);
  });
});
