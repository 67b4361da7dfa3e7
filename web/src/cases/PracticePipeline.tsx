/**
 * The practice's own pipeline at the top of /dashboard (beyond the spec): how
 * many of the signed-in provider's cases sit in each status, each a link that sets the Case List's
 * status filter (`?status=<filter key>`, as CaseListPage keeps it; "All" clears it), with the sum of
 * its pay amounts (dollars) and a chart of those dollars per stage (recharts, loaded with the chart),
 * and how many of their disputes have a deadline overdue or due soon. On a phone the links make one
 * row that scrolls sideways (`.suture-pipeline-list` in web/src/theme/global.css), not eleven rows.
 *
 * From the per-owner counts, `GET /case/stats?range=all&user_id=<own id>` (no case list is read).
 * Read again on every visit and after each case mutation on the page (a delete), so the figures
 * follow the list. While loading it shows a line of text; on failure a short note with Retry (the
 * list below has its own error state).
 */
import { Flex, Text, VisuallyHidden } from '@aws-amplify/ui-react';
import { useIsMutating } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CASE_STATUSES, caseStatusByKey } from '../../../shared/statuses';
import { formatDollars } from '../../../shared/display';
import { useOwnerStats } from '../back-office/dashboard/queries';
import { useCurrentUser } from '../lib/useCurrentUser';
import { DisputeCounts } from '../disputes/DisputeCounts';
import { RetryButton } from '../components/BusyButton';

// recharts comes with the chart, after the figures (decision record 0028).
const HorizontalBars = lazy(() =>
  import('../back-office/dashboard/AnalyticsCharts').then((m) => ({ default: m.HorizontalBars })),
);

export default function PracticePipeline() {
  const { user } = useCurrentUser();
  const stats = useOwnerStats(user?.sub);
  const [params] = useSearchParams();
  const active = caseStatusByKey(params.get('status') ?? '')?.key ?? '';

  // A case mutation on this page (a delete) changes the counts: read them again when it settles.
  const mutating = useIsMutating();
  const wasMutating = useRef(false);
  const { refetch } = stats;
  useEffect(() => {
    if (mutating > 0) wasMutating.current = true;
    else if (wasMutating.current) {
      wasMutating.current = false;
      void refetch();
    }
  }, [mutating, refetch]);

  if (!user) return null;
  if (stats.isPending) {
    return (
      <Text fontSize="small" color="font.secondary">
        Loading your pipeline…
      </Text>
    );
  }
  if (stats.isError) {
    return (
      <Flex alignItems="center" gap="0.5rem" wrap="wrap">
        <Text fontSize="small" color="font.error">
          Your pipeline could not be loaded.
        </Text>
        <RetryButton size="small" query={stats} />
      </Flex>
    );
  }

  const data = stats.data;
  const entries = [
    { key: '', label: 'All', count: data.total_cases, amount: data.total_revenue },
    ...CASE_STATUSES.map((s) => ({
      key: s.key as string,
      label: s.label as string,
      count: data.by_status[String(s.value)] ?? 0,
      amount: data.amount_by_status?.[String(s.value)] ?? 0,
    })),
  ];
  // Dollars per stage: the statuses that hold pay amounts, as a chart (figures also in each link).
  const dollars = entries.filter((e) => e.key !== '' && e.amount > 0).map((e) => ({ label: e.label, value: e.amount }));
  return (
    <nav aria-label="Your pipeline" className="suture-pipeline">
      <Flex justifyContent="space-between" alignItems="baseline" wrap="wrap" gap="0.5rem">
        <Text as="h2" fontSize="medium" fontWeight="bold" margin="0">
          Your pipeline
        </Text>
        <Text fontSize="small">
          Total pay amounts: <strong>{formatDollars(data.total_revenue)}</strong>
        </Text>
      </Flex>
      <DisputeCounts disputes={data.disputes} backOffice={false} />
      <ul className="suture-pipeline-list">
        {entries.map((e) => {
          const current = e.key === active;
          return (
            <li key={e.key || 'all'}>
              <Link
                to={e.key ? `?status=${e.key}` : '.'}
                aria-current={current ? 'true' : undefined}
                className="suture-pipeline-link"
                data-empty={e.count === 0 || undefined}
              >
                <span>{e.label}</span>
                <strong>{e.count.toLocaleString('en-US')}</strong>
                <VisuallyHidden>{e.count === 1 ? 'case' : 'cases'}</VisuallyHidden>
                {e.key !== '' && e.amount > 0 && (
                  <Text as="span" fontSize="small" color="font.secondary">
                    {formatDollars(e.amount)}
                  </Text>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
      {dollars.length > 0 && (
        <div style={{ marginTop: '0.75rem', maxWidth: '40rem' }}>
          <Text as="h3" fontSize="small" fontWeight="bold" margin="0">
            Pay amounts by status
          </Text>
          <Suspense fallback={<div aria-hidden="true" style={{ height: 120 }} />}>
            <HorizontalBars rows={dollars} valueName="Pay amounts" dollars />
          </Suspense>
        </div>
      )}
    </nav>
  );
}
