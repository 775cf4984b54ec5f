/** The contract's REVIEW_LIMITS (packages/contract/src/reviews.ts), not imported: that module brings zod. */
export const LIMITS = { title: 100, body: 3000, name: 100, media: 10 } as const;
