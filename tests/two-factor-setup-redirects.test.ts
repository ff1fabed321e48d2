import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';

/**
 * A session whose account must set two-factor up (403 `two_factor_setup_required`, backend/README.md "Two-factor
 * enforcement") is sent to /account/2fa with last_url: by the browser's error catalogue (a full navigation) and by
 * the server-rendered account pages. Never a logout, never a crash.
 */
const redirect = vi.fn((to: string) => {
  throw new Error(`NEXT_REDIRECT ${to}`);
});
const backendFetch = vi.fn();

vi.mock('next/navigation', () => ({ redirect: (to: string) => redirect(to) }));
vi.mock('@/lib/api/server', () => ({ backendFetch: (...args: unknown[]) => backendFetch(...args), backendRequest: vi.fn() }));
vi.mock('@/lib/session/server', () => ({ getSessionToken: async () => 'tok', requestClient: async () => null }));
const checkActiveSession = vi.fn();
vi.mock('@/lib/session/session', () => ({ checkActiveSession: (...args: unknown[]) => checkActiveSession(...args) }));
vi.mock('@/themes/request-theme', () => ({ getRequestPartner: async () => null }));

const setupRefusal = () =>
  new ApiError({
    code: 'two_factor_setup_required',
    status: 403,
    message: 'Two-factor setup required.',
    prettyMessage: 'Configurați autentificarea în doi pași pentru a continua.',
  });

beforeEach(() => {
  redirect.mockClear();
  backendFetch.mockReset();
});

describe('server-rendered loads', () => {
  it('an account page whose load is answered two_factor_setup_required redirects to /account/2fa with last_url', async () => {
    const { loadForCustomer } = await import('@/lib/account/customer');
    backendFetch.mockRejectedValue(setupRefusal());
    await expect(loadForCustomer('/account/orders?page=2', '/api/v1/orders')).rejects.toThrow('NEXT_REDIRECT');
    expect(redirect).toHaveBeenCalledWith('/account/2fa?last_url=%2Faccount%2Forders%3Fpage%3D2');
  });

  it('the thank-you page too', async () => {
    const { loadOrderForThankYou } = await import('@/lib/shop/server');
    backendFetch.mockRejectedValue(setupRefusal());
    await expect(loadOrderForThankYou('12')).rejects.toThrow('NEXT_REDIRECT');
    expect(redirect).toHaveBeenCalledWith('/account/2fa?last_url=%2Fthank-you%3Forder_id%3D12');
  });


  it('the pages that load their data in the browser ask the backend, and go to the setup (but the setup page stays)', async () => {
    const { routeByTwoFactorState } = await import('@/lib/account/customer');
    checkActiveSession.mockResolvedValue({ globalEnabled: true, userEnabled: false, passed: true, required: true, checkedAt: 0 });
    await expect(routeByTwoFactorState('/account/security')).rejects.toThrow('NEXT_REDIRECT');
    expect(redirect).toHaveBeenCalledWith('/account/2fa?last_url=%2Faccount%2Fsecurity');
    redirect.mockClear();
    await expect(routeByTwoFactorState('/account/2fa?last_url=%2Faccount%2Forders')).resolves.toMatchObject({ required: true });
    expect(redirect).not.toHaveBeenCalled();
    // Two-factor off globally: nothing is required (an older backend may still say `required`).
    const off = { globalEnabled: false, userEnabled: false, passed: true, required: true, checkedAt: 0 };
    checkActiveSession.mockResolvedValue(off);
    await expect(routeByTwoFactorState('/account/security')).resolves.toEqual(off);
    expect(redirect).not.toHaveBeenCalled();
    // The backend could not tell: the page opens, its calls are still refused by the backend if need be.
    checkActiveSession.mockResolvedValue(null);
    await expect(routeByTwoFactorState('/account/security')).resolves.toBeNull();
  });
});

describe('the browser catalogue effect', () => {
  const assign = vi.fn();
  const original = window.location;
  beforeEach(() => {
    assign.mockClear();
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...original, pathname: '/account/orders', search: '?page=2', assign },
    });
  });
  afterEach(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: original });
  });

  it('navigates to /account/2fa?last_url=<current path> (full navigation)', async () => {
    const { browserEffects } = await import('@/lib/api/client');
    browserEffects.goToTwoFactorSetup();
    expect(assign).toHaveBeenCalledWith('/account/2fa?last_url=%2Faccount%2Forders%3Fpage%3D2');
  });

  it('stays put on the setup page itself (no loop)', async () => {
    Object.defineProperty(window, 'location', {
      configurable: true,
      value: { ...original, pathname: '/account/2fa', search: '?last_url=%2F', assign },
    });
    const { browserEffects } = await import('@/lib/api/client');
    browserEffects.goToTwoFactorSetup();
    expect(assign).not.toHaveBeenCalled();
  });
});
