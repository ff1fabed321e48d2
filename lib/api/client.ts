/**
 * The browser's API client (SPEC §7–§9). ONE axios instance, reached through `api`, for every call the browser
 * makes. axios itself (lib/api/axios-client.ts) loads on the first call, so it is not in any first-load bundle.
 *
 * How to add an API module (lib/api/quotes.ts, orders.ts, …):
 *   - one typed function per backend call, named after what it does (`createQuote`, `listOrders`);
 *   - call `api.get/post/put/delete` with the SPEC path (`/api/v1/...`, same origin: the BFF forwards it) and
 *     return `unwrap(response)` — responses are read from `data.data`;
 *   - keep the backend's snake_case field names on the wire; reshape for the UI in the module if useful;
 *   - do not catch errors to show them: every failure arrives as an `ApiError` (lib/api/errors.ts) after the
 *     error catalogue below has run (maintenance redirect, logout on 401/403, 422 toasts). Callers decide
 *     what else to show (`error.prettyMessage`, `error.fieldError('email')`); the maintenance and two-factor
 *     navigations and the logout are the catalogue's, never the caller's.
 *   - writes get an `Idempotency-Key` and one retry automatically; never add your own retry loop.
 *
 * Rules implemented here:
 *   - baseURL '' (the web app's own origin), no timeout, success 200–299, XSRF cookie `XSRF-TOKEN` sent back as
 *     header `X-XSRF-TOKEN` (the BFF checks it on writes).
 *   - axios-retry: POST/PUT/PATCH/DELETE retried once, reads never, only on 408 409 425 429 500 502 503 504.
 *     Every write carries an `Idempotency-Key`; the retry reuses the same config, hence the same key. A 429 or
 *     503 whose Retry-After is longer than 5 s (a sign-in throttle, `quotes_busy`, `storage_unavailable`) is not
 *     retried: its message shows at once.
 *   - Error catalogue (SPEC §8), as a response interceptor registered AFTER axios-retry so that it sees only
 *     the final outcome: error code 503 → /maintenance; 403 `two_factor_required` → /account/2fa-check with
 *     last_url (the session owes the second factor: not a logout); 403 `two_factor_setup_required` → /account/2fa
 *     with last_url (the account must set two-factor up first, SPEC §4: not a logout, no toast); other HTTP 401/403
 *     → logout, alert, /authenticate; 422 → first message of each field as an error toast; then the normalised
 *     ApiError is re-thrown. The two-factor answers are full navigations: proxy.ts re-reads the session's state.
 *     A call made by a form that shows the 422's messages on its own fields passes `FIELD_ERRORS_INLINE`: the
 *     form's message is then the only announcement (no toast saying the same thing a second time).
 *   - Modules here never read or write a store: they return data and throw ApiError. State that follows
 *     every answer (the product statuses header) is fed by a listener that the store's own module registers
 *     with `onApiResponse`; state that follows one call is updated by the hook or use case that made it.
 */
import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { notify } from '@/lib/toast';
import { twoFactorCheckPath, twoFactorSetupPath } from '@/lib/session/two-factor-state';
import { apiErrorFromResponse } from './errors';

export type Envelope<T> = { data: T };

/** Request option of form submits: the form shows a 422's field messages itself, so no 422 toast. */
export const FIELD_ERRORS_INLINE = { fieldErrorsInline: true } as AxiosRequestConfig;

/** Side effects of the error catalogue; injectable so that tests can observe them. */
export type CatalogueEffects = {
  goToMaintenance: () => void;
  /** 403 two_factor_required: the second-factor check, then back here. */
  goToTwoFactorCheck: () => void;
  /** 403 two_factor_setup_required: the two-factor setup (/account/2fa), then back here. */
  goToTwoFactorSetup: () => void;
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
  goToTwoFactorCheck: () => {
    if (typeof window === 'undefined' || window.location.pathname === '/account/2fa-check') return;
    // A full navigation: proxy.ts re-reads the session's two-factor state on the way.
    window.location.assign(twoFactorCheckPath(`${window.location.pathname}${window.location.search}`));
  },
  goToTwoFactorSetup: () => {
    // On the setup page itself the page's own calls are answered; nothing to leave for (and no reload loop).
    if (typeof window === 'undefined' || window.location.pathname === '/account/2fa') return;
    // A full navigation: proxy.ts re-reads the session's two-factor state on the way.
    window.location.assign(twoFactorSetupPath(`${window.location.pathname}${window.location.search}`));
  },
  logout: () => {
    if (sessionRefusedHandler) sessionRefusedHandler();
    // Nothing registered (cannot happen once the app has mounted): at least leave for the sign-in page, by a full
    // navigation so that the proxy re-reads the session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    else if (typeof window !== 'undefined') window.location.assign('/authenticate');
  },
  toastErrors: (messages) => {
    for (const message of messages) void notify.error(message, { toastId: `422:${message}` });
  },
};

let sessionRefusedHandler: (() => void) | null = null;

/**
 * What the error catalogue does when the backend refuses the session (HTTP 401/403 other than two_factor_required,
 * two_factor_setup_required and the BFF's csrf_failed):
 * the session layer registers it (components/providers/app-providers.tsx: lib/session/end-session.ts ends the
 * session in every tab, clears the stores and goes to /authenticate), so this module reaches no store.
 * Returns the unregister.
 */
export function onSessionRefused(handler: () => void): () => void {
  sessionRefusedHandler = handler;
  return () => {
    if (sessionRefusedHandler === handler) sessionRefusedHandler = null;
  };
}

type ResponseListener = (response: AxiosResponse) => void;

const responseListeners = new Set<ResponseListener>();

/**
 * Calls `listener` with every successful answer of the browser's client, before the caller sees it (e.g. the
 * product store reads the statuses header that every products answer carries). Listeners must be idempotent:
 * a retried write's answer passes through the interceptors of both attempts. Returns the unsubscribe.
 */
export function onApiResponse(listener: ResponseListener): () => void {
  responseListeners.add(listener);
  return () => responseListeners.delete(listener);
}

/** Runs the registered listeners; one that throws must not fail the call. */
export function notifyResponseListeners(response: AxiosResponse): void {
  for (const listener of responseListeners) {
    try {
      listener(response);
    } catch (error) {
      console.error('[api] response listener failed', error);
    }
  }
}

let instance: Promise<AxiosInstance> | null = null;

/**
 * The one axios instance of the browser, created on first use. A failed load (offline, or a chunk gone after
 * a deploy) is not cached: the next call tries again; this one fails like a network error.
 */
export function loadApiInstance(): Promise<AxiosInstance> {
  instance ??= import('./axios-client').then(
    ({ createApiClient }) => createApiClient(),
    (error: unknown) => {
      instance = null;
      console.error('[api] could not load the API client', error);
      throw apiErrorFromResponse(0, null);
    },
  );
  return instance;
}

/** `api.get/post/put/patch/delete`: axios's methods, answered by the lazily created instance. */
export const api = {
  get: async <T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadApiInstance()).get<T>(url, config),
  delete: async <T = unknown>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadApiInstance()).delete<T>(url, config),
  post: async <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadApiInstance()).post<T>(url, data, config),
  put: async <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadApiInstance()).put<T>(url, data, config),
  patch: async <T = unknown>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadApiInstance()).patch<T>(url, data, config),
};

export function unwrap<T>(response: AxiosResponse<Envelope<T>>): T {
  return response.data.data;
}
