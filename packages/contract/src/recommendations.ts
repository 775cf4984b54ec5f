import { z } from 'zod';

/** Recommendations (contract back-in-stock-recommendations.md §1): `/v1/recommendations/…`. */

export const algorithmType = z.enum(['UNSPECIFIED', 'RELATED_ITEMS', 'GLOBAL']);
export const algorithmInfo = z.strictObject({
  config: z.strictObject({
    name: z.string(),
    description: z.string(),
    additionalInfo: z.string().nullable(),
    algorithmType,
    algorithmId: z.string(),
  }),
  appId: z.string(),
  catalogAppIds: z.array(z.string()),
});
export const listAlgorithmsResponse = z.strictObject({ availableAlgorithms: z.array(algorithmInfo) });

const catalogReference = z.strictObject({
  catalogItemId: z.string().min(1).max(100),
  appId: z.string().min(1).max(100),
  options: z.record(z.string(), z.unknown()).nullish(),
});
export const getRecommendationRequest = z.strictObject({
  algorithms: z
    .array(z.strictObject({ id: z.string().min(1).max(100), appId: z.string().min(1).max(100) }))
    .min(1)
    .max(10),
  items: z.array(catalogReference).max(100).optional(),
  minimumRecommendedItems: z.number().int().min(0).max(100).optional(),
});
export const getRecommendationResponse = z.strictObject({
  recommendation: z.strictObject({
    items: z.array(z.strictObject({ catalogItemId: z.string(), appId: z.string(), options: z.null() })),
    algorithm: z.strictObject({ id: z.string(), appId: z.string() }),
  }),
});
