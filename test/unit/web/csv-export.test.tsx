/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The export button of a list (web/src/components/CsvExport.tsx) on the audit screen, against the
 * fake API: it pages through the list's call with the filters on screen and saves those rows; Cancel
 * stops the paging and saves nothing.
 */
import './support/dom-env';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { parse } from 'csv-parse/sync';
import { AuditTrail } from '../../../web/src/back-office/audit/AuditPage';
import type { AuditEntryView } from '../../../shared/schemas/audit';
import { useFakeApi } from './support/fake-api-server';

const api = useFakeApi();

function entry(n: number): AuditEntryView {
  return {
    at: `2026-11-23T18:05:${String(n).padStart(2, '0')}.000Z`,
    user_id: 'u-1',
    user_type: 0,
    username: `user${n}`,
    action: 'GET /case',
    status: 200,
    resource_type: 'case',
    resource_ids: [`u-1_17600000000${n}`],
    outcome: 'allowed',
    request_id: `req-${n}`,
    source_ip: '203.0.113.9',
    user_agent: 'Mozilla/5.0',
  };
}

/** The files offered for download: name and text. */
const saved: { name: string; text: Promise<string> }[] = [];

/** The file's text with its byte-order mark (a text read would drop it). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(reader.result as ArrayBuffer)));
    reader.readAsArrayBuffer(blob);
  });
}

beforeEach(() => {
  saved.length = 0;
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: readBlob(blobs.get(this.href)!) });
  });
});
afterEach(() => jest.restoreAllMocks());

function renderTrail() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuditTrail />
    </QueryClientProvider>,
  );
}

describe('exporting a list as CSV', () => {
  it('pages through the list call with the filters on screen and saves the same rows', async () => {
    // Prepare
    const pages = [[entry(1), entry(2)], [entry(3)]];
    api.on('GET /audit', ({ query }) =>
      query.cursor === 'p2' ? { entries: pages[1]! } : { entries: pages[0]!, next_cursor: 'p2' },
    );
    renderTrail();
    fireEvent.change(screen.getByLabelText('From (UTC)'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(api.requests('GET /audit').some((r) => r.query.from === '2026-11-01')).toBe(true));
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await screen.findByText('user3');
    const before = api.requests('GET /audit').length;

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

    // Assess
    expect(await screen.findByText('Exported 3 entries.')).toBeTruthy();
    const exportCalls = api.requests('GET /audit').slice(before).map((r) => r.query);
    expect(exportCalls).toEqual([
      expect.objectContaining({ from: '2026-11-01', limit: '100' }),
      expect.objectContaining({ from: '2026-11-01', cursor: 'p2' }),
    ]);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = await saved[0]!.text;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows: Record<string, string>[] = parse(text, { bom: true, columns: true });
    const shown = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.request_id)).toEqual(['req-1', 'req-2', 'req-3']);
    expect(rows.map((r) => r.username)).toEqual(pages.flat().map((e) => e.username));
    expect(shown).toHaveLength(rows.length);
  });

  it('shows the rows read so far and stops paging on Cancel, saving nothing', async () => {
    // Prepare
    let release: () => void = () => undefined;
    api.on('GET /audit', ({ query }) => {
      if (query.limit !== '100') return { entries: [entry(1)] };
      if (!query.cursor) return { entries: [entry(1), entry(2)], next_cursor: 'p2' };
      return new Promise((resolve) => {
        release = () => resolve({ entries: [entry(3)], next_cursor: 'p3' });
      });
    });
    renderTrail();
    await screen.findByText('user1');

    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('2 entries so far…')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Exporting entries' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    release();

    // Assess
    expect(await screen.findByText('Export cancelled.')).toBeTruthy();
    await waitFor(() => expect(api.requests('GET /audit').filter((r) => r.query.cursor)).toHaveLength(1));
    expect(api.requests('GET /audit').some((r) => r.query.cursor === 'p3')).toBe(false);
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });
});
