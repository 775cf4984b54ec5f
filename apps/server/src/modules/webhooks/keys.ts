/** The store's webhook signing key (RS256, made on first use) and the JWT every delivery is. */
import { generateKeyPair as generateRsa } from 'node:crypto';
import { promisify } from 'node:util';
import { importPKCS8, SignJWT, type CryptoKey } from 'jose';
import type { Ctx } from '../../platform/context.ts';
import type { Services } from '../../platform/services.ts';
import { instanceIdOf, readKey, replaceKey, storeKey } from './store.ts';

const makeRsa = promisify(generateRsa);
/** A delivery's JWT is good this long after it was signed (each attempt signs anew). */
const JWT_TTL_S = 60 * 60;

type KeyRow = NonNullable<Awaited<ReturnType<typeof readKey>>>;
/** The last key each server (its services) imported, by its row: importing costs about a millisecond. */
const imported = new WeakMap<Services, { row: KeyRow; key: Promise<CryptoKey> }>();
/** The instance id of each server, read once: it never changes. */
const instanceIds = new WeakMap<Services, Promise<string>>();

function instanceIdFor(ctx: Ctx): Promise<string> {
  let id = instanceIds.get(ctx.services);
  if (!id) {
    id = instanceIdOf(ctx.db);
    // A failed read (the database away) is tried again by the next caller.
    id.catch(() => instanceIds.delete(ctx.services));
    instanceIds.set(ctx.services, id);
  }
  return id;
}

const newPair = () =>
  makeRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/**
 * The key pair as stored now, made and stored by the first process that needs it. Read for every
 * delivery (one row by its key), so a rotation by any process signs the next delivery of every
 * process with the new key.
 */
async function keyRow(ctx: Ctx): Promise<KeyRow> {
  const kept = await readKey(ctx.db);
  if (kept) return kept;
  const { publicKey, privateKey } = await newPair();
  return storeKey(ctx.db, {
    id: 1,
    public_pem: publicKey,
    private_pem: privateKey,
    created_at: ctx.clock.now(),
  });
}

async function signingKey(ctx: Ctx): Promise<{ row: KeyRow; key: CryptoKey }> {
  const row = await keyRow(ctx);
  let last = imported.get(ctx.services);
  if (!last || last.row.public_pem !== row.public_pem) {
    last = { row, key: importPKCS8(row.private_pem, 'RS256') };
    imported.set(ctx.services, last);
  }
  return { row, key: await last.key };
}

const wireKey = (row: KeyRow, id: string) => ({
  publicKey: row.public_pem,
  appId: id,
  instanceId: id,
  createdDate: row.created_at.toISOString(),
});

/** What receivers verify deliveries with. */
export async function publicSigningKey(ctx: Ctx) {
  const [row, id] = await Promise.all([keyRow(ctx), instanceIdFor(ctx)]);
  return wireKey(row, id);
}

/**
 * A new key pair in place of the old (owners, when a key may have leaked or by policy): every
 * delivery signed from now on, by any process, uses it, and receivers verifying with the old key
 * refuse them until they are given the new one (failed deliveries are retried, and can be redelivered).
 */
export async function rotateSigningKey(ctx: Ctx) {
  const { publicKey, privateKey } = await newPair();
  const row = await replaceKey(ctx.db, {
    id: 1,
    public_pem: publicKey,
    private_pem: privateKey,
    created_at: ctx.clock.now(),
  });
  return wireKey(row, await instanceIdFor(ctx));
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
  const [{ key }, instanceId] = await Promise.all([signingKey(ctx), instanceIdFor(ctx)]);
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
