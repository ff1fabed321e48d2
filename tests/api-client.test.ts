import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { BROWSER_TIMEOUT_MS, createApiClient, RETRY_STATUSES } from '@/lib/api/axios-client';
import { FIELD_ERRORS_INLINE, onApiResponse, type CatalogueEffects } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { fakeAdapter, type FakeReply } from './helpers/fake-adapter';

function effects() {
  const fx = {
    goToMaintenance: vi.fn<() => void>(),
    goToTwoFactorCheck: vi.fn<() => void>(),
    goToTwoFactorSetup: vi.fn<() => void>(),
    logout: vi.fn<() => void>(),
    toastErrors: vi.fn<(messages: string[]) => void>(),
  };
  return fx satisfies CatalogueEffects;
}

function client(replies: FakeReply[]) {
  const fx = effects();
  const fake = fakeAdapter(replies);
  const api = createApiClient({ adapter: fake.adapter, effects: fx, retryDelayMs: 0, ensureXsrf: async () => {} });
  return { api, fx, calls: fake.calls };
}

const ALL_STATUSES = [400, 401, 403, 404, 408, 409, 413, 422, 425, 429, 500, 501, 502, 503, 504];

describe('instance settings (SPEC §9)', () => {
  // SPEC §9 said "no timeout"; issue 15 bounds every call: the browser gives up after BROWSER_TIMEOUT_MS.
  it('same origin, a timeout above the BFF\'s, 200-299 success, XSRF cookie/header names', () => {
    const { api } = client([{ status: 200 }]);
    expect(api.defaults.baseURL).toBe('');
    expect(api.defaults.timeout).toBe(BROWSER_TIMEOUT_MS);
    expect(BROWSER_TIMEOUT_MS).toBeGreaterThan(10_000);
    expect(BROWSER_TIMEOUT_MS).toBeGreaterThan(10_000);
    expect(api.defaults.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(api.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    const validate = api.defaults.validateStatus!;
    expect([199, 200, 204, 299, 300, 304].map((s) => validate(s))).toEqual([false, true, true, true, false, false]);
  });
});

describe('response listeners (onApiResponse)', () => {
  it('see every successful answer, never a failure; one that throws fails nothing; unsubscribe stops it', async () => {
    const { api } = client([{ status: 200, data: { data: 1 }, headers: { 'x-seen': 'a' } }, { status: 404 }, { status: 200, data: { data: 3 } }]);
    const seen: unknown[] = [];
    const stop = onApiResponse((response) => seen.push(response.headers['x-seen']));
    const stopBroken = onApiResponse(() => {
      throw new Error('listener bug');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api.get('/api/v1/a')).resolves.toMatchObject({ data: { data: 1 } });
    expect(seen).toEqual(['a']);
    await expect(api.get('/api/v1/b')).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
    expect(logged).toHaveBeenCalledTimes(1);
    stop();
    stopBroken();
    await api.get('/api/v1/c');
    expect(seen).toHaveLength(1);
    logged.mockRestore();
  });
});

describe('retries (SPEC §8)', () => {
  for (const method of ['post', 'put', 'patch', 'delete'] as const) {
    for (const status of ALL_STATUSES) {
      const expected = RETRY_STATUSES.has(status) ? 2 : 1;
      it(`${method.toUpperCase()} answered ${status} is sent ${expected} time(s)`, async () => {
        const { api, calls } = client([{ status, data: { error: { code: 'x', message: 'm' } } }]);
        await expect(api.request({ method, url: '/api/v1/thing', data: {} })).rejects.toBeInstanceOf(ApiError);
        expect(calls).toHaveLength(expected);
      });
    }
  }

  for (const method of ['get', 'head', 'options'] as const) {
    for (const status of [408, 409, 425, 429, 500, 502, 503, 504]) {
      it(`${method.toUpperCase()} answered ${status} is never retried`, async () => {
        const { api, calls } = client([{ status }]);
        await expect(api.request({ method, url: '/api/v1/thing' })).rejects.toBeInstanceOf(ApiError);
        expect(calls).toHaveLength(1);
      });
    }
  }

  it('a write that fails twice is not retried a second time', async () => {
    const { api, calls } = client([{ status: 503 }, { status: 503 }, { status: 200 }]);
    await expect(api.post('/api/v1/orders', {})).rejects.toMatchObject({ status: 503 });
    expect(calls).toHaveLength(2);
  });

  it('a write answered 503 then 200 succeeds with the same Idempotency-Key on both attempts', async () => {
    const { api, calls } = client([{ status: 503 }, { status: 201, data: { data: { id: 7 } } }]);
    const response = await api.post('/api/v1/orders', { a: 1 });
    expect(response.data).toEqual({ data: { id: 7 } });
    expect(calls).toHaveLength(2);
    const keys = calls.map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('a write sent again after an attempt got no answer carries the same key: the backend replays instead of writing twice', async () => {
    // The first attempt never gets an answer (the network drops it, as when the order was created but its answer
    // was lost); the next press of the button meets a failing gateway twice (the call and its one retry). The
    // customer presses once more with the same form.
    const calls: InternalAxiosRequestConfig[] = [];
    const adapter: AxiosAdapter = async (config) => {
      calls.push(config);
      if (calls.length === 1) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
      if (calls.length <= 3) throw new AxiosError('Request failed with status code 502', 'ERR_BAD_RESPONSE', config, {}, { status: 502, statusText: '502', data: {}, headers: {}, config });
      return { status: 201, statusText: '201', data: { data: { id: calls.length } }, headers: {}, config, request: {} };
    };
    const api = createApiClient({ adapter, effects: effects(), retryDelayMs: 0, ensureXsrf: async () => {} });
    const key = (i: number) => calls[i].headers.get('Idempotency-Key');
    await expect(api.post('/api/v1/orders', { quote_id: 'q1' })).rejects.toBeInstanceOf(ApiError);
    await expect(api.post('/api/v1/orders', { quote_id: 'q1' })).rejects.toBeInstanceOf(ApiError);
    await api.post('/api/v1/orders', { quote_id: 'q1' });
    expect(calls).toHaveLength(4);
    expect([1, 2, 3].map(key)).toEqual([key(0), key(0), key(0)]);
    // Once answered, the same form sent again is a new intent; another body is another write.
    await api.post('/api/v1/orders', { quote_id: 'q1' });
    await api.post('/api/v1/orders', { quote_id: 'q2' });
    expect(new Set([key(0), key(4), key(5)]).size).toBe(3);
  });

  it('a write answered 4xx is settled: the same body sent again gets a new key', async () => {
    const { api, calls } = client([{ status: 422, data: { error: { code: 'validation_failed', message: 'x' } } }, { status: 201 }]);
    await expect(api.post('/api/v1/orders', { a: 1 }, FIELD_ERRORS_INLINE)).rejects.toBeInstanceOf(ApiError);
    await api.post('/api/v1/orders', { a: 1 });
    expect(calls[1].headers.get('Idempotency-Key')).not.toBe(calls[0].headers.get('Idempotency-Key'));
  });

  it('every write gets its own key; reads get none', async () => {
    const { api, calls } = client([{ status: 200 }]);
    await api.post('/a', {});
    await api.put('/a', {});
    await api.delete('/a');
    await api.get('/a');
    const keys = calls.map((c) => c.headers.get('Idempotency-Key'));
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBeFalsy();
  });

  it('a 429 asking for a longer wait than 5 s (a sign-in throttle) is not retried: its message shows at once', async () => {
    const throttled = { code: 'too_many_attempts', message: 'Too many attempts.', pretty_message: 'Prea multe încercări nereușite. Încercați din nou peste 30 de secunde.' };
    const { api, calls } = client([{ status: 429, headers: { 'retry-after': '30' }, data: { error: throttled } }]);
    await expect(api.post('/api/v1/auth/login', {})).rejects.toMatchObject({ status: 429, prettyMessage: throttled.pretty_message });
    expect(calls).toHaveLength(1);
    const short = client([{ status: 429, headers: { 'retry-after': '0' } }, { status: 200 }]);
    await short.api.post('/api/v1/auth/login', {});
    expect(short.calls).toHaveLength(2);
  });

  it('a 503 asking for a longer wait than 5 s (quotes_busy) is not retried: its message shows at once', async () => {
    // The backend's bound on stored quotes: nothing frees a place before the oldest quote expires (hours).
    const busy = {
      code: 'quotes_busy',
      message: 'Too many stored quotes; new quotes are refused until some expire.',
      pretty_message: 'Nu putem calcula oferte noi în acest moment: serviciul este foarte solicitat. Vă rugăm să încercați din nou mai târziu. Dacă aveți cont, autentificați-vă pentru a continua.',
    };
    const { api, fx, calls } = client([{ status: 503, headers: { 'retry-after': '3600', 'x-request-id': 'req-7' }, data: { error: busy } }]);
    await expect(api.post('/api/v1/quotes', {})).rejects.toMatchObject({
      status: 503,
      code: 'quotes_busy',
      prettyMessage: `${busy.pretty_message} Cod de referință: req-7.`,
    });
    expect(calls).toHaveLength(1);
    expect(fx.goToMaintenance).not.toHaveBeenCalled();
    // A short wait (database_busy's 2 s, pdf_busy's 5 s) is still retried once.
    const short = client([{ status: 503, headers: { 'retry-after': '0' }, data: { error: { code: 'database_busy', message: 'm' } } }, { status: 201 }]);
    await short.api.post('/api/v1/quotes', {});
    expect(short.calls).toHaveLength(2);
  });

  it('network errors (no response) are not retried', async () => {
    let count = 0;
    const api = createApiClient({
      adapter: async (config) => {
        count += 1;
        throw new (await import('axios')).AxiosError('Network Error', 'ERR_NETWORK', config);
      },
      effects: effects(),
      retryDelayMs: 0,
      ensureXsrf: async () => {},
    });
    await expect(api.post('/a', {})).rejects.toMatchObject({ code: 'network_error', status: 0 });
    expect(count).toBe(1);
  });
});

describe('error catalogue (SPEC §8)', () => {
  it('error code 503 goes to /maintenance and re-throws', async () => {
    const { api, fx } = client([
      { status: 503, data: { error: { code: 503, message: 'Maintenance', pretty_message: 'Mentenanță' } } },
    ]);
    const error = await api.get('/api/v1/products').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: '503', status: 503, prettyMessage: 'Mentenanță' });
    expect(fx.goToMaintenance).toHaveBeenCalledTimes(1);
    expect(fx.logout).not.toHaveBeenCalled();
  });

  it('a write answered with the maintenance error is retried once, then goes to /maintenance once', async () => {
    const { api, fx, calls } = client([{ status: 503, data: { error: { code: 503, message: 'm' } } }]);
    await expect(api.post('/api/v1/quotes', {})).rejects.toMatchObject({ code: '503' });
    expect(calls).toHaveLength(2);
    expect(fx.goToMaintenance).toHaveBeenCalledTimes(1);
  });

  it('HTTP 503 without the maintenance code does not redirect', async () => {
    const { api, fx } = client([{ status: 503, data: { error: { code: 'upstream_down', message: 'x' } } }]);
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'upstream_down' });
    expect(fx.goToMaintenance).not.toHaveBeenCalled();
  });

  it('the backend\'s 503 database_busy is not maintenance: a write is retried once after Retry-After with the same key', async () => {
    const busy = { code: 'database_busy', message: 'The database is busy; retry shortly.', pretty_message: 'Serviciul este momentan foarte solicitat. Vă rugăm să încercați din nou în câteva secunde.' };
    const { api, fx, calls } = client([{ status: 503, headers: { 'retry-after': '2' }, data: { error: busy } }, { status: 201, data: { data: { id: 8 } } }]);
    const started = Date.now();
    expect((await api.post('/api/v1/orders', {})).data).toEqual({ data: { id: 8 } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(calls).toHaveLength(2);
    expect(calls[1].headers.get('Idempotency-Key')).toBe(calls[0].headers.get('Idempotency-Key'));
    expect(fx.goToMaintenance).not.toHaveBeenCalled();
  });

  for (const status of [401, 403]) {
    it(`HTTP ${status} logs out and re-throws`, async () => {
      const { api, fx } = client([{ status, data: { error: { code: 'unauthenticated', message: 'no' } } }]);
      await expect(api.get('/api/v1/orders')).rejects.toMatchObject({ status, code: 'unauthenticated' });
      expect(fx.logout).toHaveBeenCalledTimes(1);
      expect(fx.toastErrors).not.toHaveBeenCalled();
    });
  }

  it('403 two_factor_required goes to the second-factor check, never a logout', async () => {
    const { api, fx } = client([{ status: 403, data: { error: { code: 'two_factor_required', message: 'x' } } }]);
    await expect(api.get('/api/v1/profile')).rejects.toMatchObject({ status: 403, code: 'two_factor_required' });
    expect(fx.goToTwoFactorCheck).toHaveBeenCalledTimes(1);
    expect(fx.logout).not.toHaveBeenCalled();
  });

  it('403 two_factor_setup_required goes to the two-factor setup, never a logout nor a toast', async () => {
    for (const call of [(api: ReturnType<typeof client>['api']) => api.get('/api/v1/orders'), (api: ReturnType<typeof client>['api']) => api.post('/api/v1/orders', {})]) {
      const { api, fx } = client([
        { status: 403, data: { error: { code: 'two_factor_setup_required', message: 'x', pretty_message: 'Configurați autentificarea în doi pași pentru a continua.' } } },
      ]);
      await expect(call(api)).rejects.toMatchObject({ status: 403, code: 'two_factor_setup_required' });
      expect(fx.goToTwoFactorSetup).toHaveBeenCalledTimes(1);
      expect(fx.goToTwoFactorCheck).not.toHaveBeenCalled();
      expect(fx.logout).not.toHaveBeenCalled();
      expect(fx.toastErrors).not.toHaveBeenCalled();
    }
  });

  it('a 401 with the two-factor code still logs out (only the 403 means "check pending")', async () => {
    const { api, fx } = client([{ status: 401, data: { error: { code: 'two_factor_required', message: 'x' } } }]);
    await expect(api.get('/api/v1/profile')).rejects.toMatchObject({ status: 401 });
    expect(fx.logout).toHaveBeenCalledTimes(1);
    expect(fx.goToTwoFactorCheck).not.toHaveBeenCalled();
  });

  it('the BFF refusing a forged write (csrf_failed) does not log out', async () => {
    const { api, fx } = client([{ status: 403, data: { error: { code: 'csrf_failed', message: 'x' } } }]);
    await expect(api.post('/x', {})).rejects.toMatchObject({ code: 'csrf_failed' });
    expect(fx.logout).not.toHaveBeenCalled();
  });

  it('422 toasts the first message of each field and re-throws with fieldErrors', async () => {
    const message = JSON.stringify({
      email: ['Adresa de email nu este validă.', 'second'],
      'customer.phone_number': ['Numărul de telefon nu este valid.'],
    });
    const { api, fx } = client([{ status: 422, data: { error: { code: 'validation_failed', message } } }]);
    const error = (await api.post('/api/v1/auth/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(fx.toastErrors).toHaveBeenCalledTimes(1);
    expect(fx.toastErrors).toHaveBeenCalledWith(['Adresa de email nu este validă.', 'Numărul de telefon nu este valid.']);
    expect(error.fieldErrors.email).toEqual(['Adresa de email nu este validă.', 'second']);
    expect(error.fieldError('customer.phone_number')).toBe('Numărul de telefon nu este valid.');
    expect(error.code).toBe('validation_failed');
  });

  it('422 of a form that shows its field errors itself: no toast, the same error re-thrown', async () => {
    const message = JSON.stringify({ two_factor_code: ['Codul nu este corect.'] });
    const { api, fx } = client([{ status: 422, data: { error: { code: 'validation_failed', message } } }]);
    const error = (await api.post('/api/v1/auth/two-factor/verify-code', {}, FIELD_ERRORS_INLINE).catch((e: unknown) => e)) as ApiError;
    expect(fx.toastErrors).not.toHaveBeenCalled();
    expect(error.fieldError('two_factor_code')).toBe('Codul nu este corect.');
  });

  it('422 whose message is not a JSON map toasts nothing', async () => {
    const { api, fx } = client([{ status: 422, data: { error: { code: 'validation_failed', message: 'plain' } } }]);
    const error = (await api.post('/x', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.fieldErrors).toEqual({});
    expect(fx.toastErrors).not.toHaveBeenCalled();
  });

  it('other errors are only re-thrown, with the pretty message', async () => {
    const { api, fx } = client([
      { status: 404, data: { error: { code: 'not_found', message: 'nf', pretty_message: 'Nu a fost găsit.' } } },
    ]);
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'not_found', status: 404, prettyMessage: 'Nu a fost găsit.' });
    expect(fx.goToMaintenance).not.toHaveBeenCalled();
    expect(fx.logout).not.toHaveBeenCalled();
    expect(fx.toastErrors).not.toHaveBeenCalled();
  });

  it('a 409 write is retried and its final failure handled once', async () => {
    const { api, fx, calls } = client([{ status: 409 }, { status: 422, data: { error: { code: 'v', message: '{"a":["A"]}' } } }]);
    await expect(api.post('/x', {})).rejects.toMatchObject({ status: 422 });
    expect(calls).toHaveLength(2);
    expect(fx.toastErrors).toHaveBeenCalledTimes(1);
  });
});
