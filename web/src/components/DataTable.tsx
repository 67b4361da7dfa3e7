/**
 * A table of rows under one header row: the back office's lists (reference lists, deleted cases,
 * users, audit, top users, deadlines, awards) all draw their rows through it, so header cells carry
 * `scope="col"` and the table its accessible name in one place. On a phone it scrolls sideways, or,
 * `stacked`, shows each row as a card whose cells are led by their column's name.
 */
import { Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import type { CSSProperties, ReactNode } from 'react';

/** One column: its header and how a row fills its cell. */
export interface DataColumn<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Style of the column's body cells (long ids break, dates do not wrap). */
  style?: CSSProperties;
  /** The column names its row (`th scope="row"`), as a status names its count. */
  rowHeader?: boolean;
}

/**
 * `columns` over `rows`, keyed by `rowKey`, named by a visible `caption`, by the element `labelledBy`
 * names, or else by `label`.
 * `renderRow` replaces the default row for rows that carry their own state (an inline rename, say);
 * it must render one `TableRow` with a cell per column. `striped` for long, dense lists.
 * `stacked`: below 640 px each row is a card and each cell shows its column's header (a string)
 * before its value, from `data-label` through CSS (`.suture-stacked` in web/src/theme/global.css), so
 * the cell's text stays its value and a phone never scrolls sideways.
 */
export function DataTable<Row>({
  label,
  caption,
  labelledBy,
  striped = false,
  stacked = false,
  columns,
  rows,
  rowKey,
  renderRow,
}: {
  label?: string;
  caption?: string;
  labelledBy?: string;
  striped?: boolean;
  stacked?: boolean;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  renderRow?: (row: Row) => ReactNode;
}) {
  return (
    <div style={{ overflowX: 'auto' }} className={stacked ? 'suture-stacked' : undefined}>
      <Table
        aria-label={caption || labelledBy ? undefined : label}
        aria-labelledby={labelledBy}
        caption={caption}
        size="small"
        variation={striped ? 'striped' : undefined}
        highlightOnHover={!striped}
      >
        <TableHead>
          <TableRow>
            {columns.map((column, i) => (
              <TableCell as="th" scope="col" key={i}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) =>
            renderRow ? (
              <RowKey key={rowKey(row)}>{renderRow(row)}</RowKey>
            ) : (
              <TableRow key={rowKey(row)}>
                {columns.map((column, i) => (
                  <TableCell
                    key={i}
                    style={column.style}
                    data-label={stacked && typeof column.header === 'string' ? column.header : undefined}
                    {...(column.rowHeader ? { as: 'th' as const, scope: 'row' } : {})}
                  >
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ),
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** Carries the key of a custom row (React keys belong on the element the map returns). */
function RowKey({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
