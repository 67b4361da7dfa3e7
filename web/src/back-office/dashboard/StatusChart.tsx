/**
 * Cases by Status as a bar chart, drawn with recharts. Imported only by the
 * analytics page (a lazily loaded route), so recharts is loaded on /back-office/dashboard only.
 *
 * The chart is a picture for sighted users (`aria-hidden`, and without recharts' keyboard layer, so
 * nothing hidden takes the focus); the same figures are in the page's "Cases by Status" table, which
 * keyboard and screen-reader users read instead.
 */
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BadgeColor } from '../../../../shared/statuses';

/** One bar: status label, number of cases, the status's badge colour. */
export interface StatusBar {
  label: string;
  count: number;
  color: BadgeColor;
}

/** Bar fill per badge colour (the badge's hue, dark enough for 3:1 against white). */
const FILL: Record<BadgeColor, string> = {
  red: '#dc2626',
  yellow: '#ca8a04',
  green: '#16a34a',
  purple: '#9333ea',
  indigo: '#4f46e5',
  orange: '#ea580c',
  teal: '#0d9488',
  pink: '#db2777',
  cyan: '#0891b2',
  gray: '#6b7280',
};

export default function StatusChart({ bars }: { bars: readonly StatusBar[] }) {
  return (
    <div aria-hidden="true" style={{ width: '100%', height: 320 }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 600, height: 320 }}>
        <BarChart accessibilityLayer={false} data={[...bars]} margin={{ top: 8, right: 8, bottom: 56, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" interval={0} angle={-35} textAnchor="end" height={70} tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} width={48} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(value) => [String(value), 'Cases']} />
          <Bar dataKey="count" name="Cases" isAnimationActive={false}>
            {bars.map((b) => (
              <Cell key={b.label} fill={FILL[b.color]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
