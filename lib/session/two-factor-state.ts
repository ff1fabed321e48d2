import { jwtVerify, SignJWT } from 'jose';

/**
 * Signed two-factor state of one session, kept in an httpOnly cookie.
 *
 * lib/session/session.ts signs it from the backend's check-active-session answer (proxy.ts when the cookie is
 * missing or stale; the BFF after login, verify-code, remove and a two_factor_required answer); proxy.ts verifies
 * it with one HMAC (Web Crypto, no I/O) on each navigation. It is an HS256 JWS with an expiry, bound to a hash of
 * the access token, so it cannot be moved to another session nor outlive TWO_FACTOR_STATE_MAX_AGE_SECONDS.
 */
export type TwoFactorState = {
  /** Two-factor is enabled globally (is_two_factor_auth_enabled). */
  globalEnabled: boolean;
  /** The user has enabled it (is_two_factor_enabled_for_user). */
  userEnabled: boolean;
  /** This session has passed the second factor (is_active). */
  passed: boolean;
  /** Two-factor is required for this user (is_two_factor_auth_required). */
  required: boolean;
  /** Epoch seconds when the state was read from the backend; the state expires TWO_FACTOR_STATE_MAX_AGE_SECONDS later. */
  checkedAt: number;
};

export type ActiveSessionResponse = {
  is_two_factor_auth_enabled: boolean;
  is_two_factor_enabled_for_user: boolean;
  is_active: boolean;
  is_two_factor_auth_required: boolean;
};

export function stateFromActiveSession(r: ActiveSessionResponse, now = Date.now()): TwoFactorState {
  return {
    globalEnabled: Boolean(r.is_two_factor_auth_enabled),
    userEnabled: Boolean(r.is_two_factor_enabled_for_user),
    passed: Boolean(r.is_active),
    required: Boolean(r.is_two_factor_auth_required),
    checkedAt: Math.floor(now / 1000),
  };
}

/**
 * How long a signed state stands for the backend's answer. Past it the cookie counts as missing: proxy.ts asks
 * check-active-session again and signs a fresh state, so a change made elsewhere (two-factor switched on or off
 * from another device, required for the user, switched off globally) reaches the routing within this time.
 */
const TWO_FACTOR_STATE_MAX_AGE_SECONDS = 10 * 60;
/** A state stamped later than this ahead of the clock was not signed by a sane server. */
const FUTURE_SKEW_SECONDS = 60;

const encoder = new TextEncoder();

/**
 * The cookie is an HS256 compact JWS (jose): the four flags, `sid` (a hash of the access token: the state belongs
 * to that session only), `iat` (checkedAt) and `exp` (iat + TWO_FACTOR_STATE_MAX_AGE_SECONDS).
 */
type StateClaims = Omit<TwoFactorState, 'checkedAt'> & { sid: string; iat: number; exp: number };

const keyCache = new Map<string, Promise<CryptoKey>>();

/** The HMAC key of a secret, imported once (jose takes the CryptoKey as is: no import per request). */
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    keyCache.set(secret, key);
  }
  return key;
}

async function tokenFingerprint(token: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(token)));
  let binary = '';
  for (const b of digest) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '').slice(0, 22);
}

export async function signTwoFactorState(state: TwoFactorState, token: string, secret: string): Promise<string> {
  const claims: StateClaims = {
    globalEnabled: state.globalEnabled,
    userEnabled: state.userEnabled,
    passed: state.passed,
    required: state.required,
    sid: await tokenFingerprint(token),
    iat: state.checkedAt,
    exp: state.checkedAt + TWO_FACTOR_STATE_MAX_AGE_SECONDS,
  };
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(await hmacKey(secret));
}

/**
 * Cookies already verified in this process (cookie, token and secret → state): a signed-in visitor sends the
 * same cookie on every navigation, and the Web Crypto digest + verify (thread-pool jobs) were ~5% of a signed-in
 * render's CPU under load. The answer depends only on those three strings, so a hit is as good as the check.
 */
const VERIFIED_MAX = 2000;
const verified = new Map<string, TwoFactorState>();

function isFresh(state: TwoFactorState, nowMs: number): boolean {
  const now = Math.floor(nowMs / 1000);
  return (
    Number.isFinite(state.checkedAt) &&
    state.checkedAt <= now + FUTURE_SKEW_SECONDS &&
    now - state.checkedAt < TWO_FACTOR_STATE_MAX_AGE_SECONDS
  );
}

/** The state when the cookie is authentic, belongs to this token and is still fresh; null otherwise. */
export async function verifyTwoFactorState(
  cookie: string | undefined,
  token: string,
  secret: string,
  nowMs = Date.now(),
): Promise<TwoFactorState | null> {
  if (!cookie) return null;
  const key = `${secret}\n${token}\n${cookie}`;
  const known = verified.get(key);
  if (known) {
    if (isFresh(known, nowMs)) return { ...known };
    verified.delete(key);
    return null;
  }
  const state = await verifySignature(cookie, token, secret, nowMs);
  if (!state || !isFresh(state, nowMs)) return null;
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value as string);
  verified.set(key, { ...state });
  return state;
}

async function verifySignature(cookie: string, token: string, secret: string, nowMs: number): Promise<TwoFactorState | null> {
  try {
    const { payload } = await jwtVerify<StateClaims>(cookie, await hmacKey(secret), {
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
      requiredClaims: ['sid', 'iat', 'exp'],
    });
    if (payload.sid !== (await tokenFingerprint(token))) return null;
    const flags = [payload.globalEnabled, payload.userEnabled, payload.passed, payload.required];
    if (!flags.every((flag) => typeof flag === 'boolean')) return null;
    return {
      globalEnabled: payload.globalEnabled,
      userEnabled: payload.userEnabled,
      passed: payload.passed,
      required: payload.required,
      checkedAt: payload.iat,
    };
  } catch {
    return null;
  }
}

/** The second-factor check page, coming back to `fullPath` afterwards. */
export function twoFactorCheckPath(fullPath: string): string {
  return `/account/2fa-check?last_url=${encodeURIComponent(fullPath)}`;
}

/** The two-factor setup page, coming back to `fullPath` afterwards. */
export function twoFactorSetupPath(fullPath: string): string {
  return `/account/2fa?last_url=${encodeURIComponent(fullPath)}`;
}

/** The session owes the second factor: two-factor is on globally and for the user, and not passed yet. */
export function twoFactorPending(state: TwoFactorState): boolean {
  return state.globalEnabled && state.userEnabled && !state.passed;
}

/**
 * The account must set two-factor up before anything else (SPEC §4): two-factor is on globally, required for the user
 * and not enabled. The backend answers such a session's calls with 403 `two_factor_setup_required`, except the setup
 * page's (backend/README.md "Two-factor enforcement").
 */
export function twoFactorSetupOwed(state: TwoFactorState): boolean {
  return twoFactorRequiredNow(state) && !state.userEnabled;
}

/**
 * Two-factor is required of this user now: on globally and required for the user (whether set up or not). Off
 * globally nothing is required, whatever the account's flag (the backend enforces nothing then).
 */
export function twoFactorRequiredNow(state: TwoFactorState): boolean {
  return state.globalEnabled && state.required;
}

/**
 * SPEC §4 two-factor routing for a signed-in request. Returns the path to send the user to, or null.
 * Skipped on /account/2fa-check. On /account/2fa only a pending session is sent away: setting two-factor up
 * again while it is on needs a session that passed it (issue 13), so a password-only session never sees the
 * setup page. With two-factor off globally nothing is required.
 */
export function twoFactorRedirect(state: TwoFactorState, pathname: string, fullPath: string): string | null {
  if (pathname === '/account/2fa-check') return null;
  if (twoFactorPending(state)) return twoFactorCheckPath(fullPath);
  if (pathname === '/account/2fa') return null;
  if (twoFactorSetupOwed(state)) return twoFactorSetupPath(fullPath);
  return null;
}
