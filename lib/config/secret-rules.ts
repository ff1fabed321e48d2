/**
 * What makes a secret acceptable in production, shared by the web app (lib/config/env.ts) and the reference
 * backend (backend/src/config.ts): random, at least MIN_SECRET_LENGTH characters, and not one of the
 * placeholder values that earlier versions shipped or that documentation tends to show. Local runs get
 * random secrets generated on first start (scripts/local-secrets.mjs); no fixed value exists in the code.
 */
export const MIN_SECRET_LENGTH = 32;

const PLACEHOLDER = /^(development|dev|local|test|testing|example|sample|default|demo|secret|changeme|change-me|password)([-_.].*)?$/i;

/** Why `value` is unsafe as a production secret, or null when it is acceptable. */
export function unsafeSecretReason(value: string): string | null {
  if (PLACEHOLDER.test(value.trim()) || /change-?me/i.test(value)) return 'a known default value; set a random secret';
  if (value.length < MIN_SECRET_LENGTH) return `shorter than ${MIN_SECRET_LENGTH} characters; set a random secret`;
  if (new Set(value).size < 8) return 'not random enough; set a random secret';
  return null;
}

/** True for the explicit "off" values of a boolean setting (`false`, `0`, `no`, `off`). */
export function isSwitchedOff(value: string | undefined): boolean {
  return value !== undefined && ['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

/** True for a host only this machine reaches: `localhost` (and its subdomains), 127.0.0.0/8, `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

/**
 * Why `url` is unsafe as the public origin of the shop in production (WEB_APP_URL), or null when it is
 * acceptable: session cookies are Secure there, so the origin must be https://. Plain http:// is accepted only
 * for a loopback host (a production build run locally: the benches and the end-to-end tests).
 */
export function insecureOriginReason(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  if (parsed.protocol === 'https:') return null;
  if (parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname)) return null;
  return 'must be an https:// origin in production (session cookies are Secure); http:// only for localhost';
}
