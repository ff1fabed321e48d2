import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadApiInstance } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { emailExists, fetchUser, login, storeFromProductPage } from '@/lib/api/auth';
import { generateCode, generateQrCode, removeTwoFactor, verifyCode } from '@/lib/api/two-factor';
import { getMaintenanceStatus } from '@/lib/api/system';
import { getProduct, listProducts, loadProduct } from '@/lib/api/products';
import { useAuthStore } from '@/stores/auth-store';
import { useProductStore, initialProductState } from '@/stores/product-store';
import { useTwoFactorStore } from '@/stores/two-factor-store';
import { fakeAdapter, type FakeReply } from './helpers/fake-adapter';
import type { InternalAxiosRequestConfig } from 'axios';

const user = {
  id: 1,
  email: 'a@b.ro',
  first_name: 'Ana',
  last_name: 'Pop',
  phone_number: '0722000000',
  is_two_factor_enabled: false,
  is_two_factor_required: false,
  is_deleted: false,
  created_at: '2026-01-01T00:00:00Z',
};

const statuses = (updatedAt: string, rca = true) => ({
  id: 1,
  is_ro_vignette_available: false,
  is_hu_vignette_available: false,
  is_rca_available: rca,
  is_travel_available: true,
  is_house_insurance_available: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: updatedAt,
  deleted_at: null,
});

let calls: InternalAxiosRequestConfig[] = [];
// The modules call `api`, which creates the one axios instance on first use: the same instance is faked here.
const api = await loadApiInstance();
const originalAdapter = api.defaults.adapter;

function answer(replies: FakeReply[] | ((c: InternalAxiosRequestConfig, i: number) => FakeReply)) {
  const fake = fakeAdapter(replies);
  calls = fake.calls;
  api.defaults.adapter = fake.adapter;
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  useAuthStore.getState().clear();
  useTwoFactorStore.getState().clear();
  useProductStore.setState({ ...initialProductState });
});
afterEach(() => {
  api.defaults.adapter = originalAdapter;
});

describe('auth', () => {
  it('login sends multipart form data and stores the user (never a token)', async () => {
    answer([{ status: 200, data: { data: { user, is_two_factor_enabled: false, is_deleted: false, session_started: true } } }]);
    const result = await login({ email: 'a@b.ro', password: 'secret', token: 'cap' });
    expect(result.user.id).toBe(1);
    expect(calls[0].url).toBe('/api/v1/auth/login');
    const body = calls[0].data as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([body.get('email'), body.get('password'), body.get('token')]).toEqual(['a@b.ro', 'secret', 'cap']);
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, user });
    expect(JSON.stringify(localStorage.getItem('authStore'))).not.toContain('token');
  });

  it('login flagged is_deleted fails with account_is_deleted and stores nothing', async () => {
    answer([{ status: 200, data: { data: { user: null, is_two_factor_enabled: false, is_deleted: true } } }]);
    const error = await login({ email: 'a@b.ro', password: 'x', token: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('account_is_deleted');
    expect(useAuthStore.getState().authenticated).toBe(false);
  });

  it('email check: isDeleted fails with account_is_deleted, otherwise alreadyExists', async () => {
    answer([
      { status: 200, data: { data: { alreadyExists: true, isDeleted: true } } },
      { status: 200, data: { data: { alreadyExists: true, isDeleted: false } } },
      { status: 200, data: { data: { alreadyExists: false, isDeleted: false } } },
    ]);
    await expect(emailExists('a@b.ro', '')).rejects.toMatchObject({ code: 'account_is_deleted' });
    await expect(emailExists('a@b.ro', '')).resolves.toBe(true);
    await expect(emailExists('a@b.ro', '')).resolves.toBe(false);
    expect(JSON.parse(calls[0].data as string)).toEqual({ email: 'a@b.ro', token: '' });
  });

  it('store-from-product-page signs in only when the BFF started a session', async () => {
    answer([
      { status: 200, data: { data: { user, is_new: false } } },
      { status: 200, data: { data: { user, is_new: true, session_started: true } } },
    ]);
    const input = { customer: { email: 'a@b.ro', first_name: 'A', last_name: 'P', phone_number: '07' }, product_id: 'rca', token: '' };
    await expect(storeFromProductPage(input)).resolves.toMatchObject({ signedIn: false, isNew: false });
    expect(useAuthStore.getState().authenticated).toBe(false);
    await expect(storeFromProductPage(input)).resolves.toMatchObject({ signedIn: true, isNew: true });
    expect(useAuthStore.getState().user).toEqual(user);
  });

  it('fetchUser sets or clears the stored user', async () => {
    answer([{ status: 200, data: { data: user } }, { status: 200, data: { data: null } }]);
    await fetchUser();
    expect(useAuthStore.getState().authenticated).toBe(true);
    await fetchUser();
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
  });
});

describe('two-factor calls swallow errors (SPEC §8)', () => {
  it('QR code, verify and generate return null on error; remove returns false', async () => {
    answer([{ status: 500, data: { error: { code: 'server_error', message: 'x' } } }]);
    await expect(generateQrCode()).resolves.toBeNull();
    answer([{ status: 422, data: { error: { code: 'validation_failed', message: '{"two_factor_code":["Codul nu este corect."]}' } } }]);
    await expect(verifyCode({ token: '', provider_code: 'authenticator', two_factor_code: '000000' })).resolves.toBeNull();
    await expect(generateCode('')).resolves.toBeNull();
    await expect(removeTwoFactor({ token: '', provider_code: 'authenticator', two_factor_code: '1' })).resolves.toBe(false);
  });

  it('pass results through on success', async () => {
    answer((config) => {
      if (config.url?.endsWith('/remove')) return { status: 200, data: { data: { is_removed: true } } };
      return { status: 200, data: { data: { is_verified: true, recovery_codes: null } } };
    });
    await expect(verifyCode({ token: '', provider_code: 'authenticator', two_factor_code: '123456' })).resolves.toEqual({ is_verified: true, recovery_codes: null });
    const body = JSON.parse(calls[0].data as string);
    expect(body).toMatchObject({ two_factor_code: '123456', provider_code: 'authenticator' });
    expect(body).toHaveProperty('user_agent');
    expect(body).toHaveProperty('user_ip');
    await expect(removeTwoFactor({ token: '', provider_code: 'authenticator', recovery_key: 'r' })).resolves.toBe(true);
  });
});

describe('products', () => {
  it('every products response updates the statuses from x-site-product-statuses', async () => {
    answer([
      { status: 200, data: { data: [] }, headers: { 'x-site-product-statuses': JSON.stringify(statuses('t1')) } },
      { status: 200, data: { data: { code: 'rca' } }, headers: { 'x-site-product-statuses': JSON.stringify(statuses('t2', false)) } },
    ]);
    await listProducts();
    expect(useProductStore.getState().productStatuses?.updated_at).toBe('t1');
    await getProduct('rca');
    expect(useProductStore.getState().productStatuses).toMatchObject({ updated_at: 't2', is_rca_available: false });
  });

  it('statuses with an unchanged updated_at are not replaced', async () => {
    useProductStore.getState().updateStatuses(statuses('same', true));
    const before = useProductStore.getState().productStatuses;
    answer([{ status: 200, data: { data: [] }, headers: { 'x-site-product-statuses': JSON.stringify(statuses('same', false)) } }]);
    await listProducts();
    expect(useProductStore.getState().productStatuses).toBe(before);
    expect(useProductStore.getState().productStatuses?.is_rca_available).toBe(true);
  });

  it('loadProduct fetches once, shares the pending request and then serves the cache', async () => {
    let resolve!: () => void;
    const gate = new Promise<void>((r) => (resolve = r));
    const product = { code: 'travel', name: 'Călătorie' };
    const fake = fakeAdapter([{ status: 200, data: { data: product } }]);
    api.defaults.adapter = async (config) => {
      await gate;
      return fake.adapter(config);
    };
    const a = loadProduct('travel');
    const b = loadProduct('travel');
    resolve();
    const [pa, pb] = await Promise.all([a, b]);
    expect(pa).toEqual(product);
    expect(pb).toBe(pa);
    await loadProduct('travel');
    expect(fake.calls).toHaveLength(1);
    expect(useProductStore.getState().travelProduct).toEqual(product);
  });

  it('the tire product is cached in memory but not persisted', async () => {
    answer([{ status: 200, data: { data: { code: 'tire' } } }]);
    await useProductStore.persist.rehydrate();
    await loadProduct('tire');
    expect(useProductStore.getState().tireProduct).toEqual({ code: 'tire' });
    const stored = JSON.parse(localStorage.getItem('productStore')!);
    expect(Object.keys(stored.state).sort()).toEqual(['houseInsuranceProduct', 'productStatuses', 'rcaProduct', 'travelProduct']);
  });
});

describe('maintenance status', () => {
  it('concurrent callers share one request; a later call asks again', async () => {
    let resolve!: () => void;
    const gate = new Promise<void>((r) => (resolve = r));
    const fake = fakeAdapter([{ status: 200, data: { data: { is_active: false, message: null } } }]);
    api.defaults.adapter = async (config) => {
      await gate;
      return fake.adapter(config);
    };
    const all = Promise.all([getMaintenanceStatus(), getMaintenanceStatus(), getMaintenanceStatus()]);
    resolve();
    const results = await all;
    expect(results.every((r) => r.is_active === false)).toBe(true);
    expect(fake.calls).toHaveLength(1);
    await getMaintenanceStatus();
    expect(fake.calls).toHaveLength(2);
  });
});
