/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The case form's optional uploads (web/src/documents/CaseFormUploads.tsx): only pdf, doc and docx
 * may be chosen; after the case is saved each file is sent with progress and confirmed, a failure
 * is reported in the spec's words and the other files still go (spec provider-side sections 2, 5, 8).
 * The document calls go to the fake API, the storage upload to a fake XMLHttpRequest.
 */
jest.mock('../../../web/src/auth/AuthProvider', () => ({ useAuth: () => ({ status: 'signedIn', user: null }) }));

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { reply, useFakeApi } from './support/fake-api-server';
import { FakeXhr } from './support/fake-xhr';
import { useCaseFormUploads, type UploadFailure } from '../../../web/src/documents/CaseFormUploads';
import CaseFormUploads, { fileFacts } from '../../../web/src/documents/CaseFormUploadsCard';

const api = useFakeApi();

const CASE_ID = 'u_1795438308000';
let finished: UploadFailure[] | undefined;

function Harness() {
  const uploads = useCaseFormUploads();
  return (
    <>
      <CaseFormUploads state={uploads} disabled={false} />
      <button type="button" onClick={() => void uploads.uploadAll(CASE_ID).then((f) => (finished = f))}>
        Saved
      </button>
    </>
  );
}

const OriginalXhr = window.XMLHttpRequest;
beforeAll(() => {
  (window as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});
afterAll(() => {
  window.XMLHttpRequest = OriginalXhr;
});
beforeEach(() => {
  FakeXhr.instances = [];
  finished = undefined;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Harness />
    </QueryClientProvider>,
  );
});
afterEach(cleanup);

describe('CaseFormUploads', () => {
  it('refuses a file outside pdf, doc and docx when it is chosen', () => {
    // Act
    fireEvent.change(screen.getByLabelText('Operative Note'), {
      target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] },
    });
    // Assess
    expect(screen.getByRole('alert').textContent).toBe('Invalid file type: png. Allowed types: pdf, doc, docx');
    expect(screen.queryByText('photo.png')).toBeNull();
  });

  it('takes a file dropped on a slot and shows its name, size and type before sending anything', () => {
    // Prepare
    const zone = screen.getByLabelText('Operative Note').closest('.suture-drop-zone')!;
    const note = new File([new Uint8Array(2_400_000)], 'op-note.pdf', { type: 'application/pdf' });
    // Act
    fireEvent.drop(zone, { dataTransfer: { files: [note], types: ['Files'] } });
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['x'], 'scan.png', { type: 'image/png' })], types: ['Files'] },
    });
    // Assess
    const chosen = screen.getByRole('list', { name: 'Chosen Operative Note' });
    expect(chosen.textContent).toContain('op-note.pdf');
    expect(chosen.textContent).toContain('2.4 MB · PDF');
    expect(screen.getByRole('alert').textContent).toBe('Invalid file type: png. Allowed types: pdf, doc, docx');
    expect(FakeXhr.instances).toHaveLength(0);
    expect(fileFacts({ name: 'x.DOCX', size: 800 })).toBe('1 KB · DOCX');
  });

  it('sends each chosen file after the save, reports a failure and still sends the next one', async () => {
    // Prepare
    api.on('POST /document', ({ body }) => {
      const { slot } = body as { slot?: string };
      if (slot === 'demographic_sheet') return reply(404, { message: 'Case not found' });
      return {
        key: `private/case-documents/u/${slot}_${CASE_ID}.pdf`,
        upload: { method: 'PUT' as const, url: 'https://s3.local/put', headers: {} },
        expires_in: 300,
      };
    });
    api.on('POST /document/confirm', { success: true, message: 'ok' });
    fireEvent.change(screen.getByLabelText('Demographic Sheet'), {
      target: { files: [new File(['%PDF'], 'demo.pdf', { type: 'application/pdf' })] },
    });
    fireEvent.change(screen.getByLabelText('Operative Note'), {
      target: { files: [new File(['%PDF'], 'note.pdf', { type: 'application/pdf' })] },
    });
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Saved' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.instances[0]!.progress(3, 4));
    const progress = screen.getByRole('progressbar', { name: 'Uploading note.pdf' }).getAttribute('aria-valuenow');
    act(() => FakeXhr.instances[0]!.respond(200));
    // Assess
    await waitFor(() => expect(finished).toBeDefined());
    expect(progress).toBe('75');
    expect(finished).toEqual([
      { slot: 'demographic_sheet', fileName: 'demo.pdf', text: 'Failed to upload document: Case not found' },
    ]);
    expect(screen.getByText('demo.pdf: Failed to upload document: Case not found')).toBeTruthy();
    expect(screen.getByText('Operative Note uploaded successfully!')).toBeTruthy();
    expect(api.requests('POST /document/confirm').map((r) => r.body)).toEqual([
      { key: `private/case-documents/u/op_note_${CASE_ID}.pdf` },
    ]);
    // The sent file leaves the form; the failed one stays for another try.
    expect(screen.queryByRole('button', { name: 'Remove note.pdf' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove demo.pdf' })).toBeTruthy();
  });
});
