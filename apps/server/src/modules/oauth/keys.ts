import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose';
import type { Db } from '../../platform/db/connect.ts';
import * as store from './store.ts';

export const ALG = 'EdDSA';
/** An unknown `kid` makes the keyring re-read the table at most this often (another process rotated keys). */
const RELOAD_MS = 30_000;

interface Loaded {
  signing: { kid: string; key: CryptoKey };
  verifying: Map<string, CryptoKey>;
  jwks: JWK[];
}

/**
 * The access-token signing keys: created at first start, kept in the database, cached in memory so
 * signing and verifying never touch the database.
 */
export function createKeyring(db: Db) {
  let loaded: Loaded | undefined;
  let loadedAt = 0;
  let pending: Promise<Loaded> | undefined;

  async function read(): Promise<Loaded> {
    const rows = await store.signingKeys(db);
    const active = rows.find((r) => r.active);
    if (!active) throw new Error('no active OAuth signing key: the keyring was not set up');
    const verifying = new Map<string, CryptoKey>();
    const jwks: JWK[] = [];
    for (const r of rows) {
      verifying.set(r.kid, (await importJWK(r.public_jwk as JWK, ALG)) as CryptoKey);
      jwks.push({ ...(r.public_jwk as JWK), kid: r.kid, alg: ALG, use: 'sig' });
    }
    const signing = { kid: active.kid, key: (await importJWK(active.private_jwk as JWK, ALG)) as CryptoKey };
    loaded = { signing, verifying, jwks };
    loadedAt = Date.now();
    return loaded;
  }

  const reload = () =>
    (pending ??= read().finally(() => {
      pending = undefined;
    }));

  return {
    /** First start: creates the key pair unless one exists (concurrent starts keep one), then loads. */
    async setUp(now: Date): Promise<void> {
      const rows = await store.signingKeys(db);
      if (!rows.some((r) => r.active)) {
        const { publicKey, privateKey } = await generateKeyPair(ALG, { crv: 'Ed25519', extractable: true });
        const publicJwk = await exportJWK(publicKey);
        const kid = await calculateJwkThumbprint(publicJwk);
        await store.insertActiveKeyOnce(db, {
          kid,
          alg: ALG,
          public_jwk: publicJwk,
          private_jwk: await exportJWK(privateKey),
          active: true,
          created_at: now,
        });
      }
      await reload();
    },
    async signingKey(): Promise<Loaded['signing']> {
      return (loaded ?? (await reload())).signing;
    },
    /** The public key for `kid`, reading the table again (rate-limited) when it is unknown. */
    async verifyingKey(kid: string): Promise<CryptoKey | undefined> {
      const hit = (loaded ?? (await reload())).verifying.get(kid);
      if (hit || Date.now() - loadedAt < RELOAD_MS) return hit;
      return (await reload()).verifying.get(kid);
    },
    async jwks(): Promise<JWK[]> {
      return (loaded ?? (await reload())).jwks;
    },
  };
}
export type Keyring = ReturnType<typeof createKeyring>;
