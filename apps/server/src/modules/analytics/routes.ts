import { analyticsOverviewQuery, analyticsOverviewResponse } from '@vitrine/contract';
import type { Router } from '../../platform/http/route.ts';
import { overview } from './service.ts';

export function analyticsRoutes(r: Router) {
  r.route({
    method: 'GET',
    url: '/platform/v1/analytics/overview',
    roles: ['admin'],
    summary:
      'Sales, orders, average order value and conversion per day over 7, 30 or 90 days, and what needs attention',
    tags: ['analytics'],
    query: analyticsOverviewQuery,
    response: analyticsOverviewResponse,
    async handler(ctx, { query }) {
      return overview(ctx, query.days);
    },
  });
}
