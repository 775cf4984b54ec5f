/**
 * The Home page's charts (recharts, in this lazily loaded chunk only: the first render of the
 * dashboard never waits for it). Each chart is an image to assistive technology, named with what
 * it shows; the numbers themselves are in the page's data table.
 */
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { dayLabel, metricText, type DayPoint, type MetricKey } from './figures.ts';

const axis = { fontSize: 12, fill: '#78716c' };

export function MetricChart({
  metric,
  points,
  currency,
  label,
}: {
  metric: MetricKey;
  points: DayPoint[];
  currency: string;
  label: string;
}) {
  const common = {
    data: points,
    margin: { top: 8, right: 8, bottom: 0, left: 0 },
    accessibilityLayer: false,
  };
  const x = <XAxis dataKey="date" tickFormatter={dayLabel} tick={axis} tickLine={false} minTickGap={24} />;
  const y = (
    <YAxis
      tick={axis}
      tickLine={false}
      axisLine={false}
      width={56}
      allowDecimals={metric !== 'orders'}
      domain={metric === 'conversion' ? [0, 100] : [0, 'auto']}
      tickFormatter={(v: number) =>
        metric === 'conversion' ? `${v}%` : metric === 'orders' ? String(v) : compact(v, currency)
      }
    />
  );
  const grid = <CartesianGrid strokeDasharray="3 3" stroke="#a8a29e" strokeOpacity={0.35} vertical={false} />;
  const tip = (
    <Tooltip
      labelFormatter={(d) => dayLabel(String(d))}
      formatter={(_v, _n, item) => [metricText(metric, item.payload as DayPoint, currency), label]}
    />
  );
  return (
    <div role="img" aria-label={label} className="h-44 text-accent">
      <ResponsiveContainer width="100%" height="100%">
        {metric === 'orders' ? (
          <BarChart {...common}>
            {grid}
            {x}
            {y}
            {tip}
            <Bar dataKey="orders" fill="currentColor" radius={[3, 3, 0, 0]} isAnimationActive={false} />
          </BarChart>
        ) : metric === 'sales' ? (
          <AreaChart {...common}>
            {grid}
            {x}
            {y}
            {tip}
            <Area
              dataKey="sales"
              stroke="currentColor"
              fill="currentColor"
              fillOpacity={0.15}
              strokeWidth={2}
              isAnimationActive={false}
            />
          </AreaChart>
        ) : (
          <LineChart {...common}>
            {grid}
            {x}
            {y}
            {tip}
            <Line
              dataKey={metric}
              stroke="currentColor"
              strokeWidth={2}
              dot={{ r: 2, fill: 'currentColor' }}
              connectNulls
              isAnimationActive={false}
            />
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}

const compact = (v: number, currency: string) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(v);
