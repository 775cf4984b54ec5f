export { signAccessToken } from './access-token.ts';
export { cookieValue } from './browser-sessions.ts';
export { installCors } from './cors.ts';
export { DENIALS_REFRESH_MS } from './denials.ts';
export { memberMayHaveTokens } from './identity.ts';
export { oauthRoutes } from './routes.ts';
export {
  allowAccess,
  checkAuthRequestTarget,
  clientExists,
  createOAuth,
  denyAccess,
  type OAuthRuntime,
  revokeTokensOf,
  signVisitorLink,
  urlAllowedForClient,
} from './service.ts';
export { type OAuthTables } from './store.ts';
