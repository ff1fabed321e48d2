import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_STORE_KEY, useAuthStore } from '@/stores/auth-store';
import { PRODUCT_STORE_KEY, initialProductState, useProductStore } from '@/stores/product-store';
import { SYSTEM_STORE_KEY, useSystemStore } from '@/stores/system-store';
import { TWO_FACTOR_STORE_KEY, useTwoFactorStore } from '@/stores/two-factor-store';
import { rehydrateStores, resetHydration, useHydrationStore } from '@/stores/hydration';
import type { User } from '@/contract/types';
import { productStatuses as status } from './helpers/api-fixtures';

const user: User = {
  id: 3,
  email: 'x@y.ro',
  first_name: 'Ion',
  last_name: 'Pop',
  phone_number: '0722',
  is_two_factor_enabled: true,
  is_two_factor_required: false,
  is_deleted: false,
  created_at: 't',
};

function stored(storage: Storage, key: string) {
  return JSON.parse(storage.getItem(key) ?? 'null') as { state: Record<string, unknown>; version: number } | null;
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  resetHydration();
  await rehydrateStores();
});

describe('storage keys and shapes (DESIGN.md)', () => {
  it('systemStore in localStorage with exactly the four fields', () => {
    useSystemStore.getState().setCookieConsent(true);
    useSystemStore.getState().setClientIp('203.0.113.5');
    const value = stored(localStorage, SYSTEM_STORE_KEY)!;
    expect(SYSTEM_STORE_KEY).toBe('systemStore');
    expect(Object.keys(value.state).sort()).toEqual(['clientIp', 'isCookieConsentAccepted', 'isDarkTheme', 'isThemeChangedManually']);
    expect(value.state).toMatchObject({ isCookieConsentAccepted: true, clientIp: '203.0.113.5' });
  });

  it('authStore in localStorage: authenticated and user, never a token', () => {
    useAuthStore.getState().setUser(user);
    const value = stored(localStorage, AUTH_STORE_KEY)!;
    expect(AUTH_STORE_KEY).toBe('authStore');
    expect(Object.keys(value.state).sort()).toEqual(['authenticated', 'user']);
    expect(value.state).toEqual({ authenticated: true, user });
    expect(localStorage.getItem(AUTH_STORE_KEY)).not.toMatch(/token/i);
    useAuthStore.getState().clear();
    expect(stored(localStorage, AUTH_STORE_KEY)!.state).toEqual({ authenticated: false, user: null });
  });

  it('productStore in localStorage without the tire product', () => {
    useProductStore.getState().setProduct('rca', { code: 'rca' } as never);
    useProductStore.getState().setProduct('tire', { code: 'tire' } as never);
    const value = stored(localStorage, PRODUCT_STORE_KEY)!;
    expect(PRODUCT_STORE_KEY).toBe('productStore');
    expect(Object.keys(value.state).sort()).toEqual(['houseInsuranceProduct', 'productStatuses', 'rcaProduct', 'travelProduct']);
    expect(value.state.rcaProduct).toEqual({ code: 'rca' });
    expect(useProductStore.getState().tireProduct).toEqual({ code: 'tire' });
  });

  it('twoFactorStore in sessionStorage, not localStorage', () => {
    useTwoFactorStore.getState().setRequired(true);
    useTwoFactorStore.getState().setProviders([{ code: 'email', name: 'Email', description: 'd' }]);
    const value = stored(sessionStorage, TWO_FACTOR_STORE_KEY)!;
    expect(TWO_FACTOR_STORE_KEY).toBe('twoFactorStore');
    expect(Object.keys(value.state).sort()).toEqual(['isTwoFactorAuthRequired', 'providers', 'userProvider']);
    expect(value.state.isTwoFactorAuthRequired).toBe(true);
    expect(localStorage.getItem(TWO_FACTOR_STORE_KEY)).toBeNull();
  });
});

describe('product statuses', () => {
  beforeEach(() => useProductStore.setState({ ...initialProductState }));

  it('are replaced only when updated_at differs', () => {
    const store = useProductStore.getState();
    expect(store.updateStatuses(status('2026-01-01', true))).toBe(true);
    const first = useProductStore.getState().productStatuses;
    expect(useProductStore.getState().updateStatuses(status('2026-01-01', false))).toBe(false);
    expect(useProductStore.getState().productStatuses).toBe(first);
    expect(useProductStore.getState().updateStatuses(status('2026-01-02', false))).toBe(true);
    expect(useProductStore.getState().productStatuses?.is_rca_available).toBe(false);
  });
});

describe('hydration', () => {
  it('stores start from defaults and read storage only on rehydrate', async () => {
    useAuthStore.setState({ authenticated: false, user: null });
    localStorage.setItem(AUTH_STORE_KEY, JSON.stringify({ state: { authenticated: true, user }, version: 0 }));
    expect(useAuthStore.getState().authenticated).toBe(false);
    resetHydration();
    expect(useHydrationStore.getState().hydrated).toBe(false);
    let reconciled = false;
    await rehydrateStores(() => {
      reconciled = useHydrationStore.getState().hydrated === false;
    });
    expect(reconciled).toBe(true);
    expect(useHydrationStore.getState().hydrated).toBe(true);
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, user });
  });
});
