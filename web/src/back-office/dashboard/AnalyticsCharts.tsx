/**
 * The analytics charts drawn with recharts (the one chart library; decision record 0028): pay amounts
 * by month, the payer mix, days in status per status, and a provider's pay amounts per status. Loaded
 * lazily with the charts, never with a route. Each chart is a picture for sighted users
 * (`aria-hidden`, no keyboard layer); its figures are in a table beside it (./AnalyticsPanel.tsx,
 * web/src/cases/PracticePipeline.tsx), which keyboard and screen-reader users read instead.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AGING_BUCKET_LABELS } from '../../../../shared/schemas/lists';
import { formatDollars } from '../../../../shared/display';

/** Axis ticks of dollar amounts: $950, $12k, $1.2M. */
export function shortDollars(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `$${(value / 1_000_000).toFixed(abs >= 10_000_000 ? 0 : 1)}M`;
  if (abs >= 1_000) return `$${(value / 1_000).toFixed(abs >= 10_000 ? 0 : 1)}k`;
  return `$${Math.round(value)}`;
}

/** `YYYY-MM` as "Nov 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

const BRAND = '#0b5394';
/** One colour per bucket of days in status, light (recent) to dark (oldest); 3:1 against white. */
const AGING_FILLS = ['#2f78c4', '#0b5394', '#ca8a04', '#ea580c', '#b91c1c'] as const;

function Frame({ height, children }: { height: number; children: React.ReactElement }) {
  return (
    <div aria-hidden="true" style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height }}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Bars of pay amounts (dollars) by month, oldest first. */
export function PayByMonthChart({ months }: { months: readonly { month: string; amount: number }[] }) {
  const data = months.map((m) => ({ label: monthLabel(m.month), amount: m.amount }));
  return (
    <Frame height={260}>
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
        <YAxis tickFormatter={shortDollars} width={56} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => [formatDollars(Number(value)), 'Pay amounts']} />
        <Bar dataKey="amount" name="Pay amounts" fill={BRAND} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

/** Horizontal bars of a named quantity per row label (payers by cases, statuses by dollars). */
export function HorizontalBars({
  rows,
  valueName,
  dollars = false,
}: {
  rows: readonly { label: string; value: number }[];
  valueName: string;
  dollars?: boolean;
}) {
  return (
    <Frame height={Math.max(120, rows.length * 30 + 40)}>
      <BarChart
        accessibilityLayer={false}
        layout="vertical"
        data={[...rows]}
        margin={{ top: 4, right: 16, bottom: 4, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis
          type="number"
          tickFormatter={dollars ? shortDollars : undefined}
          allowDecimals={false}
          tick={{ fontSize: 12 }}
        />
        <YAxis type="category" dataKey="label" width={130} tick={{ fontSize: 12 }} />
        <Tooltip formatter={(value) => [dollars ? formatDollars(Number(value)) : String(value), valueName]} />
        <Bar dataKey="value" name={valueName} fill={BRAND} isAnimationActive={false} />
      </BarChart>
    </Frame>
  );
}

/** Stacked bars: for each status, its cases per bucket of days in status. */
export function AgingChart({ rows }: { rows: readonly { label: string; buckets: readonly number[] }[] }) {
  const data = rows.map((r) => ({
    label: r.label,
    ...Object.fromEntries(AGING_BUCKET_LABELS.map((b, i) => [b, r.buckets[i] ?? 0])),
  }));
  return (
    <Frame height={300}>
      <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 56, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" interval={0} angle={-35} textAnchor="end" height={70} tick={{ fontSize: 12 }} />
        <YAxis allowDecimals={false} width={40} tick={{ fontSize: 12 }} />
        <Tooltip />
        {/* In the buckets' order (recharts sorts the legend by name by default). */}
        <Legend
          verticalAlign="top"
          height={28}
          itemSorter={(item) => AGING_BUCKET_LABELS.indexOf(item.value as (typeof AGING_BUCKET_LABELS)[number])}
        />
        {AGING_BUCKET_LABELS.map((b, i) => (
          <Bar key={b} dataKey={b} stackId="days" fill={AGING_FILLS[i]} isAnimationActive={false} />
        ))}
      </BarChart>
    </Frame>
  );
}
