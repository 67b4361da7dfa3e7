/**
 * Analytics Dashboard, /back-office/dashboard (spec back-office-and-shell section 2 "Analytics
 * Dashboard"), for user_type 10 or more (BackOfficeGuard).
 *
 * - Time range selector (Last 7 days, Last 30 days, Last 90 days, Last year), kept in the URL
 *   (`?range=7d|30d|90d|1y`, default 30d). Departure from the spec (README): the range really
 *   filters, by case creation date, from the per-day counts (GET /case/stats?range=).
 * - Cards: Total Cases, Total Revenue (sum of pay amounts, dollars), Pending Cases (status Paid, as
 *   the spec defines it, and the card says so), Incomplete Cases.
 * - Cases by Status: a recharts bar chart (StatusChart, loaded with the chart after the figures, so
 *   recharts is not in the route's budget; hidden from screen readers) and a table of the same
 *   figures (label, cases, share).
 * - Top Users: the 5 users with the most cases, all time (the counts keep no per-range ranking).
 * - Below, whatever the range: pay amounts by month, payer mix and days in status (./AnalyticsPanel.tsx).
 * - States: loading; "No analytics data available" when the range holds no case; the spec's error
 *   texts (section 8) with Retry; while another range loads, the previous figures stay, marked as updating.
 */
import { lazy, Suspense } from 'react';
import { Alert, Card, Flex, Grid, Heading, Loader, SelectField, Text } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router-dom';
import { CASE_STATUSES } from '../../../../shared/statuses';
import { formatDollars } from '../../../../shared/display';
import type { CaseStatsResponse } from '../../../../shared/schemas/lists';
import { userDisplayName } from './api';
import { apiErrorMessage } from '../../lib/apiErrors';
import { ANALYTICS_MESSAGES, ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, type AnalyticsRange } from './messages';
import { useCaseStats } from './queries';
import type { StatusBar } from './StatusChart';
import { DataTable, type DataColumn } from '../../components/DataTable';
import { AnalyticsPanel } from './AnalyticsPanel';
import { RetryButton } from '../../components/BusyButton';

// recharts comes with the chart, not with the route: the page's figures show first and the route
// stays within its 250 KB (docs/decisions/0015-spa-patterns.md).
const StatusChart = lazy(() => import('./StatusChart'));

/** The Cases by Status table: each status names its row, then its count and share of `total`. */
function statusColumns(total: number): DataColumn<StatusBar>[] {
  return [
    { header: 'Status', cell: (b) => b.label, rowHeader: true },
    { header: 'Cases', cell: (b) => b.count.toLocaleString('en-US') },
    { header: 'Share', cell: (b) => (total > 0 ? `${Math.round((b.count / total) * 100)}%` : '0%') },
  ];
}

const isRange = (v: string | null): v is AnalyticsRange => ANALYTICS_RANGES.some((r) => r.value === v);

/** One figure; `hint` says what it counts where the title alone would mislead. */
function StatCard({ title, value, hint }: { title: string; value: string; hint?: string }) {
  return (
    <Card variation="outlined">
      <Heading level={2} fontSize="medium" color="font.secondary">
        {title}
      </Heading>
      <Text fontSize={{ base: 'large', medium: 'xxl' }} fontWeight="bold" marginTop="0.25rem">
        {value}
      </Text>
      {hint && (
        <Text fontSize="small" color="font.secondary">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function Figures({ stats, rangeLabel }: { stats: CaseStatsResponse; rangeLabel: string }) {
  const bars: StatusBar[] = CASE_STATUSES.map((s) => ({
    label: s.label,
    count: stats.by_status[String(s.value)] ?? 0,
    color: s.color,
  }));
  const total = stats.total_cases;
  return (
    <>
      {/* Two figures a row from a phone's width: four full-width cards filled its first screen. */}
      <Grid templateColumns={{ base: '1fr 1fr', large: 'repeat(4, 1fr)' }} gap={{ base: '0.75rem', medium: '1rem' }}>
        <StatCard title="Total Cases" value={total.toLocaleString('en-US')} />
        <StatCard title="Total Revenue" value={formatDollars(stats.total_revenue)} />
        <StatCard
          title="Pending Cases"
          value={stats.pending_cases.toLocaleString('en-US')}
          hint={ANALYTICS_MESSAGES.pendingCasesHint}
        />
        <StatCard title="Incomplete Cases" value={stats.incomplete_cases.toLocaleString('en-US')} />
      </Grid>
      <Grid templateColumns={{ base: '1fr', large: '2fr 1fr' }} gap="1rem">
        <Card variation="outlined">
          <Heading level={2} id="cases-by-status">
            Cases by Status
          </Heading>
          <Text fontSize="small" color="font.secondary">
            Cases created in the {rangeLabel.toLowerCase()}, by their current status.
          </Text>
          <Suspense fallback={<div aria-hidden="true" style={{ height: 320 }} />}>
            <StatusChart bars={bars} />
          </Suspense>
          <DataTable
            labelledBy="cases-by-status"
            striped
            columns={statusColumns(total)}
            rows={bars}
            rowKey={(b) => b.label}
          />
        </Card>
        <Card variation="outlined">
          <Heading level={2}>Top Users</Heading>
          <Text fontSize="small" color="font.secondary">
            By number of cases, all time.
          </Text>
          {stats.top_users.length === 0 ? (
            <Text marginTop="0.75rem">No users with cases yet.</Text>
          ) : (
            <ol aria-label="Top Users" style={{ margin: '0.75rem 0 0', paddingLeft: '1.5rem' }}>
              {stats.top_users.map((u) => (
                <li key={u.user_id} style={{ marginBottom: '0.5rem' }}>
                  <Flex justifyContent="space-between" gap="0.5rem">
                    <Text as="span">{userDisplayName(u.name, u.user_id)}</Text>
                    <Text as="span" fontWeight="bold">
                      {u.case_count.toLocaleString('en-US')} {u.case_count === 1 ? 'case' : 'cases'}
                    </Text>
                  </Flex>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </Grid>
    </>
  );
}

export default function DashboardPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('range');
  const range: AnalyticsRange = isRange(asked) ? asked : DEFAULT_ANALYTICS_RANGE;
  const rangeLabel = ANALYTICS_RANGES.find((r) => r.value === range)!.label;
  const stats = useCaseStats(range);

  let body;
  if (stats.isError && !stats.isPlaceholderData) {
    body = (
      <Alert variation="error" heading="Analytics unavailable" role="alert">
        <Text>{apiErrorMessage('analytics', stats.error)}</Text>
        <RetryButton marginTop="0.75rem" query={stats} />
      </Alert>
    );
  } else if (!stats.data) {
    body = (
      <Flex alignItems="center" gap="0.5rem" padding="1.5rem" role="status">
        <Loader size="large" aria-hidden="true" />
        <Text>{ANALYTICS_MESSAGES.loading}</Text>
      </Flex>
    );
  } else if (stats.data.total_cases === 0 && !stats.isPlaceholderData) {
    body = (
      <Card variation="outlined" textAlign="center" padding="2rem">
        <Text fontSize="large">{ANALYTICS_MESSAGES.noData}</Text>
        <Text marginTop="0.5rem" color="font.secondary">
          No case was created in the {rangeLabel.toLowerCase()}.
        </Text>
      </Card>
    );
  } else {
    body = (
      <>
        <Figures stats={stats.data} rangeLabel={rangeLabel} />
        <AnalyticsPanel />
      </>
    );
  }

  return (
    <Flex direction="column" gap="1.25rem">
      <Flex justifyContent="space-between" alignItems="flex-end" wrap="wrap" gap="0.75rem">
        <Heading level={1}>Analytics Dashboard</Heading>
        <Flex alignItems="flex-end" gap="0.75rem">
          {stats.isPlaceholderData && stats.isFetching && (
            <Flex alignItems="center" gap="0.25rem" role="status">
              <Loader size="small" aria-hidden="true" />
              <Text fontSize="small">Updating…</Text>
            </Flex>
          )}
          <SelectField
            label="Time range"
            value={range}
            onChange={(e) => setParams(e.target.value === DEFAULT_ANALYTICS_RANGE ? {} : { range: e.target.value })}
          >
            {ANALYTICS_RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </SelectField>
        </Flex>
      </Flex>
      {body}
    </Flex>
  );
}
