/** The home page figures as TanStack Query options: `['analytics', 'overview', days]`. */
import { queryOptions } from '@tanstack/react-query';
import { analyticsCalls, type AnalyticsPeriod } from '../../admin/analytics.ts';
import type { HttpClient } from '../../http.ts';

export const analyticsQueries = {
  all: () => ['analytics'] as const,
  overview: (http: HttpClient, days: AnalyticsPeriod) =>
    queryOptions({
      queryKey: ['analytics', 'overview', days] as const,
      queryFn: () => analyticsCalls.overview(http, days),
      staleTime: 60_000,
    }),
};
