/** The oauth module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { installCors } from './cors.ts';
import { oauthRoutes } from './routes.ts';
import { tokenPort } from './port.ts';
import { purgeExpiredGrants } from './purge.ts';
import type { OAuthRuntime } from './service.ts';
export { cookieValue } from './browser-sessions.ts';
export { DENIALS_REFRESH_MS } from './denials.ts';
export { memberMayHaveTokens } from './identity.ts';
export { noteNewVisitor, takeNewVisitor } from './new-visitors.ts';
export {
  checkAuthRequestTarget,
  clientExists,
  createOAuth,
  type OAuthRuntime,
  signVisitorLink,
  urlAllowedForClient,
} from './service.ts';
export { type OAuthTables } from './store.ts';
export { VISITOR_REACH_MS } from './tokens.ts';

/** The OAuth server: CORS for registered origins, its routes, and the token port for identity and members. */
export const oauthModule = (oauth: OAuthRuntime): ServerModule => ({
  name: 'oauth',
  install: (http) => installCors(http, oauth.origins),
  routes: ({ router }) => oauthRoutes(router, oauth),
  ports: { tokens: tokenPort },
  periodic: [purgeExpiredGrants],
});
