import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORE_KEY, initialAuthState, useAuthStore } from '@/stores/auth-store';
import { PRODUCT_STORE_KEY, initialProductState, useProductStore } from '@/stores/product-store';
import { SYSTEM_STORE_KEY, initialSystemState, useSystemStore } from '@/stores/system-store';
import { TWO_FACTOR_STORE_KEY, initialTwoFactorState, useTwoFactorStore } from '@/stores/two-factor-store';
import { rehydrateStores, resetHydration, useHydrationStore } from '@/stores/hydration';
import { endSession, resetSessionEnd, sessionEndEffects } from '@/lib/session/end-session';
import { resetTabChannel } from '@/lib/realtime/tab-channel';
import type { User } from '@/contract/types';
import { productStatuses as status } from './helpers/api-fixtures';

/**
 * Browser storage is input: a previous visitor of a shared computer (or a browser extension) can write anything
 * under the stores' keys. Rehydration takes only the persisted fields, with the right types; nothing read from
 * storage replaces a store's actions or puts an object where the UI renders text.
 */
const user: User = {
  id: 3,
  email: 'ion@example.ro',
  first_name: 'Ion',
  last_name: 'Pop',
  phone_number: '0722123456',
  is_two_factor_enabled: false,
  is_two_factor_required: false,
  is_deleted: false,
  created_at: '2026-01-01T00:00:00Z',
};

const put = (storage: Storage, key: string, state: unknown) => storage.setItem(key, JSON.stringify({ state, version: 0 }));

async function rehydrate() {
  resetHydration();
  await rehydrateStores();
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  useAuthStore.setState({ ...initialAuthState });
  useSystemStore.setState({ ...initialSystemState });
  useProductStore.setState({ ...initialProductState });
  useTwoFactorStore.setState({ ...initialTwoFactorState });
});

afterEach(() => vi.unstubAllGlobals());

describe('tampered persisted stores', () => {
  it('stored keys never replace the actions (a planted authStore cannot break the next logout)', async () => {
    put(localStorage, AUTH_STORE_KEY, { authenticated: false, user: null, clear: 0, setUser: 'x' });
    put(localStorage, SYSTEM_STORE_KEY, { setCookieConsent: null, setDarkTheme: 1, applySystemPreference: {} });
    put(localStorage, PRODUCT_STORE_KEY, { updateStatuses: 1, setProduct: [], clearProducts: 'x' });
    put(sessionStorage, TWO_FACTOR_STORE_KEY, { clear: null, setProviders: 1 });
    await rehydrate();
    expect(typeof useAuthStore.getState().clear).toBe('function');
    expect(typeof useAuthStore.getState().setUser).toBe('function');
    expect(typeof useSystemStore.getState().setCookieConsent).toBe('function');
    expect(typeof useSystemStore.getState().setDarkTheme).toBe('function');
    expect(typeof useProductStore.getState().updateStatuses).toBe('function');
    expect(typeof useProductStore.getState().setProduct).toBe('function');
    expect(typeof useTwoFactorStore.getState().clear).toBe('function');

    // The next customer signs in on that computer and logs out: the session really ends.
    resetSessionEnd();
    resetTabChannel();
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(new Response('{"data":{"logged_out":true}}'));
    vi.stubGlobal('fetch', fetchMock);
    const navigate = vi.fn();
    sessionEndEffects.navigate = navigate;
    useAuthStore.getState().setUser(user);
    await endSession({ reason: 'manual' });
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/auth/logout', expect.objectContaining({ method: 'POST' }));
    expect(navigate).toHaveBeenCalledWith('/');
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
  });

  it('authStore: a user of the wrong shape is dropped, and authenticated needs a user', async () => {
    put(localStorage, AUTH_STORE_KEY, { authenticated: true, user: { id: 3, email: 'a@b.ro', first_name: { $$typeof: 'x' } } });
    await rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });

    put(localStorage, AUTH_STORE_KEY, { authenticated: 'yes', user });
    await rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user });

    put(localStorage, AUTH_STORE_KEY, { authenticated: true, user: null });
    await rehydrate();
    expect(useAuthStore.getState().authenticated).toBe(false);

    put(localStorage, AUTH_STORE_KEY, { authenticated: true, user });
    await rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, user });
  });

  it('systemStore: only booleans (or null) and a string IP are taken', async () => {
    put(localStorage, SYSTEM_STORE_KEY, { isDarkTheme: 'yes', isThemeChangedManually: 1, isCookieConsentAccepted: 'true', clientIp: { ip: 1 } });
    await rehydrate();
    expect(useSystemStore.getState()).toMatchObject(initialSystemState);

    put(localStorage, SYSTEM_STORE_KEY, { isDarkTheme: true, isThemeChangedManually: true, isCookieConsentAccepted: false, clientIp: '203.0.113.5' });
    await rehydrate();
    expect(useSystemStore.getState()).toMatchObject({ isDarkTheme: true, isThemeChangedManually: true, isCookieConsentAccepted: false, clientIp: '203.0.113.5' });
  });

  it('productStore: malformed statuses or products are dropped (fetched again), never rendered', async () => {
    put(localStorage, PRODUCT_STORE_KEY, {
      productStatuses: { updated_at: { x: 1 } },
      rcaProduct: { code: 'travel', name: 'Altul', options: {}, periods: [] },
      travelProduct: { code: 'travel', name: { x: 1 }, options: {}, periods: [] },
      houseInsuranceProduct: 'house',
      tireProduct: { code: 'tire', name: 'Anvelope', options: {}, periods: [] },
    });
    await rehydrate();
    expect(useProductStore.getState()).toMatchObject(initialProductState);

    const rca = { id: 1, code: 'rca', name: 'RCA', description: 'd', is_available: true, min_period: 1, max_period: 12, periods: [], options: {} };
    put(localStorage, PRODUCT_STORE_KEY, { productStatuses: status('2026-01-01', true), rcaProduct: rca });
    await rehydrate();
    expect(useProductStore.getState().rcaProduct).toEqual(rca);
    expect(useProductStore.getState().productStatuses?.updated_at).toBe('2026-01-01');
  });

  it('twoFactorStore: providers must be a list of providers, the flag a boolean', async () => {
    put(sessionStorage, TWO_FACTOR_STORE_KEY, { providers: 'all', userProvider: [1], isTwoFactorAuthRequired: 'no' });
    await rehydrate();
    expect(useTwoFactorStore.getState()).toMatchObject(initialTwoFactorState);

    const email = { code: 'email', name: 'Email', description: 'd' };
    put(sessionStorage, TWO_FACTOR_STORE_KEY, { providers: [email, { code: 1 }], userProvider: { code: 'email', name: 'Email', is_enabled: true, is_default: true }, isTwoFactorAuthRequired: true });
    await rehydrate();
    expect(useTwoFactorStore.getState().providers).toEqual([email]);
    expect(useTwoFactorStore.getState().userProvider?.code).toBe('email');
    expect(useTwoFactorStore.getState().isTwoFactorAuthRequired).toBe(true);
  });

  it('malformed JSON under every key: defaults, and the app still hydrates', async () => {
    localStorage.setItem(AUTH_STORE_KEY, '{"state":');
    localStorage.setItem(SYSTEM_STORE_KEY, 'not json');
    localStorage.setItem(PRODUCT_STORE_KEY, 'null');
    sessionStorage.setItem(TWO_FACTOR_STORE_KEY, '[1,2]');
    await rehydrate();
    expect(useHydrationStore.getState().hydrated).toBe(true);
    expect(useAuthStore.getState()).toMatchObject(initialAuthState);
    expect(useSystemStore.getState()).toMatchObject(initialSystemState);
    expect(useTwoFactorStore.getState()).toMatchObject(initialTwoFactorState);
  });
});
