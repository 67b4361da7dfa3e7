/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The Case Details document slot (web/src/documents/CaseDocuments.tsx) against the fake API, with a
 * fake XMLHttpRequest for the storage upload: upload -> progress -> confirm -> success banner and cache update; a refused
 * file sends nothing; delete asks to confirm first (spec provider-side sections 2, 5, 8).
 */
jest.mock('../../../web/src/auth/AuthProvider', () => ({ useAuth: () => ({ status: 'signedIn', user: null }) }));

import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { browserModalDialogs } from './support/dom-env';
import { reply, useFakeApi } from './support/fake-api-server';
import { FakeXhr } from './support/fake-xhr';
import { useDocumentBanner, DocumentBannerView } from '../../../web/src/documents/Banner';
import { CaseDocuments, DocumentSlot } from '../../../web/src/documents/CaseDocuments';
import { normalizeCase } from '../../../shared/case-view';
import { caseKeys } from '../../../web/src/lib/queryKeys';
import type { CaseView } from '../../../web/src/cases/api';

const api = useFakeApi();
const sent = () => api.requests().map((r) => ({ key: r.key, query: r.query, body: r.body }));

const CASE_ID = 'u_1795438308000';
const DEMO_KEY = `private/case-documents/u/demo_${CASE_ID}.pdf`;

function Harness({ fileKey }: { fileKey: string }) {
  const [banner, show, clear] = useDocumentBanner(3000);
  return (
    <>
      <DocumentBannerView banner={banner} onDismiss={clear} />
      <DocumentSlot
        caseId={CASE_ID}
        slot="demographic_sheet"
        fileKey={fileKey}
        fileName={fileKey ? 'Sheet.pdf' : ''}
        show={show}
      />
    </>
  );
}

/** The slot as Case Details shows it: its document read from the cached case, which uploads and deletes update. */
function LiveHarness({ fileKey }: { fileKey: string }) {
  const { data } = useQuery({
    queryKey: caseKeys.one(CASE_ID),
    queryFn: (): Pick<CaseView, 'case_id' | 'demo_file'> => ({ case_id: CASE_ID, demo_file: fileKey }),
    initialData: { case_id: CASE_ID, demo_file: fileKey },
    staleTime: Infinity,
  });
  return <Harness fileKey={data.demo_file} />;
}

function renderSlot(fileKey: string, live = false) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      {live ? <LiveHarness fileKey={fileKey} /> : <Harness fileKey={fileKey} />}
    </QueryClientProvider>,
  );
  return queryClient;
}

const OriginalXhr = window.XMLHttpRequest;

beforeAll(() => {
  // jsdom has no modal dialogs.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});
afterAll(() => {
  window.XMLHttpRequest = OriginalXhr;
});
beforeEach(() => {
  FakeXhr.instances = [];
});
afterEach(cleanup);

describe('DocumentSlot', () => {
  it('uploads a chosen file with progress, confirms it and shows the success banner', async () => {
    // Prepare
    api.on('POST /document', {
      key: DEMO_KEY,
      upload: { method: 'PUT', url: 'https://s3.local/put?sig', headers: { 'Content-Type': 'application/pdf' } },
      expires_in: 300,
    });
    api.on('POST /document/confirm', {
      success: true,
      message: 'Document attached',
      case: { case_id: CASE_ID, case_status: 0, demo_file: DEMO_KEY, note_file: '' },
    });
    const queryClient = renderSlot('');
    const file = new File(['%PDF-1.7 fictitious'], 'Sheet.pdf', { type: 'application/pdf' });

    // Act: choose the file, the browser sends half of it, then storage accepts it
    fireEvent.change(screen.getByLabelText('Demographic Sheet file'), { target: { files: [file] } });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.instances[0]!;
    act(() => xhr.progress(file.size / 2, file.size));
    const bar = screen.getByRole('progressbar', { name: 'Uploading Demographic Sheet' });
    const halfway = bar.getAttribute('aria-valuenow');
    act(() => xhr.respond(200));

    // Assess
    expect(await screen.findByText('Demographic Sheet uploaded successfully!')).toBeTruthy();
    expect(halfway).toBe('50');
    expect(sent()).toEqual([
      {
        key: 'POST /document',
        query: {},
        body: {
          case_id: CASE_ID,
          slot: 'demographic_sheet',
          file_name: 'Sheet.pdf',
          content_type: 'application/pdf',
          size: file.size,
        },
      },
      { key: 'POST /document/confirm', query: {}, body: { key: DEMO_KEY } },
    ]);
    expect(xhr.method).toBe('PUT');
    expect(xhr.headers).toEqual({ 'Content-Type': 'application/pdf' });
    expect(queryClient.getQueryData<CaseView>(caseKeys.one(CASE_ID))?.demo_file).toBe(DEMO_KEY);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses a file with a type outside the list before any request', async () => {
    // Prepare
    renderSlot('');
    const file = new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' });
    // Act
    fireEvent.change(screen.getByLabelText('Demographic Sheet file'), { target: { files: [file] } });
    // Assess
    expect(
      await screen.findByText(
        'Invalid file type: exe. Allowed types: pdf, jpg, jpeg, png, doc, docx, txt, rtf, xls, xlsx, ppt, pptx',
      ),
    ).toBeTruthy();
    expect(api.requests()).toEqual([]);
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('shows the upload failure in the spec words when the server refuses the bytes', async () => {
    // Prepare
    api.on('POST /document', {
      key: DEMO_KEY,
      upload: { method: 'POST', url: 'https://s3.local/', fields: { key: DEMO_KEY } },
      expires_in: 300,
    });
    api.on('POST /document/confirm', () => reply(400, { message: 'Invalid file type: pdf. Allowed types: pdf, jpg' }));
    renderSlot('');
    const file = new File(['not a pdf'], 'Sheet.pdf', { type: 'application/pdf' });
    // Act
    fireEvent.change(screen.getByLabelText('Demographic Sheet file'), { target: { files: [file] } });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.instances[0]!.respond(204));
    // Assess
    expect(
      await screen.findByText('Failed to upload document: Invalid file type: pdf. Allowed types: pdf, jpg'),
    ).toBeTruthy();
  });

  it('cancels an upload in flight without an error and without confirming it', async () => {
    // Prepare
    api.on('POST /document', {
      key: DEMO_KEY,
      upload: { method: 'PUT', url: 'https://s3.local/put?sig', headers: {} },
      expires_in: 300,
    });
    renderSlot('');
    const file = new File(['%PDF-1.7 fictitious'], 'Sheet.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Demographic Sheet file'), { target: { files: [file] } });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.instances[0]!.progress(1, 4));
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Demographic Sheet upload' }));
    // Assess
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(FakeXhr.instances[0]!.aborted).toBe(true);
    expect(api.requests().map((r) => r.key)).toEqual(['POST /document']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload Demographic Sheet' })).toBeTruthy();
  });

  it('offers View, Download, Replace and Delete for a present document, and deletes only after confirming', async () => {
    // Prepare
    api.on('DELETE /document', {
      success: true,
      message: 'Deleted',
      case: { case_id: CASE_ID, case_status: 0, demo_file: '', note_file: '' },
    });
    const queryClient = renderSlot(DEMO_KEY);
    for (const name of ['View', 'Download', 'Replace', 'Delete'])
      expect(screen.getByRole('button', { name: `${name} Demographic Sheet` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload Demographic Sheet' })).toBeNull();

    // Act: ask to delete, then cancel
    fireEvent.click(screen.getByRole('button', { name: 'Delete Demographic Sheet' }));
    const question = screen.getByText(
      'Are you sure you want to delete Demographic Sheet? This action cannot be undone.',
    );
    const dialog = question.closest('dialog')!;
    const openAfterAsking = dialog.hasAttribute('open');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const callsAfterCancel = api.requests().length;
    // ask again and confirm
    fireEvent.click(screen.getByRole('button', { name: 'Delete Demographic Sheet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));

    // Assess
    expect(openAfterAsking).toBe(true);
    expect(callsAfterCancel).toBe(0);
    expect(await screen.findByText('Demographic Sheet deleted successfully!')).toBeTruthy();
    expect(sent()).toEqual([{ key: 'DELETE /document', query: { key: DEMO_KEY }, body: undefined }]);
    expect(queryClient.getQueryData<CaseView>(caseKeys.one(CASE_ID))?.demo_file).toBe('');
  });
  it('puts keyboard focus on View once an upload from the keyboard has filled the slot', async () => {
    // Prepare
    api.on('POST /document', {
      key: DEMO_KEY,
      upload: { method: 'PUT', url: 'https://s3.local/put?sig', headers: {} },
      expires_in: 300,
    });
    api.on('POST /document/confirm', {
      success: true,
      message: 'Document attached',
      case: { case_id: CASE_ID, case_status: 0, demo_file: DEMO_KEY, note_file: '' },
    });
    browserModalDialogs();
    renderSlot('', true);
    screen.getByRole('button', { name: 'Upload Demographic Sheet' }).focus();
    const file = new File(['%PDF-1.7 fictitious'], 'Sheet.pdf', { type: 'application/pdf' });

    // Act
    fireEvent.change(screen.getByLabelText('Demographic Sheet file'), { target: { files: [file] } });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.instances[0]!.respond(200));

    // Assess
    expect(await screen.findByText('Demographic Sheet uploaded successfully!')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'View Demographic Sheet' }));
  });

  it('puts keyboard focus on Upload once a confirmed delete has emptied the slot', async () => {
    // Prepare
    api.on('DELETE /document', {
      success: true,
      message: 'Deleted',
      case: { case_id: CASE_ID, case_status: 0, demo_file: '', note_file: '' },
    });
    browserModalDialogs();
    renderSlot(DEMO_KEY, true);
    const del = screen.getByRole('button', { name: 'Delete Demographic Sheet' });
    del.focus();

    // Act
    fireEvent.click(del);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));

    // Assess
    expect(await screen.findByText('Demographic Sheet deleted successfully!')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Upload Demographic Sheet' }));
  });
  it('puts keyboard focus on the Documents heading when an error banner is dismissed on Case Details', async () => {
    // Prepare: a refused delete shows the error banner
    browserModalDialogs();
    api.on('DELETE /document', () => reply(500, { message: 'Storage unavailable' }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <CaseDocuments c={normalizeCase({ case_id: CASE_ID, case_status: 0, demo_file: DEMO_KEY })} />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete Demographic Sheet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    const dismiss = within(alert).getByRole('button', { name: 'Dismiss alert' });
    dismiss.focus();

    // Act
    fireEvent.click(dismiss);

    // Assess
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Documents' }));
  });
});
