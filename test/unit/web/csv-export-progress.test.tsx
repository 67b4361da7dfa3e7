/**
 * @jest-environment jsdom
 */
/**
 * The export button's progress while the browser pages through a list (web/src/components/CsvExport.tsx):
 * the bar is scaled to the rows the list holds when the page knows them, and indeterminate when it
 * does not, so that a list of 88 cases does not crawl along a bar of 10,000.
 */

import './support/dom-env';
import { fireEvent, render, screen } from '@testing-library/react';
import { CsvExport } from '../../../web/src/components/CsvExport';
import type { CsvColumn } from '../../../web/src/components/csv';

type Page = { rows: { id: string }[]; next_cursor?: string };
const COLUMNS: CsvColumn<{ id: string }>[] = [{ header: 'ID', value: (r) => r.id }];

/** A first page of 50 rows with a next cursor, then a page that never answers (the export stays running). */
function pagesThatHold(): (cursor: string | undefined) => Promise<Page> {
  return (cursor) =>
    cursor
      ? new Promise<Page>(() => undefined)
      : Promise.resolve({ rows: Array.from({ length: 50 }, (_, i) => ({ id: `c${i}` })), next_cursor: 'p2' });
}

it.each([
  [88, '88'],
  [20_000, '10000'],
])('scales the bar to a list of %i rows', async (total, max) => {
  // Prepare
  render(
    <CsvExport
      fetchPage={pagesThatHold()}
      rowsOf={(p: Page) => p.rows}
      columns={COLUMNS}
      noun={['case', 'cases']}
      total={total}
    />,
  );

  // Act
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

  // Assess
  expect(await screen.findByText('50 cases so far…')).toBeTruthy();
  const bar = screen.getByRole('progressbar', { name: 'Exporting cases' });
  expect(bar.getAttribute('max')).toBe(max);
  expect(bar.getAttribute('value')).toBe('50');
});

it('shows an indeterminate bar when the rows ahead are not known', async () => {
  // Prepare
  render(
    <CsvExport fetchPage={pagesThatHold()} rowsOf={(p: Page) => p.rows} columns={COLUMNS} noun={['case', 'cases']} />,
  );

  // Act
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));

  // Assess
  expect(await screen.findByText('50 cases so far…')).toBeTruthy();
  const bar = screen.getByRole('progressbar', { name: 'Exporting cases' });
  expect(bar.hasAttribute('value')).toBe(false);
  expect(bar.hasAttribute('max')).toBe(false);
});
