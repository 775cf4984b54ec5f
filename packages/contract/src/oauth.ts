import { z } from 'zod';
import { cursorPagingMetadata, cursorQuery } from './query.ts';
import { id, isoDate } from './scalars.ts';

/**
 * OAuth wire shapes (contract/oauth-identity.md §1, §2). The token endpoint mixes casings: the visitor
 * and member grants use camelCase keys, `authorized_client` uses snake_case (§1, "Request bodies").
 */

/** RFC 7636 §4.1: 43–128 characters of `[A-Za-z0-9-._~]`. */
export const pkceCodeVerifier = z
  .string()
  .min(43)
  .max(128)
  .regex(/^[A-Za-z0-9\-._~]+$/, 'must use only A-Z a-z 0-9 - . _ ~');
/** base64url(SHA-256(verifier)) without padding: always 43 characters. */
export const pkceCodeChallenge = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'must be base64url of a SHA-256 digest');
export const oauthClientId = z.string().min(1).max(64);

export const anonymousGrant = z.object({ grantType: z.literal('anonymous'), clientId: oauthClientId });
export const refreshTokenGrant = z.object({
  grantType: z.literal('refresh_token'),
  refreshToken: z.string().min(1).max(512),
  clientId: oauthClientId.optional(),
});
export const authorizationCodeGrant = z.object({
  grantType: z.literal('authorization_code'),
  clientId: oauthClientId,
  code: z.string().min(1).max(512),
  codeVerifier: pkceCodeVerifier,
  redirectUri: z.string().max(2048).optional(),
});
export const authorizedClientGrant = z.object({
  grant_type: z.literal('authorized_client'),
  member_id: id,
  scope: z.string().max(200).optional(),
  session_token: z.string().min(1).max(4096).optional(),
});
export type AnonymousGrant = z.infer<typeof anonymousGrant>;
export type RefreshTokenGrant = z.infer<typeof refreshTokenGrant>;
export type AuthorizationCodeGrant = z.infer<typeof authorizationCodeGrant>;
export type AuthorizedClientGrant = z.infer<typeof authorizedClientGrant>;

/**
 * `POST /oauth2/token` as sent: the grant is named by `grantType` or `grant_type`. Unknown parameters
 * are ignored (RFC 6749 §3.2), so the envelope is loose; each grant's own schema is applied after.
 */
export const tokenRequest = z.looseObject({
  grantType: z.string().optional(),
  grant_type: z.string().optional(),
});

/** What the SDK reads (§1, "Response"); `expires_in` is a number of seconds. */
export const tokenResponse = z.object({
  access_token: z.string(),
  expires_in: z.number(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  scope: z.string(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/**
 * The raw HTTP wrappers of `@wix/identity`'s `oauth` module (§1): the real request travels as a base64
 * `body` with its headers; `token()` expects the raw answer back the same way (failures too: HTTP 200, the
 * OAuth status in `statusCode`, the RFC 6749 error JSON in `body`; shape `rawHttpResponse` of identity.ts).
 */
const rawEntry = z.object({ key: z.string().max(200), value: z.string().max(8192) });
export const rawHttpRequest = z.object({
  body: z.string().max(65_536),
  headers: z.array(rawEntry).max(100).optional(),
  method: z.string().max(20).optional(),
  pathParams: z.array(rawEntry).max(100).optional(),
  queryParams: z.array(rawEntry).max(100).optional(),
  rawPath: z.string().max(2048).optional(),
  rawQuery: z.string().max(8192).optional(),
});
export type RawHttpRequest = z.infer<typeof rawHttpRequest>;

export const tokenInfoRequest = z.union([
  z.strictObject({ token: z.string().min(1).max(4096) }),
  rawHttpRequest.strict(),
]);
export const tokenInfoResponse = z.object({
  active: z.boolean(),
  subjectType: z.enum(['VISITOR', 'MEMBER']).optional(),
  subjectId: z.string().optional(),
  /** int64 strings (seconds since the epoch). */
  exp: z.string().optional(),
  iat: z.string().optional(),
  clientId: z.string().optional(),
  instanceId: z.string().optional(),
});
export type TokenInfo = z.infer<typeof tokenInfoResponse>;

export const userInfoResponse = z.object({
  sub: z.string(),
  email: z.string().optional(),
  emailVerified: z.boolean().optional(),
  givenName: z.string().optional(),
  familyName: z.string().optional(),
  name: z.string().optional(),
  picture: z.string().optional(),
  language: z.string().optional(),
});
export type UserInfo = z.infer<typeof userInfoResponse>;

export const jwksResponse = z.object({ keys: z.array(z.record(z.string(), z.unknown())) });

export const oauthResponseMode = z.enum(['query', 'fragment', 'web_message']);
/** `create` (OpenID Connect's "Initiating User Registration"): the hosted sign-up page instead of sign-in. */
export const oauthPrompt = z.enum(['login', 'none', 'consent', 'select_account', 'create']);
export type OAuthResponseMode = z.infer<typeof oauthResponseMode>;
export type OAuthPrompt = z.infer<typeof oauthPrompt>;

/** An authorize request, as the `auth` redirect intent and the hosted sign-in page carry it. */
export const authRequest = z.object({
  clientId: oauthClientId,
  responseType: z.string().max(50).optional(),
  redirectUri: z.string().max(2048).optional(),
  scope: z.string().max(200).optional(),
  state: z.string().max(1024).optional(),
  responseMode: z.string().max(50).optional(),
  codeChallenge: z.string().max(200).optional(),
  codeChallengeMethod: z.string().max(20).optional(),
  sessionToken: z.string().max(4096).optional(),
  nonce: z.string().max(1024).optional(),
  prompt: z.string().max(50).optional(),
  idp: z.string().max(200).optional(),
  /** Added by the `auth` redirect session: the signed visitor the session was created by (see modules/oauth). */
  visitorLink: z.string().max(2048).optional(),
});
export type AuthRequest = z.infer<typeof authRequest>;

/**
 * `POST /oauth2/session`: the hosted page, opened with no app's request, signs the browser in (the
 * cookie). `postFlowUrl`: where the `login` redirect session said to go afterwards.
 */
export const openBrowserSessionRequest = z.strictObject({
  sessionToken: z.string().min(1).max(4096),
  postFlowUrl: z.string().max(2048).optional(),
});
/**
 * `redirectUrl`: the `postFlowUrl`, when it is on another origin that a client allows (a front end
 * of its own): the browser goes there. Absent: on to the store's own sign-in.
 */
export const openBrowserSessionResponse = z.object({ redirectUrl: z.string().optional() });

/** `POST /oauth2/authorize/complete`: the hosted page finishes an authorize request after a form login. */
export const authorizeCompleteRequest = authRequest.extend({ sessionToken: z.string().min(1).max(4096) });
export const authorizeCompleteResponse = z.object({
  /** query / fragment modes: where to send the browser. */
  redirectUrl: z.string().optional(),
  /** web_message mode: what to post to the opener, and to which origins only. */
  webMessage: z
    .object({ targetOrigins: z.array(z.string()), data: z.record(z.string(), z.string()) })
    .optional(),
});

/** An OAuth client (the bundled storefront, or a front end the merchant registers). */
export const oauthClient = z.object({
  id: z.string(),
  name: z.string(),
  /** Exact URIs, or `<origin>/<path>/*` for every URI under that path. */
  redirectUris: z.array(z.string()),
  /** Origins allowed for `web_message` answers and CORS. */
  allowedOrigins: z.array(z.string()),
  createdDate: isoDate,
  updatedDate: isoDate,
});
export type OAuthClient = z.infer<typeof oauthClient>;

const editableClient = z.strictObject({
  name: z.string().trim().min(1).max(100),
  redirectUris: z.array(z.string().min(1).max(2048)).max(50),
  allowedOrigins: z.array(z.string().min(1).max(2048)).max(50),
});
export const createClientRequest = z.strictObject({
  client: editableClient.partial({ redirectUris: true, allowedOrigins: true }),
});
export const updateClientRequest = z.strictObject({
  client: editableClient.partial().extend({ id: z.string().optional() }),
  /** Comma-joined paths; without it, the fields `client` sets. */
  fieldMask: z.string().max(2000).optional(),
});
export type CreateClientRequest = z.infer<typeof createClientRequest>;
export type UpdateClientRequest = z.infer<typeof updateClientRequest>;
export const clientResponse = z.object({ client: oauthClient });
export const queryClientsRequest = z.strictObject({ query: cursorQuery.optional() });
export const queryClientsResponse = z.object({
  clients: z.array(oauthClient),
  metadata: cursorPagingMetadata,
});
