import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  codeChallengeFor,
  generateCodeVerifier,
  generateOAuthData,
  generateState,
  VERIFIER_CHARSET,
} from './pkce.ts';

const UNRESERVED = /^[A-Za-z0-9\-._~]+$/;
const sha256url = (s: string) => createHash('sha256').update(s).digest('base64url');

describe('code verifier', () => {
  it('is 43 unreserved characters by default', () => {
    const v = generateCodeVerifier();
    expect(v).toHaveLength(43);
    expect(v).toMatch(UNRESERVED);
    expect(VERIFIER_CHARSET).toHaveLength(66);
  });

  it.each([43, 44, 100, 128])('accepts length %i', (n) => {
    const v = generateCodeVerifier(n);
    expect(v).toHaveLength(n);
    expect(v).toMatch(UNRESERVED);
  });

  it.each([42, 129, 0, -1, 43.5])('rejects length %s with the spec message', (n) => {
    expect(() => generateCodeVerifier(n)).toThrow(
      new Error(`Expected a length between 43 and 128. Received ${n}.`),
    );
  });

  it('is random and uses the whole alphabet', () => {
    const many = Array.from({ length: 200 }, () => generateCodeVerifier(128));
    expect(new Set(many).size).toBe(200);
    const seen = new Set(many.join(''));
    expect(seen.size).toBe(66);
  });
});

describe('code challenge and state', () => {
  it('challenge = base64url(SHA-256(verifier)) without padding', async () => {
    for (const v of [
      generateCodeVerifier(),
      generateCodeVerifier(128),
      'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    ]) {
      const c = await codeChallengeFor(v);
      expect(c).toBe(sha256url(v));
      expect(c).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    // RFC 7636 appendix B.
    expect(await codeChallengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('state is a random base64url string', () => {
    const a = generateState();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateState()).not.toBe(a);
  });
});

describe('generateOAuthData', () => {
  it('returns verifier, matching challenge, state, redirectUri and originalUri', async () => {
    const d = await generateOAuthData('https://shop.example.test/callback', 'https://shop.example.test/cart');
    expect(Object.keys(d).sort()).toEqual([
      'codeChallenge',
      'codeVerifier',
      'originalUri',
      'redirectUri',
      'state',
    ]);
    expect(d.codeVerifier).toHaveLength(43);
    expect(d.codeChallenge).toBe(sha256url(d.codeVerifier));
    expect(d.redirectUri).toBe('https://shop.example.test/callback');
    expect(d.originalUri).toBe('https://shop.example.test/cart');
    expect((await generateOAuthData('https://x.test/cb')).originalUri).toBe('');
  });

  it('takes a verifier length of 43 to 128', async () => {
    expect(
      (await generateOAuthData('https://x.test/cb', undefined, { codeVerifierLength: 128 })).codeVerifier,
    ).toHaveLength(128);
    await expect(
      generateOAuthData('https://x.test/cb', undefined, { codeVerifierLength: 42 }),
    ).rejects.toThrow('Expected a length between 43 and 128. Received 42.');
    await expect(
      generateOAuthData('https://x.test/cb', undefined, { codeVerifierLength: 129 }),
    ).rejects.toThrow('Expected a length between 43 and 128. Received 129.');
  });
});
