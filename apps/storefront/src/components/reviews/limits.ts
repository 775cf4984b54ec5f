/**
 * The form's bounds: the contract's REVIEW_LIMITS (packages/contract/src/reviews.ts; not imported,
 * that module brings zod), but a title that fits a line (the server takes up to 3,000 characters).
 */
export const LIMITS = { title: 100, body: 3000, name: 100, media: 10 } as const;
