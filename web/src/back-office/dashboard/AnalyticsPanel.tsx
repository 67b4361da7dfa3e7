/**
 * The money and aging charts of the Analytics Dashboard (decision record 0028), from GET /case/analytics
 * whatever the time range: pay amounts of the cases created in each of the last 12 months, the payer
 * mix (cases per payer, most first) and days in status per status (every status but Closed). Each
 * chart (./AnalyticsCharts.tsx, loaded with the charts) has its figures in a table under "Figures".
 * States: loading, the spec's error text with Retry.
 */
import { Alert, Card, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { AGING_BUCKET_LABELS } from '../../../../shared/schemas/lists';
import { caseStatusLabel } from '../../../../shared/statuses';
import { formatDollars } from '../../../../shared/display';
import { apiErrorMessage } from '../../lib/apiErrors';
import { DataTable } from '../../components/DataTable';
import { useCaseAnalytics } from './queries';
import { RetryButton } from '../../components/BusyButton';

const charts = () => import('./AnalyticsCharts');
const PayByMonthChart = lazy(() => charts().then((m) => ({ default: m.PayByMonthChart })));
const HorizontalBars = lazy(() => charts().then((m) => ({ default: m.HorizontalBars })));
const AgingChart = lazy(() => charts().then((m) => ({ default: m.AgingChart })));

/** `YYYY-MM` as "November 2026" for the tables. */
function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A chart card: heading, what it counts, the chart, and its figures folded under "Figures". */
function ChartCard({ title, hint, chart, table }: { title: string; hint: string; chart: ReactNode; table: ReactNode }) {
  const id = useId();
  return (
    <Card variation="outlined">
      <Heading level={2} id={id}>
        {title}
      </Heading>
      <Text fontSize="small" color="font.secondary">
        {hint}
      </Text>
      <Suspense fallback={<div aria-hidden="true" style={{ height: 240 }} />}>{chart}</Suspense>
      <details>
        <summary>Figures</summary>
        {table}
      </details>
    </Card>
  );
}

export function AnalyticsPanel() {
  const analytics = useCaseAnalytics();
  if (analytics.isError) {
    return (
      <Alert variation="error" heading="Charts unavailable" role="alert">
        <Text>{apiErrorMessage('analytics', analytics.error)}</Text>
        <RetryButton marginTop="0.75rem" query={analytics} />
      </Alert>
    );
  }
  if (!analytics.data) return <Text role="status">Loading charts…</Text>;
  const { pay_by_month, payer_mix, aging } = analytics.data;
  const agingRows = aging.map((row) => ({ label: caseStatusLabel(row.status), buckets: row.buckets }));
  return (
    <Grid templateColumns={{ base: '1fr', large: '1fr 1fr' }} gap="1rem">
      <ChartCard
        title="Pay amounts by month"
        hint="Pay amounts of the cases created in each of the last 12 months (by case creation month)."
        chart={<PayByMonthChart months={pay_by_month} />}
        table={
          <DataTable
            label="Pay amounts by month"
            striped
            columns={[
              { header: 'Month', cell: (m) => monthName(m.month), rowHeader: true },
              { header: 'Cases', cell: (m) => m.cases.toLocaleString('en-US') },
              { header: 'Pay amounts', cell: (m) => formatDollars(m.amount) },
            ]}
            rows={pay_by_month}
            rowKey={(m) => m.month}
          />
        }
      />
      <ChartCard
        title="Payer mix"
        hint="Cases per payer, all time (deleted cases not counted)."
        chart={
          payer_mix.length === 0 ? (
            <Text marginTop="0.75rem">No cases yet.</Text>
          ) : (
            <HorizontalBars rows={payer_mix.map((p) => ({ label: p.payer, value: p.cases }))} valueName="Cases" />
          )
        }
        table={
          <DataTable
            label="Payer mix"
            striped
            columns={[
              { header: 'Payer', cell: (p) => p.payer, rowHeader: true },
              { header: 'Cases', cell: (p) => p.cases.toLocaleString('en-US') },
              { header: 'Pay amounts', cell: (p) => formatDollars(p.amount) },
            ]}
            rows={payer_mix}
            rowKey={(p) => p.payer}
          />
        }
      />
      <div style={{ gridColumn: '1 / -1' }}>
        <ChartCard
          title="Days in status"
          hint="Open cases by how many calendar days they have been in their current status."
          chart={<AgingChart rows={agingRows} />}
          table={
            <DataTable
              label="Days in status"
              striped
              columns={[
                { header: 'Status', cell: (r) => r.label, rowHeader: true },
                ...AGING_BUCKET_LABELS.map((b, i) => ({
                  header: b,
                  cell: (r: (typeof agingRows)[number]) => (r.buckets[i] ?? 0).toLocaleString('en-US'),
                })),
              ]}
              rows={agingRows}
              rowKey={(r) => r.label}
            />
          }
        />
      </div>
    </Grid>
  );
}
