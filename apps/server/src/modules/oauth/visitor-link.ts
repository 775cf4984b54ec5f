import { jwtVerify, SignJWT } from 'jose';
import { ALG } from './keys.ts';
import type { OAuthRuntime } from './runtime.ts';

/**
 * The visitor an `auth` redirect session was created by, carried through the hosted sign-in to the
 * authorization code (`visitorLink` in the authorize request): sessions are not stored, so the link is
 * signed with the OAuth keys and bound to the request's client and PKCE challenge. The code and the
 * member tokens it yields then carry that visitor, whose cart the member's first cart call takes over.
 */
const TYP = 'vitrine-visitor-link+jwt';
/** Long enough to sign up with an e-mailed code on the way. */
export const VISITOR_LINK_TTL_SECONDS = 60 * 60;

export interface VisitorLink {
  visitorId: string;
  clientId: string;
  codeChallenge: string | undefined;
}

export async function signVisitorLink(rt: OAuthRuntime, link: VisitorLink, now: Date): Promise<string> {
  const { kid, key } = await rt.keys.signingKey();
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    vid: link.visitorId,
    cid: link.clientId,
    ...(link.codeChallenge ? { chl: link.codeChallenge } : {}),
  })
    .setProtectedHeader({ alg: ALG, kid, typ: TYP })
    .setIssuer(rt.issuer)
    .setIssuedAt(iat)
    .setExpirationTime(iat + VISITOR_LINK_TTL_SECONDS)
    .sign(key);
}

/** The visitor a link names, when it is genuine, live, and made for this client and challenge; else null. */
export async function readVisitorLink(
  rt: OAuthRuntime,
  token: string | undefined,
  expected: { clientId: string; codeChallenge: string | undefined },
  now: Date,
): Promise<string | null> {
  if (!token || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const key =
          header.alg === ALG && typeof header.kid === 'string'
            ? await rt.keys.verifyingKey(header.kid)
            : undefined;
        if (!key) throw new Error('unknown key');
        return key;
      },
      { algorithms: [ALG], typ: TYP, issuer: rt.issuer, currentDate: now, requiredClaims: ['exp'] },
    );
    const { vid, cid, chl } = payload as Record<string, unknown>;
    if (typeof vid !== 'string' || cid !== expected.clientId || (chl ?? undefined) !== expected.codeChallenge)
      return null;
    return vid;
  } catch {
    return null;
  }
}
