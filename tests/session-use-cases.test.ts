import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getProduct, listProducts } from '@/lib/api/products';
import { googleSignIn, login, refreshUser, register, storeFromProductPage } from '@/lib/session/sign-in';
import { listProviders, listUserProviders, removeTwoFactor } from '@/lib/session/two-factor-providers';
import { loadProduct } from '@/lib/shop/product-cache';
import { useAuthStore } from '@/stores/auth-store';
import { initialProductState, useProductStore } from '@/stores/product-store';
import { useTwoFactorStore } from '@/stores/two-factor-store';
import { productStatuses as statuses, testUser as user } from './helpers/api-fixtures';
import { fakeAdapter, fakeApi } from './helpers/fake-adapter';

/**
 * The stores follow the API answers through the use cases that call lib/api (which itself writes no store):
 * the user (lib/session/sign-in), the two-factor providers (lib/session/two-factor-providers), the product
 * statuses header (the product store's listener on every answer) and the product cache (lib/shop/product-cache).
 */

const fake = await fakeApi();
const answer = fake.answer;
const signedIn = (extra: object = {}) => ({ status: 200, data: { data: { user, is_two_factor_enabled: false, is_deleted: false, session_started: true, ...extra } } });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  localStorage.clear();
  useAuthStore.getState().clear();
  useTwoFactorStore.getState().clear();
  useProductStore.setState({ ...initialProductState });
});
afterEach(() => fake.restore());

describe('sign-in use cases: the stored user follows', () => {
  it('login, register and Google sign-in store the user (never a token)', async () => {
    for (const signIn of [
      () => login({ email: 'a@b.ro', password: 'secret', token: 'cap' }),
      () =>
        register({ email: 'a@b.ro', phone_number: '07', last_name: 'P', first_name: 'A', password: 'p', password_confirmation: 'p', is_default_password: false, token: '' }),
      () => googleSignIn('google-id-token'),
    ]) {
      useAuthStore.getState().clear();
      answer([signedIn({ is_two_factor_enabled: true })]);
      await expect(signIn()).resolves.toEqual({ user, isTwoFactorEnabled: true });
      expect(useAuthStore.getState()).toMatchObject({ authenticated: true, user });
    }
    expect(fake.calls[0].url).toBe('/api/v1/auth/social/authentications/google');
    const persisted = localStorage.getItem('authStore');
    expect(persisted).toContain('"email":"a@b.ro"');
    expect(persisted).not.toContain('token');
  });

  it('an account flagged is_deleted fails with account_is_deleted and stores nothing', async () => {
    answer([signedIn({ user: null, is_deleted: true })]);
    await expect(login({ email: 'a@b.ro', password: 'x', token: '' })).rejects.toMatchObject({ code: 'account_is_deleted' });
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
  });

  it('a failed sign-in leaves the stored user as it was', async () => {
    answer([{ status: 422, data: { error: { code: 'validation_failed', message: '{"email":["Datele nu sunt corecte."]}' } } }]);
    await expect(login({ email: 'a@b.ro', password: 'x', token: '' })).rejects.toMatchObject({ status: 422 });
    expect(useAuthStore.getState().authenticated).toBe(false);
  });

  const newAccount = { email: 'a@b.ro', phone_number: '07', last_name: 'P', first_name: 'A', password: 'Parola-2026', password_confirmation: 'Parola-2026', is_default_password: false, token: 'cap-register' };
  const emailTaken = { status: 422, data: { error: { code: 'validation_failed', message: '{"email":["Există deja un cont cu acest email."]}' } } };

  it('register refused with "email taken" signs into the account an earlier lost answer created, with the same credentials', async () => {
    answer([emailTaken, signedIn()]);
    await expect(register(newAccount, async () => 'cap-login')).resolves.toEqual({ user, isTwoFactorEnabled: false });
    expect(fake.calls.map((c) => c.url)).toEqual(['/api/v1/auth/register', '/api/v1/auth/login']);
    expect(Object.fromEntries(fake.calls[1].data as FormData)).toEqual({ email: 'a@b.ro', password: 'Parola-2026', token: 'cap-login' });
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, user });
  });

  it('when that sign-in fails, or the refusal is another one, the register error stands and nothing is stored', async () => {
    answer([emailTaken, { status: 422, data: { error: { code: 'validation_failed', message: '{"password":["Email sau parolă greșită."]}' } } }]);
    await expect(register(newAccount, async () => 'cap-login')).rejects.toMatchObject({ status: 422, fieldErrors: { email: ['Există deja un cont cu acest email.'] } });
    expect(fake.calls.map((c) => c.url)).toEqual(['/api/v1/auth/register', '/api/v1/auth/login']);
    answer([{ status: 422, data: { error: { code: 'validation_failed', message: '{"phone_number":["Numărul nu este valid."]}' } } }]);
    await expect(register(newAccount, async () => 'cap-login')).rejects.toMatchObject({ fieldErrors: { phone_number: ['Numărul nu este valid.'] } });
    expect(fake.calls.map((c) => c.url)).toEqual(['/api/v1/auth/register']);
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
  });

  it('store-from-product-page signs in only when the BFF started a session (or the tab already was)', async () => {
    answer([
      { status: 200, data: { data: { user, is_new: false } } },
      { status: 200, data: { data: { user, is_new: true, session_started: true } } },
      { status: 200, data: { data: { user: { ...user, first_name: 'Ioana' }, is_new: false } } },
    ]);
    const input = { customer: { email: 'a@b.ro', first_name: 'A', last_name: 'P', phone_number: '07' }, product_id: 'rca', token: '' };
    await expect(storeFromProductPage(input)).resolves.toEqual({ user, isNew: false, signedIn: false });
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
    await expect(storeFromProductPage(input)).resolves.toEqual({ user, isNew: true, signedIn: true });
    expect(useAuthStore.getState().user).toEqual(user);
    await expect(storeFromProductPage(input)).resolves.toMatchObject({ signedIn: true });
    expect(useAuthStore.getState().user?.first_name).toBe('Ioana');
  });

  it('refreshUser sets or clears the stored user', async () => {
    answer([{ status: 200, data: { data: user } }, { status: 200, data: { data: null } }]);
    await expect(refreshUser()).resolves.toEqual(user);
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, user });
    await expect(refreshUser()).resolves.toBeNull();
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
  });
});

describe('two-factor use cases: the two-factor store follows', () => {
  const email = { code: 'email' as const, name: 'Email', is_enabled: true, is_default: false };
  const app = { code: 'authenticator' as const, name: 'App', is_enabled: true, is_default: true };

  it("the providers list and the user's current provider are stored", async () => {
    const offered = [{ code: 'authenticator', name: 'App' }, { code: 'email', name: 'Email' }];
    answer((config) => ({ status: 200, data: { data: config.url?.endsWith('/user') ? [email, app] : offered } }));
    await expect(listProviders()).resolves.toEqual(offered);
    await expect(listUserProviders()).resolves.toEqual([email, app]);
    expect(useTwoFactorStore.getState()).toMatchObject({ providers: offered, userProvider: app });
  });

  it('a failed list keeps what the store had', async () => {
    useTwoFactorStore.getState().setUserProvider(app);
    answer([{ status: 500, data: { error: { code: 'server_error', message: 'x' } } }]);
    await expect(listUserProviders()).resolves.toBeNull();
    await expect(listProviders()).resolves.toBeNull();
    expect(useTwoFactorStore.getState()).toMatchObject({ providers: [], userProvider: app });
  });

  it('a removal clears the user provider; a refused one keeps it', async () => {
    useTwoFactorStore.getState().setUserProvider(app);
    answer([{ status: 422, data: { error: { code: 'validation_failed', message: '{"two_factor_code":["Codul nu este corect."]}' } } }]);
    await expect(removeTwoFactor({ token: '', provider_code: 'authenticator', two_factor_code: '1' })).resolves.toBe(false);
    expect(useTwoFactorStore.getState().userProvider).toEqual(app);
    answer([{ status: 200, data: { data: { is_removed: true } } }]);
    await expect(removeTwoFactor({ token: '', provider_code: 'authenticator', two_factor_code: '123456' })).resolves.toBe(true);
    expect(useTwoFactorStore.getState().userProvider).toBeNull();
  });
});

describe('product store: the statuses header of every answer', () => {
  it('every products answer updates the statuses from x-site-product-statuses', async () => {
    answer([
      { status: 200, data: { data: [] }, headers: { 'x-site-product-statuses': JSON.stringify(statuses('t1')) } },
      { status: 200, data: { data: { code: 'rca' } }, headers: { 'x-site-product-statuses': JSON.stringify(statuses('t2', false)) } },
      { status: 200, data: { data: [] }, headers: { 'x-site-product-statuses': '{broken' } },
    ]);
    await listProducts();
    expect(useProductStore.getState().productStatuses?.updated_at).toBe('t1');
    await getProduct('rca');
    expect(useProductStore.getState().productStatuses).toMatchObject({ updated_at: 't2', is_rca_available: false });
    await listProducts();
    expect(useProductStore.getState().productStatuses?.updated_at).toBe('t2');
  });

  it('statuses with an unchanged updated_at are not replaced', async () => {
    useProductStore.getState().updateStatuses(statuses('same', true));
    const before = useProductStore.getState().productStatuses;
    answer([{ status: 200, data: { data: [] }, headers: { 'x-site-product-statuses': JSON.stringify(statuses('same', false)) } }]);
    await listProducts();
    expect(useProductStore.getState().productStatuses).toBe(before);
    expect(useProductStore.getState().productStatuses?.is_rca_available).toBe(true);
  });
});

describe('product cache (SPEC §4)', () => {
  it('loadProduct fetches once, shares the pending request and then serves the cache', async () => {
    let resolve!: () => void;
    const gate = new Promise<void>((r) => (resolve = r));
    const product = { code: 'travel', name: 'Călătorie' };
    const script = fakeAdapter([{ status: 200, data: { data: product } }]);
    fake.api.defaults.adapter = async (config) => {
      await gate;
      return script.adapter(config);
    };
    const a = loadProduct('travel');
    const b = loadProduct('travel');
    resolve();
    const [pa, pb] = await Promise.all([a, b]);
    expect(pa).toEqual(product);
    expect(pb).toBe(pa);
    await loadProduct('travel');
    expect(script.calls).toHaveLength(1);
    expect(useProductStore.getState().travelProduct).toEqual(product);
  });

  it('a failed load is not cached: the next call asks again', async () => {
    answer([{ status: 500, data: { error: { code: 'server_error', message: 'x' } } }, { status: 200, data: { data: { code: 'rca' } } }]);
    await expect(loadProduct('rca')).rejects.toMatchObject({ status: 500 });
    expect(useProductStore.getState().rcaProduct).toBeNull();
    await expect(loadProduct('rca')).resolves.toEqual({ code: 'rca' });
    expect(fake.calls).toHaveLength(2);
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
