import { createPublicKey, createVerify, type JsonWebKey } from 'node:crypto';

export interface GoogleProfile {
  email: string;
  first_name: string;
  last_name: string;
  sub: string;
}

const DEV_PREFIX = 'dev-google:';

/** Answered with 403 `google_sign_in_unavailable` when Google sign-in is not configured (production). */
export const GOOGLE_UNAVAILABLE = 'Autentificarea cu Google nu este disponibilă momentan. Folosiți adresa de email.';
let jwksCache: { url: string; keys: (JsonWebKey & { kid?: string })[]; until: number } | null = null;

async function googleKeys(certsUrl: string, now: number) {
  if (jwksCache && jwksCache.url === certsUrl && jwksCache.until > now) return jwksCache.keys;
  const res = await fetch(certsUrl, { signal: AbortSignal.timeout(5000) });
  if (!res.ok) throw new Error(`JWKS ${res.status}`);
  const maxAge = Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1] ?? 3600);
  const body = (await res.json()) as { keys: (JsonWebKey & { kid?: string })[] };
  jwksCache = { url: certsUrl, keys: body.keys, until: now + maxAge * 1000 };
  return body.keys;
}

const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Verifies a Google ID token (RS256, Google's JWKS, iss, aud, exp, verified email). Null when invalid. */
export async function verifyGoogleIdToken(
  token: string,
  clientId: string,
  now: Date,
  certsUrl = 'https://www.googleapis.com/oauth2/v3/certs',
): Promise<GoogleProfile | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const header = b64json(parts[0]);
    const claims = b64json(parts[1]);
    if (header.alg !== 'RS256') return null;
    const keys = await googleKeys(certsUrl, now.getTime());
    const jwk = keys.find((k) => k.kid === header.kid);
    if (!jwk) return null;
    const verifier = createVerify('RSA-SHA256');
    verifier.update(`${parts[0]}.${parts[1]}`);
    if (!verifier.verify(createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(parts[2], 'base64url'))) return null;
    const iss = claims.iss;
    if (iss !== 'accounts.google.com' && iss !== 'https://accounts.google.com') return null;
    if (claims.aud !== clientId) return null;
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < now.getTime()) return null;
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
