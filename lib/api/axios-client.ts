/**
 * The axios side of the browser's API client (lib/api/client.ts explains the rules). Loaded on the first
 * call through `api`, so axios and axios-retry stay out of every page's first-load JavaScript.
 */
import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import axiosRetry, { retryAfter } from 'axios-retry';
import {
  ApiError,
  MAINTENANCE_CODE,
  apiErrorFromResponse,
  firstFieldMessages,
  isApiError,
  isRecentSignInRequired,
  isTwoFactorRequired,
  isTwoFactorSetupRequired,
} from './errors';
import { browserEffects, notifyResponseListeners, type CatalogueEffects } from './client';
import { ensureXsrfCookie, XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from './xsrf';
import { REQUEST_ID_HEADER } from '@/lib/net/request-id';

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
export const WRITE_METHODS: ReadonlySet<string> = new Set(['post', 'put', 'patch', 'delete']);
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** The BFF answers within BACKEND_TIMEOUT_MS (10 s by default); the browser gives up a little later. */
export const BROWSER_TIMEOUT_MS = 15_000;
const TIMEOUT_MESSAGE = 'Serverul nu a răspuns la timp. Verificați conexiunea și încercați din nou.';

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

/** The longest Retry-After the one retry waits for. */
export const MAX_RETRY_WAIT_MS = 5000;

export function shouldRetry(error: AxiosError): boolean {
  const status = error.response?.status;
  if (!isWriteMethod(error.config?.method) || status === undefined || !RETRY_STATUSES.has(status)) return false;
  // A 429 or 503 that asks for a longer wait (a sign-in throttle, a two-factor lock, the backend's bound on stored
  // quotes, a full disk) would only be refused again: its message is shown at once instead.
  return !((status === 429 || status === 503) && retryAfter(error) > MAX_RETRY_WAIT_MS);
}

/** A form that shows a 422's messages on its own fields asked for no toast of them (lib/api/client.ts). */
function showsFieldErrorsInline(error: unknown): boolean {
  return axios.isAxiosError(error) && (error.config as { fieldErrorsInline?: boolean } | undefined)?.fieldErrorsInline === true;
}

/** Turns any failure into an ApiError and applies SPEC §8's catalogue once. */
export function applyErrorCatalogue(error: unknown, effects: CatalogueEffects): ApiError {
  // Already handled by the inner chain of a retried request.
  if (isApiError(error)) return error;
  let apiError: ApiError;
  if (axios.isAxiosError(error) && error.response) {
    const requestId = error.response.headers?.[REQUEST_ID_HEADER];
    apiError = apiErrorFromResponse(error.response.status, error.response.data, typeof requestId === 'string' ? requestId : null);
  } else if (axios.isCancel(error)) {
    return new ApiError({ code: 'canceled', status: 0, message: 'Request canceled' });
  } else if (axios.isAxiosError(error) && error.code === AxiosError.ECONNABORTED) {
    apiError = new ApiError({ code: 'timeout', status: 0, message: 'Request timed out', prettyMessage: TIMEOUT_MESSAGE });
  } else {
    apiError = apiErrorFromResponse(0, null);
  }
  if (apiError.code === MAINTENANCE_CODE) {
    effects.goToMaintenance();
  } else if (isTwoFactorRequired(apiError)) {
    // The session owes the second factor: the check page, never a logout (the session is the owner's).
    effects.goToTwoFactorCheck();
  } else if (isTwoFactorSetupRequired(apiError)) {
    // The account must set two-factor up first (SPEC §4): the setup page, never a logout (the session is the owner's).
    effects.goToTwoFactorSetup();
  } else if ((apiError.status === 401 || apiError.status === 403) && apiError.code !== 'csrf_failed' && !isRecentSignInRequired(apiError)) {
    // csrf_failed is the BFF's own refusal of a forged write, not a session problem: no logout for it; nor is
    // recent_sign_in_required (the setup page asks the customer to sign in again).
    effects.logout();
  } else if (apiError.status === 422 && !showsFieldErrorsInline(error)) {
    const messages = firstFieldMessages(apiError.fieldErrors);
    if (messages.length > 0) effects.toastErrors(messages);
  }
  return apiError;
}

/**
 * What one write sends, as text: method, URL and body. Null for a body that cannot be read back as text (a Blob, a
 * stream): such a write always gets a key of its own.
 */
function writeFingerprint(config: InternalAxiosRequestConfig): string | null {
  const body = config.data as unknown;
  let text: string;
  if (body === undefined || body === null) text = '';
  else if (typeof body === 'string') text = body;
  else if (body instanceof URLSearchParams) text = body.toString();
  else if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const entries: string[][] = [];
    for (const [name, value] of body.entries()) {
      if (typeof value !== 'string') return null;
      entries.push([name, value]);
    }
    text = JSON.stringify(entries);
  } else if (Object.getPrototypeOf(body) === Object.prototype || Array.isArray(body)) text = JSON.stringify(body);
  else return null;
  return `${(config.method ?? 'get').toLowerCase()} ${config.url ?? ''}\n${text}`;
}

/** The most writes of a tab whose outcome is unknown at once (the oldest is forgotten beyond it). */
const MAX_UNSETTLED_WRITES = 32;

/**
 * Keys of the writes whose outcome the tab does not know: no answer came (the network dropped it, the browser
 * timed out, the call was cancelled) or a 5xx did. The same write sent again (the customer presses the button once
 * more, the same form) carries the same key, so the backend answers what it did the first time instead of writing
 * twice (a second order, a second message). An answer that settles the write (2xx, 4xx) forgets its key: the same
 * form sent after that is a new intent. The backend keeps a key's answer for 24 hours.
 */
function unsettledWriteKeys() {
  const keys = new Map<string, string>();
  const fingerprints = new WeakMap<InternalAxiosRequestConfig, string>();
  return {
    keyFor(config: InternalAxiosRequestConfig): string {
      const fingerprint = writeFingerprint(config);
      if (fingerprint === null) return newIdempotencyKey();
      fingerprints.set(config, fingerprint);
      const known = keys.get(fingerprint);
      if (known) return known;
      const key = newIdempotencyKey();
      keys.set(fingerprint, key);
      if (keys.size > MAX_UNSETTLED_WRITES) keys.delete(keys.keys().next().value!);
      return key;
    },
    /** The write got an answer: 2xx and 4xx settle it; a 5xx or no answer leaves its outcome unknown. */
    answered(config: InternalAxiosRequestConfig | undefined, status: number | undefined): void {
      const fingerprint = config && fingerprints.get(config);
      if (!fingerprint || status === undefined || status >= 500) return;
      if (keys.get(fingerprint) === AxiosHeaders.from(config.headers).get(IDEMPOTENCY_HEADER)) keys.delete(fingerprint);
    },
  };
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
  const unsettled = unsettledWriteKeys();
  const instance = axios.create({
    baseURL: '',
    timeout: BROWSER_TIMEOUT_MS,
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
      // A retry passes through here again with the same config: keep its key. The same write sent again after no
      // answer gets the key of the first (unsettledWriteKeys).
      if (!headers.has(IDEMPOTENCY_HEADER)) headers.set(IDEMPOTENCY_HEADER, unsettled.keyFor(config));
      config.headers = headers;
      await ensureXsrf();
    }
    return config;
  });

  axiosRetry(instance, {
    retries: 1,
    retryCondition: shouldRetry,
    retryDelay: (_count, error) => Math.max(retryDelayMs, Math.min(retryAfter(error), MAX_RETRY_WAIT_MS)),
    shouldResetTimeout: true,
  });

  instance.interceptors.response.use(
    (response) => {
      unsettled.answered(response.config, response.status);
      notifyResponseListeners(response);
      return response;
    },
    (error: unknown) => {
      if (axios.isAxiosError(error)) unsettled.answered(error.config, error.response?.status);
      throw applyErrorCatalogue(error, effects);
    },
  );
  return instance;
}
