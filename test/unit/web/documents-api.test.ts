/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * SPA document calls and actions (web/src/documents/api.ts, links.ts, queries.ts helpers) against the
 * fake API: the document routes' requests and answers, spec provider-side section 8 messages.
 */
jest.mock('../../../web/src/auth/AuthProvider', () => ({ useAuth: () => ({ status: 'signedIn', user: null }) }));

import { reply, useFakeApi } from './support/fake-api-server';

import {
  DocumentApiError,
  confirmUpload,
  deleteDocument,
  listDocTypes,
  parseDocumentChange,
  requestUpload,
} from '../../../web/src/documents/api';
import { downloadDocument, viewDocument, type BrowserPort } from '../../../web/src/documents/links';
import { contentTypeOf } from '../../../web/src/documents/queries';
import { uploadItems } from '../../../web/src/documents/CaseFormUploads';
import { profileDocumentRows } from '../../../web/src/documents/ProfileDocuments';

const api = useFakeApi();
const sent = () => api.requests().map((r) => ({ key: r.key, query: r.query, body: r.body }));

const rawCase = {
  case_id: 'u_1700000000000',
  user_id: 'u',
  case_status: 10,
  demo_file: 'private/case-documents/u/demo_u_1700000000000.pdf',
  note_file: '',
  file_keys: JSON.stringify({
    demographic_sheet: 'private/case-documents/u/demo_u_1700000000000.pdf',
    op_note: '',
    misc_documents: [],
    file_names: { 'private/case-documents/u/demo_u_1700000000000.pdf': 'Sheet.pdf' },
  }),
  status_history: [{ from: 0, to: 10, by: 'u', at: '2026-11-23T12:00:00.000Z', why: 'auto' }],
};

describe('requestUpload', () => {
  it('sends the case slot request and returns the parsed ticket', async () => {
    // Prepare
    const ticket = {
      key: 'private/k.pdf',
      upload: { method: 'PUT' as const, url: 'https://s3/put', headers: { a: 'b' } },
      expires_in: 300,
    };
    api.on('POST /document', ticket);
    const req = {
      case_id: 'u_1',
      slot: 'op_note' as const,
      file_name: 'n.pdf',
      content_type: 'application/pdf',
      size: 10,
    };
    // Act
    const answer = await requestUpload(req);
    // Assess
    expect(sent()).toEqual([{ key: 'POST /document', query: {}, body: req }]);
    expect(answer).toEqual(ticket);
  });

  it('refuses an answer without an upload method instead of sending bytes somewhere unknown', async () => {
    // Prepare
    api.on('POST /document', { key: 'k', upload: { url: 'https://s3/put' }, expires_in: 300 });
    // Act / Assess
    await expect(
      requestUpload({ document_type: 'CV - Resume', file_name: 'cv.pdf', content_type: 'application/pdf', size: 1 }),
    ).rejects.toBeInstanceOf(DocumentApiError);
  });
});

describe('confirmUpload and deleteDocument', () => {
  it('read the updated case, with its documents and status history', async () => {
    // Prepare
    api.on('POST /document/confirm', { success: true, message: 'Document attached', case: rawCase });
    // Act
    const change = await confirmUpload('private/case-documents/u/demo_u_1700000000000.pdf');
    // Assess
    expect(sent()).toEqual([
      {
        key: 'POST /document/confirm',
        query: {},
        body: { key: 'private/case-documents/u/demo_u_1700000000000.pdf' },
      },
    ]);
    expect(change.case?.case_status).toBe(10);
    expect(change.case?.file_keys.file_names['private/case-documents/u/demo_u_1700000000000.pdf']).toBe('Sheet.pdf');
    expect(change.case?.status_history).toEqual(rawCase.status_history);
  });

  it('read the updated profile after deleting a profile document', async () => {
    // Prepare
    api.on('DELETE /document', {
      success: true,
      message: 'Deleted',
      user: { user_id: 'u', first_name: 'Ann', documents: [] },
    });
    // Act
    const change = await deleteDocument('private/profile-documents/u/a@b.c_1.pdf');
    // Assess
    expect(sent()).toEqual([
      { key: 'DELETE /document', query: { key: 'private/profile-documents/u/a@b.c_1.pdf' }, body: undefined },
    ]);
    expect(change.user?.user_id).toBe('u');
    expect(change.case).toBeUndefined();
  });

  it('leave out a case without a case_id, so that the caller refetches it', () => {
    // Act
    const change = parseDocumentChange({ success: true, message: '', case: { demo_file: 'x' } });
    // Assess
    expect(change.case).toBeUndefined();
  });
});

describe('listDocTypes', () => {
  it('keeps only the types POST /document accepts, in the server order', async () => {
    // Prepare
    api.on('GET /doc_types', { doc_types: ['License(s)', 'Tax form', 'CV - Resume'] });
    // Act / Assess
    await expect(listDocTypes()).resolves.toEqual(['License(s)', 'CV - Resume']);
  });
});

function fakeTab() {
  return { opener: {} as unknown, location: { href: '' }, close: jest.fn() };
}

describe('viewDocument', () => {
  it('opens the tab before asking for the link, then points it at the inline link', async () => {
    // Prepare
    const tab = fakeTab();
    const order: string[] = [];
    const port: BrowserPort = {
      open: jest.fn(() => {
        order.push('open');
        return tab as unknown as Window;
      }),
      download: jest.fn(),
    };
    api.on('GET /document', () => {
      order.push('fetch');
      return { url: 'https://s3/get?sig', expires_in: 3600, file_name: 'op.pdf' };
    });
    // Act
    const text = await viewDocument('private/k.pdf', 'op.pdf', 'case', port);
    // Assess
    expect(order).toEqual(['open', 'fetch']);
    expect(sent()).toEqual([
      { key: 'GET /document', query: { key: 'private/k.pdf', disposition: 'inline' }, body: undefined },
    ]);
    expect(tab.location.href).toBe('https://s3/get?sig');
    expect(tab.opener).toBeNull();
    expect(text).toBe('Document opened successfully!');
  });

  it('says the popup was blocked and asks for no link when the browser refuses the tab', async () => {
    // Prepare
    const port: BrowserPort = { open: () => null, download: jest.fn() };
    // Act / Assess
    await expect(viewDocument('k', 'op.pdf', 'case', port)).rejects.toThrow(
      'Popup blocked. Please allow popups for this site and try again.',
    );
    expect(api.requests()).toEqual([]);
  });

  it('closes the empty tab and gives the not-found message when the document is gone', async () => {
    // Prepare
    const tab = fakeTab();
    api.on('GET /document', () => reply(404, { message: 'Not Found' }));
    // Act / Assess
    await expect(
      viewDocument('k', 'op.pdf', 'case', { open: () => tab as unknown as Window, download: jest.fn() }),
    ).rejects.toThrow('Document not found. The file "op.pdf" may not have been uploaded yet.');
    expect(tab.close).toHaveBeenCalled();
  });
});

describe('downloadDocument', () => {
  it('follows the attachment link with the original file name', async () => {
    // Prepare
    const port: BrowserPort = { open: jest.fn(), download: jest.fn() };
    api.on('GET /document', { url: 'https://s3/get?att', expires_in: 3600, file_name: 'Original Note.pdf' });
    // Act
    const text = await downloadDocument('k', 'op.pdf', 'case', port);
    // Assess
    expect(sent()).toEqual([{ key: 'GET /document', query: { key: 'k', disposition: 'attachment' }, body: undefined }]);
    expect(port.download).toHaveBeenCalledWith('https://s3/get?att', 'Original Note.pdf');
    expect(text).toBe('Document download started!');
  });
});

describe('contentTypeOf', () => {
  it("uses the browser's type, else the extension's, else octet-stream", () => {
    // Act / Assess
    expect(contentTypeOf({ name: 'a.pdf', type: 'application/x-custom' })).toBe('application/x-custom');
    expect(contentTypeOf({ name: 'a.DOCX', type: '' })).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(contentTypeOf({ name: 'a.bin', type: '' })).toBe('application/octet-stream');
  });
});

describe('uploadItems', () => {
  it('sends the demographic sheet, then the operative note, then the miscellaneous documents', () => {
    // Prepare
    const demo = new File(['a'], 'demo.pdf');
    const note = new File(['b'], 'note.docx');
    const misc1 = new File(['c'], 'm1.doc');
    const misc2 = new File(['d'], 'm2.pdf');
    // Act
    const items = uploadItems({ demographic_sheet: demo, op_note: note, misc: [misc1, misc2] });
    // Assess
    expect(items.map((i) => [i.slot, i.file.name])).toEqual([
      ['demographic_sheet', 'demo.pdf'],
      ['op_note', 'note.docx'],
      ['misc', 'm1.doc'],
      ['misc', 'm2.pdf'],
    ]);
  });
});

describe('profileDocumentRows', () => {
  it('names the default type and falls back to the key base name without an original file name', () => {
    // Act
    const rows = profileDocumentRows([
      { document_type: 'profile_document', document_name: 'private/profile-documents/u/a@b.c_1.pdf' },
      {
        document_type: 'CV - Resume',
        document_name: 'private/profile-documents/u/a@b.c_2.pdf',
        file_name: 'CV.pdf',
      } as never,
      { document_type: 'License(s)', document_name: '' },
    ]);
    // Assess
    expect(rows).toEqual([
      { type: 'Profile document', key: 'private/profile-documents/u/a@b.c_1.pdf', fileName: 'a@b.c_1.pdf' },
      { type: 'CV - Resume', key: 'private/profile-documents/u/a@b.c_2.pdf', fileName: 'CV.pdf' },
    ]);
  });
});
