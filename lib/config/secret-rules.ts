import { isDeployment, isLoopbackHost } from '../../scripts/deployment.mjs';

/**
 * What makes a secret acceptable in production, shared by the web app (lib/config/env.ts) and the reference
 * backend (backend/src/config.ts): random, at least MIN_SECRET_LENGTH characters, and not one of the
 * placeholder values that earlier versions shipped or that documentation tends to show. Local runs get
 * random secrets generated on first start (scripts/local-secrets.mjs); no fixed value exists in the code.
 */
export { isDeployment, isLoopbackHost };

export const MIN_SECRET_LENGTH = 32;

const PLACEHOLDER = /^(development|dev|local|test|testing|example|sample|default|demo|secret|changeme|change-me|password)([-_.].*)?$/i;

/**
 * Words of the text that templates and documentation put where a secret goes ("CHANGE_ME_…", "replace-with-…",
 * "your-secret-here", "<random 32+ characters>"). Each is 5+ letters: the chance that 44 random base64 characters
 * hold one is below one in ten million.
 */
const PLACEHOLDER_WORDS = /change|replace|placeholder|example|insecure|default|random|secret|password|your[-_ ]|[<>{}]/i;

/** Why `value` is unsafe as a production secret, or null when it is acceptable. */
export function unsafeSecretReason(value: string): string | null {
  if (PLACEHOLDER.test(value.trim())) return 'a known default value; set a random secret';
  if (value.length < MIN_SECRET_LENGTH) return `shorter than ${MIN_SECRET_LENGTH} characters; set a random secret`;
  if (PLACEHOLDER_WORDS.test(value)) return 'a known default value; set a random secret';
  if (new Set(value).size < 8 || !looksRandom(value)) return 'not random enough; set a random secret';
  return null;
}

/**
 * False for a value built by hand rather than drawn at random: one character making up more than half of it
 * (`aaaa…abcdefgh`), half of it stepping through the alphabet or the digits (`abcdefgh…`, `0123…`), or one block
 * repeated (`0123456789abcdef0123456789abcdef`). Random base64 or hex of the documented length never is
 * (tests/secret-rules.test.ts draws thousands).
 */
function looksRandom(value: string): boolean {
  const counts = new Map<string, number>();
  for (const c of value) counts.set(c, (counts.get(c) ?? 0) + 1);
  // More than half: a third refused one random `openssl rand -hex 16` value in about 8,000 (11 of its 32 hex digits
  // one character), so a production start could fail by chance; half is beyond any random draw (below 1e-10).
  if (Math.max(...counts.values()) * 2 > value.length) return false;
  let steps = 0;
  for (let i = 1; i < value.length; i += 1) if (Math.abs(value.charCodeAt(i) - value.charCodeAt(i - 1)) === 1) steps += 1;
  if (steps * 2 >= value.length - 1) return false;
  for (let period = 1; period <= value.length / 2; period += 1) {
    if (value.slice(period) === value.slice(0, value.length - period)) return false;
  }
  return true;
}

/**
 * Every secret either process may hold. Each needs its own value: the payment processor holds
 * PAYMENT_SIGNING_SECRET and a hosted Pusher holds PUSHER_SECRET, so one value for two of them would hand whoever
 * holds one (or leaks it) the admin token or the key that signs the two-factor state cookie.
 */
const ALL_SECRET_SETTINGS = ['SESSION_SECRET', 'ADMIN_TOKEN', 'PAYMENT_SIGNING_SECRET', 'PUSHER_SECRET', 'RECAPTCHA_SECRET'] as const;

/**
 * One line per secret that has the value of an earlier one in ALL_SECRET_SETTINGS (surrounding spaces ignored),
 * among those set in `env`. A process sees the other's secrets when both get the same settings (npm start, one
 * .env); where they are deployed apart, each checks its own.
 */
export function reusedSecretReasons(env: Record<string, string | undefined>): string[] {
  const seen = new Map<string, string>();
  const reasons: string[] = [];
  for (const name of ALL_SECRET_SETTINGS) {
    const value = env[name]?.trim();
    if (!value) continue;
    const first = seen.get(value);
    if (first) reasons.push(`${name}: the same value as ${first}; every secret needs its own random value`);
    else seen.set(value, name);
  }
  return reasons;
}

/** True for the explicit "off" values of a boolean setting (`false`, `0`, `no`, `off`). */
export function isSwitchedOff(value: string | undefined): boolean {
  return value !== undefined && ['0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
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
