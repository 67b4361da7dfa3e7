/**
 * @jest-environment ./test/unit/web/support/msw-environment.ts
 */
/**
 * The export button's server export (web/src/components/CsvExport.tsx, docs/decisions/0029-server-exports.md)
 * against the fake API: a list known to hold more than 10,000 rows starts the server's job at once
 * (no page read in the browser), shows the rows written so far while it runs, then a download link;
 * a failed job says so and leaves no link.
 */

import './support/dom-env';
import { fireEvent, render, screen } from '@testing-library/react';
import { CsvExport } from '../../../web/src/components/CsvExport';
import type { CsvColumn } from '../../../web/src/components/csv';
import { reply, useFakeApi } from './support/fake-api-server';

const api = useFakeApi();
const EXPORT_ID = '0b6f3f7e-4c7a-4a55-9b8e-3f1f2a9c1d10';
const COLUMNS: CsvColumn<{ id: string }>[] = [{ header: 'ID', value: (r) => r.id }];

/** The export button of a list of 25,000 cases, with the filters given to the server. */
function renderButton(fetchPage: jest.Mock) {
  render(
    <CsvExport
      fetchPage={fetchPage}
      rowsOf={(page: { rows: { id: string }[]; next_cursor?: string }) => page.rows}
      columns={COLUMNS}
      noun={['case', 'cases']}
      server={{ list: 'cases', filters: { status: 20, search: '', user_id: undefined } }}
      total={25_000}
      pollMs={0}
    />,
  );
}

/** GET /export answers each state in turn, the last one from then on. */
function statesInTurn(...states: Record<string, unknown>[]) {
  let n = 0;
  api.on('GET /export', () => ({
    success: true,
    export_id: EXPORT_ID,
    list: 'cases',
    ...states[Math.min(n++, states.length - 1)],
  }));
}

it('starts the server job at once, shows its rows so far, then links the file', async () => {
  // Prepare
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  api.on('POST /export', () => reply(202, { success: true, export_id: EXPORT_ID }));
  let n = 0;
  api.on('GET /export', async () => {
    n += 1;
    if (n === 1) return { success: true, export_id: EXPORT_ID, list: 'cases', state: 'running', rows: 12_400 };
    await held;
    return {
      success: true,
      export_id: EXPORT_ID,
      list: 'cases',
      state: 'done',
      rows: 25_000,
      url: 'http://localhost/s3/f.csv',
      expires_in: 600,
    };
  });
  const fetchPage = jest.fn();
  renderButton(fetchPage);

  // Act
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

  // Assess: the rows written so far, an indeterminate bar, Cancel; then the link
  expect(await screen.findByText(/12,400 cases so far…/)).toBeTruthy();
  expect(screen.getByRole('progressbar', { name: 'Exporting cases on the server' })).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  release();
  expect(await screen.findByRole('link', { name: /^Download cases-\d{4}-\d{2}-\d{2}\.csv$/ })).toBeTruthy();
  expect(screen.getByText('Exported 25,000 cases. The download link works for 10 minutes.')).toBeTruthy();
  expect(fetchPage).not.toHaveBeenCalled();
  expect(api.requests('POST /export')[0]?.body).toEqual({ list: 'cases', filters: { status: 20 } });
});

it('says so when the server job fails, and offers no link', async () => {
  // Prepare
  api.on('POST /export', () => reply(202, { success: true, export_id: EXPORT_ID }));
  statesInTurn({ state: 'failed', rows: 300, error: 'The export failed. Please try again.' });
  renderButton(jest.fn());

  // Act
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

  // Assess
  expect(await screen.findByText('Export failed: The export failed. Please try again.')).toBeTruthy();
  expect(screen.queryByRole('link')).toBeNull();
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
});
