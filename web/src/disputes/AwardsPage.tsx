/**
 * Back-office Awards, /back-office/awards (user_type 10 or more, under the back-office guard): the
 * IDR awards (GET /dispute/awards) that are unpaid, overdue (unpaid past the 30-day payment deadline)
 * or paid, with the totals the server counts over every award (awarded, paid, unpaid, how many are
 * overdue); Load more; each row links to its case. Export CSV saves the awards of the state chosen
 * (../components/CsvExport.tsx).
 */
import { Card, Flex, Heading, SelectField, Text } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { formatDollars } from '../../../shared/display';
import { LoadMore, nextPageProps } from '../components/LoadMore';
import { DataTable, type DataColumn } from '../components/DataTable';
import { apiErrorMessage } from '../lib/apiErrors';
import { ListEmpty, ListLoadError, ListLoading } from '../shell/ListStates';
import { fetchAwardsPage, type AwardItem, type AwardState, type AwardsAnswer } from './api';
import { CsvExport } from '../components/CsvExport';
import { AWARD_CSV_COLUMNS } from '../../../shared/csv-columns';
import { caseColumn } from './DeadlineParts';
import { formatDay } from './labels';
import { useAwards } from './queries';

const STATES: readonly (readonly [AwardState, string])[] = [
  ['unpaid', 'Unpaid'],
  ['overdue', 'Overdue'],
  ['paid', 'Paid'],
];

const COLUMNS: DataColumn<AwardItem>[] = [
  caseColumn(),
  { header: 'Provider', cell: (a) => a.owner_name || 'N/A' },
  { header: 'Determination', cell: (a) => formatDay(a.determination_date) },
  { header: 'Award', cell: (a) => formatDollars(a.award) },
  { header: 'Paid', cell: (a) => formatDollars(a.paid) },
  { header: 'Payment due', cell: (a) => formatDay(a.award_payment_due) },
  {
    header: 'Days overdue',
    cell: (a) => (a.days_overdue > 0 ? <strong>{`${a.days_overdue} days overdue`}</strong> : 'Not overdue'),
  },
];

function Totals({ totals }: { totals: AwardsAnswer['totals'] }) {
  const cards: [string, string][] = [
    ['Awarded', formatDollars(totals.awarded)],
    ['Paid', formatDollars(totals.paid)],
    ['Unpaid', formatDollars(totals.unpaid)],
    ['Overdue awards', totals.overdue_count.toLocaleString('en-US')],
  ];
  return (
    // A named region around the list: a dl has no role to carry a name (axe aria-prohibited-attr).
    <section aria-label="Award totals">
      <dl style={{ display: 'flex', flexWrap: 'wrap', gap: '0.75rem', margin: 0 }}>
        {cards.map(([label, value]) => (
          <Card key={label} variation="outlined" flex="1 1 10rem" padding="small">
            <dt style={{ fontSize: '0.875rem', fontWeight: 600 }}>{label}</dt>
            <dd style={{ margin: '0.25rem 0 0', fontSize: '1.5rem', fontWeight: 700 }}>{value}</dd>
          </Card>
        ))}
      </dl>
    </section>
  );
}

/** The state choice, totals, list and paging (exported for tests, which render it without the guard). */
export function AwardList() {
  const [state, setState] = useState<AwardState>('unpaid');
  const query = useAwards(state);
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((p) => p.items);
  const totals = pages.at(-1)?.totals;

  let list;
  if (query.isError && items.length === 0) {
    list = <ListLoadError message={apiErrorMessage('disputeLoad', query.error)} onRetry={() => void query.refetch()} />;
  } else if (query.isPending) {
    list = <ListLoading />;
  } else if (items.length === 0) {
    list = <ListEmpty heading={`No ${state} awards`} />;
  } else {
    list = (
      <>
        <DataTable
          stacked
          caption={`${STATES.find(([s]) => s === state)?.[1] ?? ''} awards`}
          columns={COLUMNS}
          rows={items}
          rowKey={(a) => a.case_id}
        />
        <LoadMore shown={items.length} noun={['award', 'awards']} {...nextPageProps(query)} />
      </>
    );
  }

  return (
    <Flex direction="column" gap="small">
      {totals && <Totals totals={totals} />}
      <SelectField
        label="Awards"
        value={state}
        onChange={(e) => setState(e.target.value as AwardState)}
        maxWidth="16rem"
      >
        {STATES.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <CsvExport
        fetchPage={(cursor, signal) => fetchAwardsPage(state, cursor, signal)}
        rowsOf={(page) => page.items}
        columns={AWARD_CSV_COLUMNS}
        server={{ list: 'awards', filters: { state } }}
        filename={`awards-${state}`}
        noun={['award', 'awards']}
      />
      {list}
    </Flex>
  );
}

export default function AwardsPage() {
  return (
    <Flex direction="column" gap="small">
      <Heading level={1}>Awards</Heading>
      <Text>IDR awards and their payment, due 30 calendar days after the determination.</Text>
      <AwardList />
    </Flex>
  );
}
