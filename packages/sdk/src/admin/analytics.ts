/** The merchant's home page figures: `GET /platform/v1/analytics/overview?days=7|30|90` (admins). */
import type { AnalyticsOverview } from '@vitrine/contract';
import type { HttpClient } from '../http.ts';

export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const analyticsCalls = {
  /** Per-day series (oldest first, today included), totals and what needs attention. */
  overview: (http: HttpClient, days: AnalyticsPeriod): Promise<AnalyticsOverview> =>
    http.request<AnalyticsOverview>({
      method: 'GET',
      path: '/platform/v1/analytics/overview',
      query: { days },
    }),
};
