import { createRemoteJWKSet, jwtVerify } from 'jose';

export interface GoogleProfile {
  email: string;
  first_name: string;
  last_name: string;
  sub: string;
}

const DEV_PREFIX = 'dev-google:';

/** Answered with 403 `google_sign_in_unavailable` when Google sign-in is not configured (production). */
export const GOOGLE_UNAVAILABLE = 'Autentificarea cu Google nu este disponibilă momentan. Folosiți adresa de email.';

/**
 * Google's keys, one remote key set per URL: jose caches them (10 min), refetches on an unknown `kid` at most
 * every 30 s, and gives a fetch 5 s.
 */
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function googleKeys(certsUrl: string) {
  let keys = keySets.get(certsUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(certsUrl), { timeoutDuration: 5000 });
    keySets.set(certsUrl, keys);
  }
  return keys;
}

/** Verifies a Google ID token (RS256, Google's JWKS, iss, aud, exp, verified email). Null when invalid. */
export async function verifyGoogleIdToken(
  token: string,
  clientId: string,
  now: Date,
  certsUrl = 'https://www.googleapis.com/oauth2/v3/certs',
): Promise<GoogleProfile | null> {
  try {
    const { payload: claims } = await jwtVerify(token, googleKeys(certsUrl), {
      algorithms: ['RS256'],
      issuer: ['accounts.google.com', 'https://accounts.google.com'],
      audience: clientId,
      requiredClaims: ['exp', 'sub'],
      currentDate: now,
    });
    if (claims.email_verified !== true || typeof claims.email !== 'string') return null;
    return {
      email: claims.email.toLowerCase(),
      first_name: String(claims.given_name ?? claims.name ?? 'Client'),
      last_name: String(claims.family_name ?? ''),
      sub: String(claims.sub),
    };
  } catch {
    return null;
  }
}
/** Development profile only: `dev-google:<email>:<First>:<Last>`. */
export function parseDevGoogleToken(token: string): GoogleProfile | null {
  if (!token.startsWith(DEV_PREFIX)) return null;
  const [email, first, last] = token.slice(DEV_PREFIX.length).split(':');
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return null;
  return { email: email.toLowerCase(), first_name: first || 'Client', last_name: last || 'Google', sub: `dev:${email.toLowerCase()}` };
}
