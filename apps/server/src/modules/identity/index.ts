/** The identity module's face: all that app.ts and other modules may use of it (modules/README.md). */
import type { ServerModule } from '../../platform/module.ts';
import { identityRoutes } from './routes.ts';
export {
  approveIdentities,
  blockIdentities,
  getIdentity,
  markIdentityDeleted,
  redeemSessionToken,
  signOn,
} from './service.ts';
export { sessionsOf as memberSessionViews } from './sessions.ts';
export { type IdentityTables } from './store.ts';
export { CAPTCHA_WINDOW_MS, LOCK_AFTER_FAILURES } from './throttle.ts';
export { LINK_TTL_MS } from './challenges.ts';
// What another kind of account (staff) reuses: the password rules and hashing, TOTP codes, and
// sign-in throttling with the captcha.
export { hashPassword, needsRehash, passwordViolation, verifyPassword } from './password.ts';
export { matchStep as totpStep } from './totp.ts';
export {
  clearAccount as clearSignInFailures,
  guardSignIn,
  recordFailure as recordSignInFailure,
} from './throttle.ts';

export const identityModule: ServerModule = {
  name: 'identity',
  routes: ({ router }) => identityRoutes(router),
};
