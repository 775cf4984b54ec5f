import { z } from 'zod';
import { authRequest } from './oauth.ts';

/** `redirects.createRedirectSession(options)` (contract/redirects.md). */

const url = z.string().min(1).max(2048);
export const redirectCallbacks = z.strictObject({
  thankYouPageUrl: url.optional(),
  postFlowUrl: url.optional(),
  loginUrl: url.optional(),
  bookingsServiceListUrl: url.optional(),
  cartPageUrl: url.optional(),
  planListUrl: url.optional(),
});
export type RedirectCallbacks = z.infer<typeof redirectCallbacks>;

export const redirectPreferences = z.strictObject({
  useGenericWixPages: z.boolean().optional(),
  maintainIdentity: z.boolean().optional(),
  additionalQueryParameters: z.record(z.string().max(200), z.string().max(2048)).optional(),
  checkIfPublish: z.boolean().optional(),
});

/** Intents Vitrine hosts a page for. */
export const hostedRedirectKinds = ['ecomCheckout', 'storesProduct', 'login', 'logout', 'auth'] as const;
/** Intents the SDK can send that Vitrine has no page for (answered with UNSUPPORTED_REDIRECT_KIND). */
export const unsupportedRedirectKinds = [
  'ecomOrderPaymentRequest',
  'bookingsCheckout',
  'eventsCheckout',
  'paidPlansCheckout',
  'bookingsBook',
] as const;

export const createRedirectSessionRequest = z.strictObject({
  ecomCheckout: z.strictObject({ checkoutId: z.string().min(1).max(100) }).optional(),
  storesProduct: z.strictObject({ productSlug: z.string().min(1).max(200) }).optional(),
  login: z.strictObject({}).optional(),
  logout: z.strictObject({ clientId: z.string().min(1).max(64) }).optional(),
  auth: z.strictObject({ authRequest, prompt: z.string().max(50).optional() }).optional(),
  ...(Object.fromEntries(unsupportedRedirectKinds.map((k) => [k, z.unknown().optional()])) as Record<
    (typeof unsupportedRedirectKinds)[number],
    z.ZodOptional<z.ZodUnknown>
  >),
  callbacks: redirectCallbacks.optional(),
  preferences: redirectPreferences.optional(),
  origin: z.string().max(200).optional(),
});
export type CreateRedirectSessionRequest = z.infer<typeof createRedirectSessionRequest>;

export const redirectSession = z.object({
  id: z.string(),
  fullUrl: z.string(),
  urlDetails: z.object({ endpoint: z.string(), searchParams: z.record(z.string(), z.string()) }),
  sessionToken: z.string().nullable(),
  shortUrl: z.string(),
});
export type RedirectSession = z.infer<typeof redirectSession>;
export const redirectSessionResponse = z.object({ redirectSession });
