import { afterEach, describe, expect, it, vi } from 'vitest';
import { isProductRoute, matchPartnerRoute } from '@/lib/proxy/partner-route';
import { isMaintenanceActive, resetMaintenanceCache } from '@/lib/proxy/maintenance-status';
import { buildCsp } from '@/lib/proxy/security-headers';
import { safeReturnPath } from '@/lib/session/safe-return-path';
import {
  signTwoFactorState,
  stateFromActiveSession,
  twoFactorRedirect,
  twoFactorRequiredNow,
  verifyTwoFactorState,
  type TwoFactorState,
} from '@/lib/session/two-factor-state';

describe('partner routes', () => {
  it('rewrites /rca-:partner with plate and VIN to the base page', () => {
    expect(matchPartnerRoute('/rca-abc/b123xyz/WVWZZZ1JZXW000001')).toEqual({
      pathname: '/rca/b123xyz/WVWZZZ1JZXW000001',
      partnerCode: 'abc',
    });
    expect(matchPartnerRoute('/rca-abc')).toEqual({ pathname: '/rca', partnerCode: 'abc' });
    expect(matchPartnerRoute('/travel-ABC')).toEqual({ pathname: '/travel', partnerCode: 'abc' });
  });
  it('treats an empty partner code as none', () => {
    expect(matchPartnerRoute('/rca-/B123ABC')).toEqual({ pathname: '/rca/B123ABC', partnerCode: null });
    expect(matchPartnerRoute('/travel-')).toEqual({ pathname: '/travel', partnerCode: null });
  });
  it('ignores other paths and malformed or hostile codes', () => {
    expect(matchPartnerRoute('/rca/B123ABC')).toBeNull();
    expect(matchPartnerRoute('/travelling')).toBeNull();
    expect(matchPartnerRoute('/travel-abc/extra')).toBeNull();
    expect(matchPartnerRoute('/rca-%3Cscript%3Ealert(1)%3C%2Fscript%3E')).toBeNull();
    expect(matchPartnerRoute('/rca-a"b')).toBeNull();
    expect(matchPartnerRoute('/rca-%E0%A4%A')).toBeNull();
  });
});

describe('product routes', () => {
  it('are the broker\'s own shop pages, the vignettes included', () => {
    for (const path of ['/rca', '/rca/B123ABC', '/travel', '/house', '/tire', '/michelin-tiresecureplus', '/rovinieta', '/vigneta-ungaria']) {
      expect(isProductRoute(path), path).toBe(true);
    }
    for (const path of ['/', '/account/vignettes', '/rovinietax', '/thank-you']) expect(isProductRoute(path), path).toBe(false);
  });
});

describe('safe return paths', () => {
  it('keeps same-origin relative paths with query and hash', () => {
    expect(safeReturnPath('/account/orders')).toBe('/account/orders');
    expect(safeReturnPath('/rca/B123ABC?x=1#offers')).toBe('/rca/B123ABC?x=1#offers');
  });
  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\/evil.example',
    'javascript:alert(1)',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '%252F%252Fevil.example',
    'https:evil.example',
    ' //evil.example',
    '/\t/evil.example',
    '/%09/evil.example',
    'http://localhost:3000@evil.example',
    '',
    'account/orders',
  ])('drops %j', (payload) => {
    expect(safeReturnPath(payload, '/')).toBe('/');
  });
  it('drops non-strings', () => {
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath(['/a'], '/home')).toBe('/home');
  });
});

/** lib/session/two-factor-state.ts: a signed state stands for the backend's answer for 10 minutes. */
const TWO_FACTOR_STATE_MAX_AGE_SECONDS = 10 * 60;

describe('two-factor state cookie', () => {
  const state: TwoFactorState = {
    globalEnabled: true,
    userEnabled: true,
    passed: false,
    required: false,
    checkedAt: Math.floor(Date.now() / 1000),
  };

  it('round-trips for the same token and secret', async () => {
    const cookie = await signTwoFactorState(state, 'token-a', 'secret-0123456789');
    expect(await verifyTwoFactorState(cookie, 'token-a', 'secret-0123456789')).toEqual(state);
  });
  it('refuses another token, another secret and tampering', async () => {
    const cookie = await signTwoFactorState(state, 'token-a', 'secret-0123456789');
    expect(await verifyTwoFactorState(cookie, 'token-b', 'secret-0123456789')).toBeNull();
    expect(await verifyTwoFactorState(cookie, 'token-a', 'other-secret-000000')).toBeNull();
    const [header, payload, signature] = cookie.split('.');
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
    expect(claims).toMatchObject({ passed: false, iat: state.checkedAt, exp: state.checkedAt + TWO_FACTOR_STATE_MAX_AGE_SECONDS });
    const forged = btoa(JSON.stringify({ ...claims, passed: true })).replace(/=+$/, '');
    expect(await verifyTwoFactorState(`${header}.${forged}.${signature}`, 'token-a', 'secret-0123456789')).toBeNull();
    expect(await verifyTwoFactorState(`${header}.${payload}.x${signature}`, 'token-a', 'secret-0123456789')).toBeNull();
    // An unsigned token (alg none) is never accepted.
    const none = btoa(JSON.stringify({ alg: 'none' })).replace(/=+$/, '');
    expect(await verifyTwoFactorState(`${none}.${payload}.`, 'token-a', 'secret-0123456789')).toBeNull();
    expect(await verifyTwoFactorState(undefined, 'token-a', 'secret-0123456789')).toBeNull();
  });
  it('expires: a state older than the maximum age, or stamped in the future, counts as missing', async () => {
    const now = Date.now();
    const at = (secondsAgo: number) => ({ ...state, checkedAt: Math.floor(now / 1000) - secondsAgo });
    const fresh = await signTwoFactorState(at(TWO_FACTOR_STATE_MAX_AGE_SECONDS - 5), 'token-a', 'secret-0123456789');
    expect(await verifyTwoFactorState(fresh, 'token-a', 'secret-0123456789', now)).toEqual(at(TWO_FACTOR_STATE_MAX_AGE_SECONDS - 5));
    // The same cookie, verified once (and remembered), expires all the same when its time has passed.
    expect(await verifyTwoFactorState(fresh, 'token-a', 'secret-0123456789', now + 10_000)).toBeNull();
    const stale = await signTwoFactorState(at(TWO_FACTOR_STATE_MAX_AGE_SECONDS + 1), 'token-a', 'secret-0123456789');
    expect(await verifyTwoFactorState(stale, 'token-a', 'secret-0123456789', now)).toBeNull();
    const future = await signTwoFactorState(at(-3600), 'token-a', 'secret-0123456789');
    expect(await verifyTwoFactorState(future, 'token-a', 'secret-0123456789', now)).toBeNull();
  });
  it('maps the check-active-session answer', () => {
    expect(
      stateFromActiveSession(
        {
          is_two_factor_auth_enabled: true,
          is_two_factor_enabled_for_user: false,
          is_active: true,
          is_two_factor_auth_required: true,
        },
        5000,
      ),
    ).toEqual({ globalEnabled: true, userEnabled: false, passed: true, required: true, checkedAt: 5 });
  });
});

describe('two-factor routing (SPEC §4)', () => {
  const base: TwoFactorState = { globalEnabled: true, userEnabled: true, passed: false, required: false, checkedAt: 0 };
  it('sends a session that has not passed to the check with last_url', () => {
    expect(twoFactorRedirect(base, '/account/orders', '/account/orders')).toBe(
      '/account/2fa-check?last_url=%2Faccount%2Forders',
    );
  });
  it('sends a required user without two-factor to the setup', () => {
    const state = { ...base, userEnabled: false, required: true };
    expect(twoFactorRedirect(state, '/account/profile', '/account/profile?tab=1')).toBe(
      '/account/2fa?last_url=%2Faccount%2Fprofile%3Ftab%3D1',
    );
  });
  it('sends a pending session away from the setup page to the check (no re-enrolment without the factor)', () => {
    expect(twoFactorRedirect(base, '/account/2fa', '/account/2fa?last_url=%2Faccount%2Fsecurity')).toBe(
      '/account/2fa-check?last_url=%2Faccount%2F2fa%3Flast_url%3D%252Faccount%252Fsecurity',
    );
    expect(twoFactorRedirect({ ...base, passed: true }, '/account/2fa', '/account/2fa')).toBeNull();
  });
  it('skips the checks on the two-factor pages and when everything is in order', () => {
    expect(twoFactorRedirect(base, '/account/2fa-check', '/account/2fa-check')).toBeNull();
    expect(twoFactorRedirect({ ...base, userEnabled: false, required: true }, '/account/2fa', '/account/2fa')).toBeNull();
    expect(twoFactorRedirect({ ...base, passed: true }, '/account/orders', '/account/orders')).toBeNull();
    expect(twoFactorRedirect({ ...base, globalEnabled: false }, '/account/orders', '/account/orders')).toBeNull();
  });
  it('requires nothing while two-factor is off globally (the backend holds no setup then either)', () => {
    const state = { ...base, globalEnabled: false, userEnabled: false, required: true };
    expect(twoFactorRedirect(state, '/account/orders', '/account/orders')).toBeNull();
    expect(twoFactorRequiredNow(state)).toBe(false);
    expect(twoFactorRequiredNow({ ...state, globalEnabled: true })).toBe(true);
    expect(twoFactorRequiredNow({ ...base, required: false })).toBe(false);
  });
});

describe('maintenance status in the proxy', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    resetMaintenanceCache();
  });
  it('shares one in-flight request and caches the answer briefly', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { is_active: true } })));
    vi.stubGlobal('fetch', fetchMock);
    const [a, b] = await Promise.all([isMaintenanceActive('http://backend'), isMaintenanceActive('http://backend')]);
    expect([a, b]).toEqual([true, true]);
    expect(await isMaintenanceActive('http://backend')).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
  it('counts an unreachable backend as not in maintenance', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new Error('ECONNREFUSED'))));
    expect(await isMaintenanceActive('http://backend')).toBe(false);
  });
});

describe('content security policy', () => {
  const options = {
    nonce: 'abc123',
    dev: false,
    https: true,
    pusher: { wsHost: '', wsPort: 0, forceTLS: true, cluster: 'eu' },
  };
  it('carries the nonce, strict-dynamic and the locked-down directives', () => {
    const csp = buildCsp(options);
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain('wss://ws-eu.pusher.com');
  });
  it('allows the local realtime server and eval only in development', () => {
    const csp = buildCsp({ ...options, dev: true, https: false, pusher: { wsHost: '127.0.0.1', wsPort: 4000, forceTLS: false, cluster: 'eu' } });
    expect(csp).toContain('ws://127.0.0.1:4000');
    expect(csp).toContain("'unsafe-eval'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});
