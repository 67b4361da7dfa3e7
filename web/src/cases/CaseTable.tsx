/**
 * The case list's table or, below 640 px, its cards (spec provider-side section 2 "Case List";
 * back-office-and-shell section 2 "Back-office Case Management": the same table plus a Status
 * badge column), declared once for the provider's /dashboard and the back office's
 * /back-office/cases. Columns: Case ID (the case number, the full id in the link's name),
 * Date, Patient, [User: the owner's name, back office], Status, [Days in Status], Insurance (N/A if empty), Procedure
 * Codes (first 2, an ellipsis if more), Pay Amount (dollars, 2 decimals, N/A if absent), Demo Sheet
 * and Op Note (check or cross), Actions. A row click opens the case; the link serves keyboard and
 * screen-reader users. With `selection`, a checkbox in each Case ID cell (and card) and one in the
 * header selecting every row shown; with `leftView`, rows a change moved out of the list's filter
 * stay, greyed and marked, until the list is read again (docs/decisions/0025-bulk-and-undo.md); with
 * `sort`, the Date and Days in Status headers are sort buttons with `aria-sort`.
 */
import {
  Card,
  Flex,
  Heading,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  View,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDollars, summarizeCodes } from '../../../shared';
import type { CaseView } from './api';
import type { CaseSort } from '../../../shared';
import { caseIdLabel, caseLinkName, formatCaseDate, patientName } from './format';
import { CheckIcon, CrossIcon } from '../components/icons';
import { StatusBadge } from './StatusBadge';
import { useWideScreen } from '../components/useMediaQuery';

export function FileMark({ present, label }: { present: boolean; label?: string }) {
  return (
    <Flex as="span" alignItems="center" gap="xxs" color={present ? '#15803d' : '#b91c1c'}>
      {present ? <CheckIcon /> : <CrossIcon />}
      {label && (
        <Text as="span" color="font.primary" fontSize="small">
          {label}
        </Text>
      )}
      <VisuallyHidden>{present ? 'Present' : 'Missing'}</VisuallyHidden>
    </Flex>
  );
}

/** Whether the demographic sheet / operative note is really attached (the key, or file_keys). */
export { hasDemo, hasNote } from '../../../shared/case-view';
import { hasDemo, hasNote } from '../../../shared/case-view';

/**
 * The link to a case: its number visible (while it has none, the distinguishing part of its id),
 * the full id in its name and tooltip (docs/decisions/0022-case-numbers.md).
 */
export function CaseLink({ c }: { c: CaseView }) {
  const visible = c.case_number || caseIdLabel(c.case_id);
  return (
    <Link
      to={`/case/${encodeURIComponent(c.case_id)}`}
      aria-label={caseLinkName(c.case_id, visible)}
      title={c.case_id}
      className="suture-case-link"
      onClick={(e) => e.stopPropagation()}
    >
      {visible}
    </Link>
  );
}

/** Row selection of a {@link CaseTable}. */
export interface CaseSelection<C extends CaseView> {
  isSelected: (c: C) => boolean;
  onToggle: (c: C, selected: boolean) => void;
  /** Select (true) or clear (false) every row shown. */
  onToggleAll: (selected: boolean) => void;
  /** How a checkbox names its case ('C-000123 (Pat Doe)'). */
  labelOf: (c: C) => string;
}

/** A native checkbox (keyboard and screen readers as is), `mixed` shown as indeterminate. */
function SelectBox({
  checked,
  label,
  onChange,
}: {
  checked: boolean | 'mixed';
  label: string;
  onChange: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = checked === 'mixed';
  }, [checked]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="suture-select-box"
      aria-label={label}
      checked={checked === true}
      onChange={(e) => onChange(e.target.checked)}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

/** The note of a row that left the list's filter. */
const LEFT_VIEW_NOTE = 'No longer in this view';

export interface CaseTableProps<C extends CaseView> {
  cases: readonly C[];
  /** A row (or card) click: open the case. */
  onOpen: (c: C) => void;
  /** The Actions cell of a row (and the foot of a card). */
  rowActions: (c: C) => ReactNode;
  /** The status code the badge shows (default `case_status`; the back office shows unknown codes as Incomplete). */
  statusOf?: (c: C) => number;
  /** The owner's name: adds the User column (the back office's lists). */
  ownerOf?: (c: C) => string;
  /** Checkboxes to select rows (Case Management). */
  selection?: CaseSelection<C>;
  /** True for a row a change moved out of the list's filter: greyed and marked until the list is read again. */
  leftView?: (c: C) => boolean;
  /** Adds the Days in Status column: the whole days the case has been in its status. */
  daysInStatus?: boolean;
  /** Makes the Date and Days in Status headers sort buttons: the order shown, and what a click asks for. */
  sort?: { value?: CaseSort; onChange: (next: CaseSort) => void };
}

/** "12 days" ("1 day"): the days a case has been in its status. */
export function daysLabel(days: number): string {
  return `${days.toLocaleString('en-US')} ${days === 1 ? 'day' : 'days'}`;
}

/**
 * The sortable columns: the order a first click asks for, the other one, and the `aria-sort` of
 * each. Days in Status counts days, so its longest first is the oldest status change first.
 */
const SORTABLE: Record<
  string,
  { first: CaseSort; second: CaseSort; aria: Record<string, 'ascending' | 'descending'> }
> = {
  Date: {
    first: '-case_date',
    second: 'case_date',
    aria: { '-case_date': 'descending', case_date: 'ascending' },
  },
  'Days in Status': {
    first: 'status_changed',
    second: '-status_changed',
    aria: { status_changed: 'descending', '-status_changed': 'ascending' },
  },
};

/** A sortable column header: a button that asks for the column's order, or its other order when already sorted by it. */
function SortHeader({ label, sort }: { label: string; sort: NonNullable<CaseTableProps<CaseView>['sort']> }) {
  const column = SORTABLE[label]!;
  const direction = sort.value === undefined ? undefined : column.aria[sort.value];
  const next = sort.value === column.first ? column.second : column.first;
  return (
    // The arrow is drawn by CSS from data-direction, so the header's text stays its name.
    <button
      type="button"
      className="suture-sort-header"
      data-direction={direction ?? 'none'}
      onClick={() => sort.onChange(next)}
      title={`Sort by ${label.toLowerCase()}`}
    >
      {label}
    </button>
  );
}

/**
 * The table (from 640 px) or the cards (phones) of a page of cases, only the one that fits the
 * viewport (each row's actions rendered once); see the module header.
 */
export function CaseTable<C extends CaseView>({
  cases,
  onOpen,
  rowActions,
  statusOf,
  ownerOf,
  selection,
  leftView,
  daysInStatus,
  sort,
}: CaseTableProps<C>) {
  const wide = useWideScreen();
  const status = (c: C) => (statusOf ? statusOf(c) : c.case_status);
  const selectedCount = selection ? cases.filter((c) => selection.isSelected(c)).length : 0;
  const allState = selectedCount === 0 ? false : selectedCount === cases.length ? true : 'mixed';
  const gone = (c: C) => leftView?.(c) ?? false;
  const rowBox = (c: C) =>
    selection && (
      <SelectBox
        checked={selection.isSelected(c)}
        label={`Select case ${selection.labelOf(c)}`}
        onChange={(on) => selection.onToggle(c, on)}
      />
    );
  const leftNote = (c: C) =>
    gone(c) && (
      <Text as="span" display="block" fontSize="small" fontStyle="italic">
        {LEFT_VIEW_NOTE}
      </Text>
    );
  const columns = [
    'Case ID',
    'Date',
    'Patient',
    ...(ownerOf ? ['User'] : []),
    'Status',
    ...(daysInStatus ? ['Days in Status'] : []),
    'Insurance',
    'Procedure Codes',
    'Pay Amount',
    'Demo Sheet',
    'Op Note',
    'Actions',
  ];
  if (wide)
    return (
      // position: relative keeps the cells' visually hidden text inside this scroll box.
      <View className="suture-case-table" style={{ overflowX: 'auto', position: 'relative' }} tabIndex={-1}>
        <Table
          aria-label="Cases"
          highlightOnHover
          size="small"
          style={{ minWidth: (ownerOf ? 1100 : 960) + (daysInStatus ? 90 : 0) }}
        >
          <TableHead>
            <TableRow>
              {columns.map((h, i) => (
                <TableCell
                  as="th"
                  scope="col"
                  key={h}
                  aria-sort={
                    sort && SORTABLE[h] && sort.value ? (SORTABLE[h].aria[sort.value] ?? undefined) : undefined
                  }
                >
                  {sort && SORTABLE[h] ? (
                    <SortHeader label={h} sort={sort as NonNullable<CaseTableProps<CaseView>['sort']>} />
                  ) : i === 0 && selection ? (
                    <Flex as="span" alignItems="center" gap="xs">
                      <SelectBox
                        checked={allState}
                        label={`Select all ${cases.length} cases shown`}
                        onChange={(on) => selection.onToggleAll(on)}
                      />
                      {h}
                    </Flex>
                  ) : (
                    h
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {cases.map((c) => (
              <TableRow
                key={c.case_id}
                data-case-id={c.case_id}
                className={gone(c) ? 'suture-row-left-view' : undefined}
                style={{ cursor: 'pointer' }}
                onClick={() => onOpen(c)}
              >
                <TableCell>
                  <Flex as="span" alignItems="center" gap="xs">
                    {rowBox(c)}
                    {/* A real link for keyboard and screen-reader users; the row click is for the mouse. */}
                    <CaseLink c={c} />
                  </Flex>
                  {leftNote(c)}
                </TableCell>
                <TableCell>{formatCaseDate(c.case_date)}</TableCell>
                <TableCell>{patientName(c.patient_first, c.patient_last)}</TableCell>
                {ownerOf && <TableCell>{ownerOf(c) || 'N/A'}</TableCell>}
                <TableCell>
                  <StatusBadge status={status(c)} />
                </TableCell>
                {daysInStatus && <TableCell>{daysLabel(c.days_in_status)}</TableCell>}
                <TableCell>{c.ins_provider.trim() || 'N/A'}</TableCell>
                <TableCell>{summarizeCodes(c.procedure_codes.map((p) => p.code))}</TableCell>
                <TableCell>{formatDollars(c.pay_amount)}</TableCell>
                <TableCell>
                  <FileMark present={hasDemo(c)} />
                </TableCell>
                <TableCell>
                  <FileMark present={hasNote(c)} />
                </TableCell>
                <TableCell>{rowActions(c)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </View>
    );
  return (
    <>
      {selection && (
        <label className="suture-case-cards-head">
          <SelectBox
            checked={allState}
            label={`Select all ${cases.length} cases shown`}
            onChange={(on) => selection.onToggleAll(on)}
          />
          <Text as="span" fontSize="small" aria-hidden="true">
            {`Select all ${cases.length} cases shown`}
          </Text>
        </label>
      )}
      <ul className="suture-case-cards" aria-label="Cases">
        {cases.map((c) => (
          <li key={c.case_id} data-case-id={c.case_id} className={gone(c) ? 'suture-row-left-view' : undefined}>
            <Card variation="outlined" padding="medium">
              <Flex direction="column" gap="xs">
                <Flex justifyContent="space-between" alignItems="flex-start" gap="small">
                  <Flex as="span" alignItems="center" gap="xs">
                    {rowBox(c)}
                    <Heading level={2} fontSize="medium" style={{ wordBreak: 'break-word' }}>
                      {patientName(c.patient_first, c.patient_last) || 'N/A'}
                    </Heading>
                  </Flex>
                  <StatusBadge status={status(c)} />
                </Flex>
                <Text fontSize="small">
                  <CaseLink c={c} />
                  {' · '}
                  {formatCaseDate(c.case_date)}
                </Text>
                {leftNote(c)}
                {ownerOf && <Text fontSize="small">User: {ownerOf(c) || 'N/A'}</Text>}
                {daysInStatus && <Text fontSize="small">Days in status: {daysLabel(c.days_in_status)}</Text>}
                <Text fontSize="small">
                  Codes: {summarizeCodes(c.procedure_codes.map((p) => p.code)) || 'N/A'} · Pay:{' '}
                  {formatDollars(c.pay_amount)}
                </Text>
                <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
                  <Flex gap="small" wrap="wrap">
                    <FileMark present={hasDemo(c)} label="Demo Sheet" />
                    <FileMark present={hasNote(c)} label="Op Note" />
                  </Flex>
                  {rowActions(c)}
                </Flex>
              </Flex>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}
