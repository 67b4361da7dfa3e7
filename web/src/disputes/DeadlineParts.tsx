/**
 * Pieces every dispute screen draws a deadline with: the state badge (colour plus text, never colour
 * alone), the "unconfirmed rule" mark of `U`-graded rules, the note of a calendar-day deadline on a
 * non-business day, and the table of deadlines (stacked into cards on a phone).
 */
import { Badge, Text } from '@aws-amplify/ui-react';
import { Link } from 'react-router-dom';
import type { Deadline, DeadlineState } from '../../../shared/dispute/events';
import { caseIdLabel, caseLinkName } from '../cases/format';
import { DataTable, type DataColumn } from '../components/DataTable';
import {
  NON_BUSINESS_DAY_NOTE,
  PARTY_LABELS,
  STATE_BADGES,
  UNCONFIRMED_RULE,
  eventLabel,
  formatDay,
  stepLabel,
} from './labels';

export function StateBadge({ state }: { state: DeadlineState }) {
  const { label, bg, fg } = STATE_BADGES[state];
  return (
    <Badge backgroundColor={bg} color={fg} data-state={state} style={{ whiteSpace: 'nowrap' }}>
      {label}
    </Badge>
  );
}

/** "unconfirmed rule" beside a `U`-graded deadline (nothing for V and S). */
export function UnconfirmedMark({ graded }: { graded: Deadline['graded'] }) {
  if (graded !== 'U') return null;
  return (
    <Badge size="small" variation="warning" marginInlineStart="0.35rem" title="Not confirmed in any published source">
      {UNCONFIRMED_RULE}
    </Badge>
  );
}

/** The due date, and under it the extension and non-business-day notes of the deadline. */
export function DueDate({ deadline }: { deadline: Deadline }) {
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{formatDay(deadline.due)}</span>
      {deadline.extended_from && (
        <Text as="span" display="block" fontSize="small">
          Extended from {formatDay(deadline.extended_from)}
        </Text>
      )}
      {deadline.falls_on_non_business_day && (
        <Text as="span" display="block" fontSize="small" color="font.warning">
          {NON_BUSINESS_DAY_NOTE}
        </Text>
      )}
    </>
  );
}

/**
 * The Case column of the dispute lists: a link to the case showing its number (while it has none,
 * the distinguishing part of its id), named with its full id.
 */
export function caseColumn<Row extends { case_id: string; case_number?: string | null }>(): DataColumn<Row> {
  return {
    header: 'Case',
    cell: (row) => {
      const visible = row.case_number || caseIdLabel(row.case_id);
      return (
        <Link
          to={`/case/${encodeURIComponent(row.case_id)}`}
          className="suture-case-link"
          aria-label={caseLinkName(row.case_id, visible)}
          title={row.case_id}
        >
          {visible}
        </Link>
      );
    },
  };
}

const COLUMNS: DataColumn<Deadline>[] = [
  { header: 'Due', cell: (d) => <DueDate deadline={d} />, style: { minWidth: '9rem' } },
  {
    header: 'Deadline',
    rowHeader: true,
    cell: (d) => (
      <>
        {stepLabel(d.step)}
        <UnconfirmedMark graded={d.graded} />
      </>
    ),
  },
  { header: 'State', cell: (d) => <StateBadge state={d.state} /> },
  { header: 'Who acts', cell: (d) => PARTY_LABELS[d.party] },
  {
    header: 'Counted from',
    cell: (d) => `${eventLabel(d.basis.type)}, ${formatDay(d.basis.date)}`,
    style: { minWidth: '10rem' },
  },
  { header: 'Days', cell: (d) => (d.day_type === 'business' ? 'Business days' : 'Calendar days') },
  { header: 'Rule', cell: (d) => `${d.rule_version} (${d.graded})` },
];

/** Every deadline, sorted by due date (a table: it prints as one). */
export function DeadlineTable({ deadlines, caption }: { deadlines: readonly Deadline[]; caption: string }) {
  const rows = [...deadlines].sort((a, b) => a.due.localeCompare(b.due));
  return <DataTable stacked caption={caption} columns={COLUMNS} rows={rows} rowKey={(d) => d.step} />;
}
