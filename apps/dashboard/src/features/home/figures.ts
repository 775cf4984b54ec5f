/** The overview's numbers as the page shows them (shared by the page and the lazily loaded charts). */
import type { AnalyticsOverview } from '@vitrine/sdk';
import { formatMoney } from '@vitrine/ui';

export type MetricKey = 'sales' | 'orders' | 'averageOrderValue' | 'conversion';

export interface DayPoint {
  date: string;
  sales: number;
  orders: number;
  /** Null on a day without orders (there is nothing to average: not $0). */
  averageOrderValue: number | null;
  /** Percent; null on a day without checkouts. */
  conversion: number | null;
}

export const dayPoints = (o: AnalyticsOverview): DayPoint[] =>
  o.series.map((d) => {
    const sales = Number(d.sales);
    return {
      date: d.date,
      sales,
      orders: d.orders,
      averageOrderValue: d.orders ? Math.round((sales / d.orders) * 100) / 100 : null,
      conversion: d.checkouts ? Math.round(Math.min(1, d.orders / d.checkouts) * 1000) / 10 : null,
    };
  });

export const money = (amount: number | string, currency: string) =>
  formatMoney({ amount: String(amount) }, { currency });
export const percent = (rate: number) => `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;

/** A day as "Mar 4" (UTC: the series' days are UTC days). */
export const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

export const METRICS: { key: MetricKey; title: string; total: (o: AnalyticsOverview) => string }[] = [
  { key: 'sales', title: 'Sales', total: (o) => money(o.totals.sales, o.currency) },
  { key: 'orders', title: 'Orders', total: (o) => String(o.totals.orders) },
  {
    key: 'averageOrderValue',
    title: 'Average order value',
    total: (o) => (o.totals.orders ? money(o.totals.averageOrderValue, o.currency) : '—'),
  },
  {
    key: 'conversion',
    title: 'Checkout-to-order conversion',
    total: (o) => (o.totals.checkouts ? percent(o.totals.conversionRate) : '—'),
  },
];

/** One value of a metric, as text. */
export function metricText(key: MetricKey, p: DayPoint, currency: string): string {
  if (key === 'sales') return money(p.sales, currency);
  if (key === 'averageOrderValue')
    return p.averageOrderValue === null ? '—' : money(p.averageOrderValue, currency);
  if (key === 'conversion') return p.conversion === null ? '—' : `${p.conversion.toFixed(1)}%`;
  return String(p.orders);
}
