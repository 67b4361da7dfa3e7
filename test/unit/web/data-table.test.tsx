/**
 * @jest-environment jsdom
 */
/**
 * The back office's one table (web/src/components/DataTable.tsx): header cells and row headers carry
 * their scope, and a `stacked` table names each body cell's column in `data-label`, which the phone
 * layout shows before the value (web/src/theme/global.css), while the cell's text stays the value.
 */

import './support/dom-env';
import { render, screen, within } from '@testing-library/react';
import { DataTable, type DataColumn } from '../../../web/src/components/DataTable';

interface Person {
  id: string;
  name: string;
  email: string;
}

const COLUMNS: DataColumn<Person>[] = [
  { header: 'Name', rowHeader: true, cell: (p) => p.name },
  { header: 'Email', cell: (p) => p.email, style: { whiteSpace: 'nowrap' } },
  { header: <span>Id</span>, cell: (p) => <code>{p.id}</code> },
];
const ROWS: Person[] = [
  { id: 'u-1', name: 'Dana Reyes', email: 'dana@example.com' },
  { id: 'u-2', name: 'Lee Park', email: 'lee@example.com' },
];

function bodyCells(): HTMLElement[] {
  const rows = within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('row')
    .slice(1);
  return rows.flatMap((row) => [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')]);
}

describe('DataTable', () => {
  it('names each body cell of a stacked table by its text header, and keeps the cell text its value', () => {
    // Prepare / Act
    const { container } = render(
      <DataTable stacked caption="People" columns={COLUMNS} rows={ROWS} rowKey={(p) => p.id} />,
    );

    // Assess
    expect(container.firstElementChild?.classList.contains('suture-stacked')).toBe(true);
    expect(bodyCells().map((c) => [c.getAttribute('data-label'), c.textContent])).toEqual([
      ['Name', 'Dana Reyes'],
      ['Email', 'dana@example.com'],
      // A header that is not text has no label to show.
      [null, 'u-1'],
      ['Name', 'Lee Park'],
      ['Email', 'lee@example.com'],
      [null, 'u-2'],
    ]);
    expect(screen.getAllByRole('columnheader').map((h) => [h.textContent, h.getAttribute('scope')])).toEqual([
      ['Name', 'col'],
      ['Email', 'col'],
      ['Id', 'col'],
    ]);
  });

  it('leaves the cells of a table that scrolls sideways unlabelled', () => {
    // Prepare / Act
    const { container } = render(<DataTable caption="People" columns={COLUMNS} rows={ROWS} rowKey={(p) => p.id} />);

    // Assess
    expect(container.firstElementChild?.classList.contains('suture-stacked')).toBe(false);
    expect(bodyCells().map((c) => c.getAttribute('data-label'))).toEqual([null, null, null, null, null, null]);
    expect(bodyCells()[0]!.getAttribute('scope')).toBe('row');
  });
});
