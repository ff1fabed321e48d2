/**
 * The browser's API client (SPEC §7–§9). ONE axios instance, `api`, for every call the browser makes.
 *
 * How to add an API module (lib/api/quotes.ts, orders.ts, …):
 *   - one typed function per backend call, named after what it does (`createQuote`, `listOrders`);
 *   - call `api.get/post/put/delete` with the SPEC path (`/api/v1/...`, same origin: the BFF forwards it) and
 *     return `unwrap(response)` — responses are read from `data.data`;
 *   - keep the backend's snake_case field names on the wire; reshape for the UI in the module if useful;
 *   - do not catch errors to show them: every failure arrives as an `ApiError` (lib/api/errors.ts) after the
 *     error catalogue below has run (maintenance redirect, logout on 401/403, 422 toasts). Callers decide
 *     what else to show (`error.prettyMessage`, `error.fieldError('email')`).
 *   - writes get an `Idempotency-Key` and one retry automatically; never add your own retry loop.
 *
 * Rules implemented here:
 *   - baseURL '' (the web app's own origin), no timeout, success 200–299, XSRF cookie `XSRF-TOKEN` sent back as
 *     header `X-XSRF-TOKEN` (the BFF checks it on writes).
 *   - axios-retry: POST/PUT/PATCH/DELETE retried once, reads never, only on 408 409 425 429 500 502 503 504.
 *     Every write carries an `Idempotency-Key`; the retry reuses the same config, hence the same key.
 *   - Error catalogue (SPEC §8), as a response interceptor registered AFTER axios-retry so that it sees only
 *     the final outcome: error code 503 → /maintenance; HTTP 401/403 → logout, alert, /authenticate;
 *     422 → first message of each field as an error toast; then the normalised ApiError is re-thrown.
 */
import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosInstance, type AxiosResponse } from 'axios';
import axiosRetry, { retryAfter } from 'axios-retry';
import { notify } from '@/lib/toast';
import { ApiError, MAINTENANCE_CODE, apiErrorFromResponse, firstFieldMessages, isApiError } from './errors';
import { endSession } from './session-end';
import { ensureXsrfCookie, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from './xsrf';

export { readXsrfToken, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from './xsrf';

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
export const WRITE_METHODS: ReadonlySet<string> = new Set(['post', 'put', 'patch', 'delete']);
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type Envelope<T> = { data: T };

/** Side effects of the error catalogue; injectable so that tests can observe them. */
export type CatalogueEffects = {
  goToMaintenance: () => void;
  logout: () => void;
  toastErrors: (messages: string[]) => void;
};

export const browserEffects: CatalogueEffects = {
  goToMaintenance: () => {
    if (typeof window === 'undefined' || window.location.pathname === '/maintenance') return;
    const lastUrl = `${window.location.pathname}${window.location.search}`;
    // A full navigation on purpose: the proxy and the server render the maintenance page from scratch.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign(`/maintenance?last_url=${encodeURIComponent(lastUrl)}`);
  },
  logout: () => {
    void endSession({ reason: 'unauthorized' });
  },
  toastErrors: (messages) => {
    for (const message of messages) void notify.error(message, { toastId: `422:${message}` });
  },
};

export function isWriteMethod(method: string | undefined): boolean {
  return WRITE_METHODS.has((method ?? 'get').toLowerCase());
}

/** RFC 4122 v4; crypto.randomUUID exists only in secure contexts, so fall back to getRandomValues. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function shouldRetry(error: AxiosError): boolean {
  const status = error.response?.status;
  return isWriteMethod(error.config?.method) && status !== undefined && RETRY_STATUSES.has(status);
}

/** Turns any failure into an ApiError and applies SPEC §8's catalogue once. */
export function applyErrorCatalogue(error: unknown, effects: CatalogueEffects): ApiError {
  // Already handled by the inner chain of a retried request.
  if (isApiError(error)) return error;
  let apiError: ApiError;
  if (axios.isAxiosError(error) && error.response) {
    apiError = apiErrorFromResponse(error.response.status, error.response.data);
  } else if (axios.isCancel(error)) {
    return new ApiError({ code: 'canceled', status: 0, message: 'Request canceled' });
  } else {
    apiError = apiErrorFromResponse(0, null);
  }
  if (apiError.code === MAINTENANCE_CODE) {
    effects.goToMaintenance();
  } else if ((apiError.status === 401 || apiError.status === 403) && apiError.code !== 'csrf_failed') {
    // csrf_failed is the BFF's own refusal of a forged write, not a session problem: no logout for it.
    effects.logout();
  } else if (apiError.status === 422) {
    const messages = firstFieldMessages(apiError.fieldErrors);
    if (messages.length > 0) effects.toastErrors(messages);
  }
  return apiError;
}

export type ApiClientOptions = {
  adapter?: AxiosAdapter;
  effects?: CatalogueEffects;
  /** Delay before the one retry, ms. Honours Retry-After when larger. */
  retryDelayMs?: number;
  ensureXsrf?: () => Promise<void>;
};

export function createApiClient(options: ApiClientOptions = {}): AxiosInstance {
  const effects = options.effects ?? browserEffects;
  const retryDelayMs = options.retryDelayMs ?? 300;
  const ensureXsrf = options.ensureXsrf ?? ensureXsrfCookie;
  const instance = axios.create({
    baseURL: '',
    timeout: 0,
    validateStatus: (status) => status >= 200 && status <= 299,
    xsrfCookieName: XSRF_COOKIE_NAME,
    xsrfHeaderName: XSRF_HEADER_NAME,
    withCredentials: true,
    headers: { Accept: 'application/json' },
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  instance.interceptors.request.use(async (config) => {
    if (isWriteMethod(config.method)) {
      const headers = AxiosHeaders.from(config.headers);
      // A retry passes through here again with the same config: keep its key.
      if (!headers.has(IDEMPOTENCY_HEADER)) headers.set(IDEMPOTENCY_HEADER, newIdempotencyKey());
      config.headers = headers;
      await ensureXsrf();
    }
    return config;
  });

  axiosRetry(instance, {
    retries: 1,
    retryCondition: shouldRetry,
    retryDelay: (_count, error) => Math.max(retryDelayMs, Math.min(retryAfter(error), 5000)),
    shouldResetTimeout: true,
  });

  instance.interceptors.response.use(undefined, (error: unknown) => {
    throw applyErrorCatalogue(error, effects);
  });
  return instance;
}

/** The one instance of the browser. */
export const api = createApiClient();

export function unwrap<T>(response: AxiosResponse<Envelope<T>>): T {
  return response.data.data;
}
