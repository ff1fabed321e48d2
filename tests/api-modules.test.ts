import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onSessionRefused } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { emailExists, fetchUser, login, storeFromProductPage } from '@/lib/api/auth';
import { currentProvider, generateCode, generateQrCode, listUserProviders, removeTwoFactor, verifyCode } from '@/lib/api/two-factor';
import { getMaintenanceStatus } from '@/lib/api/system';
import { getProduct, listProducts } from '@/lib/api/products';
import { parseProductStatuses } from '@/lib/api/product-statuses';
import { useAuthStore } from '@/stores/auth-store';
import { useTwoFactorStore } from '@/stores/two-factor-store';
import { productStatuses as statuses, testUser as user } from './helpers/api-fixtures';
import { fakeAdapter, fakeApi } from './helpers/fake-adapter';

// The modules call `api`, which creates the one axios instance on first use: the same instance is faked here.
const fake = await fakeApi();
const { api } = fake;
const answer = fake.answer;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf';
  useAuthStore.getState().clear();
  useTwoFactorStore.getState().clear();
});
afterEach(() => fake.restore());

// API modules return data and write no store (the use cases in lib/session do: tests/session-use-cases.test.ts).
function expectStoresUntouched() {
  expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
  expect(useTwoFactorStore.getState()).toMatchObject({ providers: [], userProvider: null });
}

describe('auth', () => {
  it('login sends multipart form data and returns the user and two-factor flag (never a token)', async () => {
    answer([{ status: 200, data: { data: { user, is_two_factor_enabled: true, is_deleted: false, session_started: true } } }]);
    const result = await login({ email: 'a@b.ro', password: 'secret', token: 'cap' });
    expect(result).toEqual({ user, isTwoFactorEnabled: true });
    expect(fake.calls[0].url).toBe('/api/v1/auth/login');
    const body = fake.calls[0].data as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([body.get('email'), body.get('password'), body.get('token')]).toEqual(['a@b.ro', 'secret', 'cap']);
    expectStoresUntouched();
  });

  it('login flagged is_deleted fails with account_is_deleted', async () => {
    answer([{ status: 200, data: { data: { user: null, is_two_factor_enabled: false, is_deleted: true } } }]);
    const error = await login({ email: 'a@b.ro', password: 'x', token: '' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('account_is_deleted');
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
    expect(JSON.parse(fake.calls[0].data as string)).toEqual({ email: 'a@b.ro', token: '' });
  });

  it('store-from-product-page says whether the BFF started a session', async () => {
    answer([
      { status: 200, data: { data: { user, is_new: false } } },
      { status: 200, data: { data: { user, is_new: true, session_started: true } } },
    ]);
    const input = { customer: { email: 'a@b.ro', first_name: 'A', last_name: 'P', phone_number: '07' }, product_id: 'rca', token: '' };
    await expect(storeFromProductPage(input)).resolves.toEqual({ user, isNew: false, sessionStarted: false });
    await expect(storeFromProductPage(input)).resolves.toEqual({ user, isNew: true, sessionStarted: true });
    expect(fake.calls[0].url).toBe('/api/v1/users/store-from-product-page');
    expectStoresUntouched();
  });

  it('fetchUser returns the signed-in user, or null', async () => {
    answer([{ status: 200, data: { data: user } }, { status: 200, data: { data: null } }]);
    await expect(fetchUser()).resolves.toEqual(user);
    await expect(fetchUser()).resolves.toBeNull();
    expectStoresUntouched();
  });
});

describe('the first setup of a session signed in too long ago (403 recent_sign_in_required)', () => {
  const REASON = 'Din motive de siguranță, activarea autentificării în doi pași cere o autentificare recentă. Autentificați-vă din nou, apoi reluați activarea.';

  it('generateQrCode gives the backend\'s reason to sign in again, and the session is not ended for it', async () => {
    const refused = vi.fn();
    const unregister = onSessionRefused(refused);
    answer([{ status: 403, data: { error: { code: 'recent_sign_in_required', message: 'A recent sign-in is required.', pretty_message: REASON } } }]);
    await expect(generateQrCode()).resolves.toEqual({ qr: null, signInAgain: REASON });
    expect(refused).not.toHaveBeenCalled();
    // Any other 403 is still the session's end (SPEC §8).
    answer([{ status: 403, data: { error: { code: 'forbidden', message: 'Forbidden.' } } }]);
    await expect(generateQrCode()).resolves.toEqual({ qr: null, signInAgain: null });
    expect(refused).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('generateQrCode returns the key when there is one', async () => {
    const qr = { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr_code: 'data:image/png;base64,AA==' };
    answer([{ status: 200, data: { data: qr } }]);
    await expect(generateQrCode()).resolves.toEqual({ qr });
  });
});

describe('two-factor calls swallow errors (SPEC §8)', () => {
  it('QR code, verify and generate return null on error; remove returns false', async () => {
    answer([{ status: 500, data: { error: { code: 'server_error', message: 'x' } } }]);
    await expect(generateQrCode()).resolves.toEqual({ qr: null, signInAgain: null });
    answer([{ status: 422, data: { error: { code: 'validation_failed', message: '{"two_factor_code":["Codul nu este corect."]}' } } }]);
    await expect(verifyCode({ token: '', provider_code: 'authenticator', two_factor_code: '000000' })).resolves.toBeNull();
    answer([{ status: 500, data: { error: { code: 'server_error', message: 'x' } } }]);
    await expect(generateCode('')).resolves.toEqual({ sent: false, message: null });
    answer([{ status: 429, headers: { 'retry-after': '2520' }, data: { error: { code: 'too_many_requests', message: 'x', pretty_message: 'Ați cerut prea multe coduri în ultima oră. Puteți cere altul peste 42 de minute.' } } }]);
    await expect(generateCode('')).resolves.toEqual({ sent: false, message: 'Ați cerut prea multe coduri în ultima oră. Puteți cere altul peste 42 de minute.' });
    answer([{ status: 422, data: { error: { code: 'validation_failed', message: '{"two_factor_code":["Codul nu este corect."]}' } } }]);
    await expect(removeTwoFactor({ token: '', provider_code: 'authenticator', two_factor_code: '1' })).resolves.toBe(false);
  });

  it('pass results through on success', async () => {
    answer((config) => {
      if (config.url?.endsWith('/remove')) return { status: 200, data: { data: { is_removed: true } } };
      return { status: 200, data: { data: { is_verified: true, recovery_codes: null } } };
    });
    await expect(verifyCode({ token: '', provider_code: 'authenticator', two_factor_code: '123456' })).resolves.toEqual({ is_verified: true, recovery_codes: null });
    const body = JSON.parse(fake.calls[0].data as string);
    expect(body).toMatchObject({ two_factor_code: '123456', provider_code: 'authenticator' });
    // user_ip is the BFF's (the server's view of the client); the browser sends its user agent.
    expect(body).toHaveProperty('user_agent');
    expect(body).not.toHaveProperty('user_ip');
    await expect(removeTwoFactor({ token: '', provider_code: 'authenticator', recovery_key: 'r' })).resolves.toBe(true);
    expectStoresUntouched();
  });

  it("the user's providers, and the one a check uses: the default enabled one, else any enabled one", async () => {
    const email = { code: 'email' as const, name: 'Email', is_enabled: true, is_default: false };
    const app = { code: 'authenticator' as const, name: 'App', is_enabled: true, is_default: true };
    answer([{ status: 200, data: { data: [email, app] } }]);
    await expect(listUserProviders()).resolves.toEqual([email, app]);
    expect(fake.calls[0].url).toBe('/api/v1/two-factor-auth-providers/user');
    expectStoresUntouched();
    expect(currentProvider([email, app])).toBe(app);
    expect(currentProvider([email, { ...app, is_enabled: false }])).toBe(email);
    expect(currentProvider([{ ...email, is_enabled: false }])).toBeNull();
    expect(currentProvider(null)).toBeNull();
  });
});

describe('products', () => {
  it('listProducts and getProduct return the data', async () => {
    answer([
      { status: 200, data: { data: [{ code: 'rca' }] }, headers: { 'x-site-product-statuses': JSON.stringify(statuses('t1')) } },
      { status: 200, data: { data: { code: 'travel' } } },
    ]);
    await expect(listProducts()).resolves.toEqual([{ code: 'rca' }]);
    await expect(getProduct('travel')).resolves.toEqual({ code: 'travel' });
    expect(fake.calls.map((c) => c.url)).toEqual(['/api/v1/products', '/api/v1/products/travel']);
  });

  it('the statuses header: parsed when it is a status record, null when missing or malformed', () => {
    expect(parseProductStatuses(JSON.stringify(statuses('t1')))).toEqual(statuses('t1'));
    for (const raw of [undefined, null, '', '{not json', 'null', '{"id":1}', 42]) expect(parseProductStatuses(raw)).toBeNull();
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
