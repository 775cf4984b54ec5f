/** The store's webhook signing key (RS256, made on first use) and the JWT every delivery is. */
import { generateKeyPair as generateRsa } from 'node:crypto';
import { promisify } from 'node:util';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import type { Ctx } from '../../platform/context.ts';
import type { Services } from '../../platform/services.ts';
import { instanceIdOf, readKey, storeKey } from './store.ts';

const makeRsa = promisify(generateRsa);
/** A delivery's JWT is good this long after it was signed (each attempt signs anew). */
const JWT_TTL_S = 60 * 60;

type Signer = { publicPem: string; key: CryptoKey; instanceId: string };
/**
 * The key and instance id of each server (its services), read once: neither changes while it runs
 * (a key replaced by hand takes a restart, README).
 */
const signers = new WeakMap<Services, Promise<Signer>>();

/** The key pair, made and stored by the first process that needs it. */
async function keyRow(ctx: Ctx) {
  const kept = await readKey(ctx.db);
  if (kept) return kept;
  const { publicKey, privateKey } = await makeRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return storeKey(ctx.db, {
    id: 1,
    public_pem: publicKey,
    private_pem: privateKey,
    created_at: ctx.clock.now(),
  });
}

function signer(ctx: Ctx): Promise<Signer> {
  let s = signers.get(ctx.services);
  if (!s) {
    s = (async () => {
      const [row, instanceId] = await Promise.all([keyRow(ctx), instanceIdOf(ctx.db)]);
      return { publicPem: row.public_pem, key: await importPKCS8(row.private_pem, 'RS256'), instanceId };
    })();
    // A failed read (the database away) is tried again by the next caller.
    s.catch(() => signers.delete(ctx.services));
    signers.set(ctx.services, s);
  }
  return s;
}

/** What receivers verify deliveries with. */
export async function publicSigningKey(ctx: Ctx) {
  const { publicPem, instanceId } = await signer(ctx);
  return { publicKey: publicPem, appId: instanceId, instanceId };
}

/**
 * The body of a delivery: the platform's webhook JWT (contract/conventions.md §10). Its `data` claim
 * is a JSON string naming the event type, the instance, the caller (a JSON string) and the domain
 * event (a JSON string); `aud` is the instance id, which the key's page gives as the app id.
 */
export async function signDelivery(
  ctx: Ctx,
  o: { eventType: string; identity: unknown; event: unknown },
): Promise<string> {
  const { key, instanceId } = await signer(ctx);
  const data = JSON.stringify({
    eventType: o.eventType,
    instanceId,
    identity: JSON.stringify(o.identity),
    data: JSON.stringify(o.event),
    accountInfo: { accountId: instanceId, siteId: instanceId, parentAccountId: null },
  });
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  return new SignJWT({ data })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(ctx.config.PUBLIC_URL)
    .setAudience(instanceId)
    .setIssuedAt(now)
    .setExpirationTime(now + JWT_TTL_S)
    .sign(key);
}
