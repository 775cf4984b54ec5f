import { z } from 'zod';

/** The merchant's home page figures (Vitrine): `GET /platform/v1/analytics/overview?days=7|30|90`. */
export const analyticsOverviewQuery = z.strictObject({
  days: z
    .union([z.literal(7), z.literal(30), z.literal(90), z.enum(['7', '30', '90']).transform(Number)])
    .default(30),
});
export const analyticsOverviewResponse = z.strictObject({
  currency: z.string(),
  /** One entry per UTC day, oldest first, today included; days without activity are zeros. */
  series: z.array(
    z.strictObject({ date: z.string(), orders: z.number(), sales: z.string(), checkouts: z.number() }),
  ),
  totals: z.strictObject({
    orders: z.number(),
    sales: z.string(),
    averageOrderValue: z.string(),
    checkouts: z.number(),
    /** Orders ÷ checkouts over the period (0 … 1; 0 without checkouts). */
    conversionRate: z.number(),
  }),
  attention: z.strictObject({
    ordersToFulfil: z.number(),
    paymentsToCapture: z.number(),
    /** Orders waiting for a payment made outside the store (a manual payment method), to mark paid. */
    paymentsAwaited: z.number(),
    reviewsToModerate: z.number(),
    lowStock: z.number(),
    failedEmails: z.number(),
    failedJobs: z.number(),
    /** Webhook deliveries that failed for good (all their attempts) in the last 7 days. */
    failedWebhookDeliveries: z.number(),
  }),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewResponse>;
