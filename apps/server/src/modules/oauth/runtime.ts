import type { Clock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config.ts';
import type { Ctx } from '../../platform/context.ts';
import type { Db } from '../../platform/db/connect.ts';
import { createAccessTokenVerifier, signAccessToken, type Subject } from './access-token.ts';
import { ensureBundledClient } from './clients.ts';
import { createOriginCache } from './cors.ts';
import { createDenialCache } from './denials.ts';
import { createKeyring } from './keys.ts';

export interface OAuthInstance {
  instanceId: string;
  oauthClientId: string;
}

/**
 * The OAuth server's per-process state: the cached signing keys, the token verifier the caller
 * resolver uses, the cache of allowed CORS origins and the copy of the denied members. Everything else lives in the database.
 */
export function createOAuth(o: { db: Db; clock: Clock; config: Config }) {
  const keys = createKeyring(o.db);
  const origins = createOriginCache(o.db, o.config.PUBLIC_URL);
  const denials = createDenialCache(o.db, o.clock);
  const verifyAccessToken = createAccessTokenVerifier(keys, o.clock, o.config.PUBLIC_URL, denials);
  const rt = {
    keys,
    origins,
    denials,
    issuer: o.config.PUBLIC_URL,
    verifyAccessToken,
    /**
     * Signs an access token for `s` (`ttl` seconds from `now`), which this process's verifier then
     * knows as verified (a shopper's next call follows at once, most often to this process).
     */
    async issueAccessToken(s: Subject, now: Date, ttl: number): Promise<string> {
      const { token, exp } = await signAccessToken(keys, s, { now, ttl, issuer: o.config.PUBLIC_URL });
      verifyAccessToken.remember(token, s, exp);
      return token;
    },
    instance: undefined as OAuthInstance | undefined,
    /** First-start set-up, after the instance is bootstrapped: signing key and the bundled storefront's client. */
    async start(ctx: Ctx, instance: OAuthInstance): Promise<void> {
      await keys.setUp(ctx.clock.now());
      await ensureBundledClient(ctx, instance.oauthClientId);
      origins.invalidate();
      rt.instance = instance;
    },
  };
  return rt;
}
export type OAuthRuntime = ReturnType<typeof createOAuth>;
