/**
 * One error type for every failed call, in the browser (lib/api/client.ts) and on the server
 * (lib/api/server.ts). Built from the backend's error body `{error: {code, message, pretty_message}}`.
 */
export type FieldErrors = Record<string, string[]>;

export type ApiErrorInit = {
  code: string;
  status: number;
  message: string;
  prettyMessage?: string | null;
  fieldErrors?: FieldErrors;
  /** X-Request-Id of the failed call: the reference code the error box shows (support finds the call by it). */
  requestId?: string | null;
};

/** Romanian fallback when the backend sends no pretty_message (network failure, proxy error …). */
export const GENERIC_ERROR_MESSAGE = 'A apărut o eroare. Vă rugăm să încercați din nou.';

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly prettyMessage: string;
  readonly fieldErrors: FieldErrors;
  readonly requestId: string | null;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.prettyMessage = init.prettyMessage || GENERIC_ERROR_MESSAGE;
    this.fieldErrors = init.fieldErrors ?? {};
    this.requestId = init.requestId ?? null;
  }

  /** First message of one field (dotted path for nested fields), if the 422 carried one. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * The backend's 403 for a session that passed the password but not the second factor yet
 * (backend/README.md "Two-factor enforcement"): the answer is the two-factor check, never a logout.
 */
export const TWO_FACTOR_REQUIRED_CODE = 'two_factor_required';

export function isTwoFactorRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === TWO_FACTOR_REQUIRED_CODE;
}

/**
 * The backend's 403 for a session of an account that must have two-factor (`is_two_factor_required`) and has not set
 * it up (backend/README.md "Two-factor enforcement"; SPEC §4): the answer is the setup page, never a logout.
 */
export const TWO_FACTOR_SETUP_REQUIRED_CODE = 'two_factor_setup_required';

export function isTwoFactorSetupRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === TWO_FACTOR_SETUP_REQUIRED_CODE;
}

/**
 * The backend's 403 when turning two-factor on for the first time in a session signed in too long ago
 * (backend/README.md "Two-factor"): the session stays; the setup page offers to sign in again.
 */
export const RECENT_SIGN_IN_REQUIRED_CODE = 'recent_sign_in_required';

export function isRecentSignInRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === RECENT_SIGN_IN_REQUIRED_CODE;
}

/** The maintenance error's code is the number 503 (SPEC §8 "error code 503"); normalised to the string '503'. */
export const MAINTENANCE_CODE = '503';

/**
 * A 422's message is a JSON string holding field → messages (SPEC §8). Anything else yields {}.
 */
export function parseFieldErrors(message: unknown): FieldErrors {
  if (typeof message !== 'string' || !message.startsWith('{')) return {};
  try {
    const parsed: unknown = JSON.parse(message);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const result: FieldErrors = {};
    for (const [field, value] of Object.entries(parsed as Record<string, unknown>)) {
      const list = Array.isArray(value) ? value : [value];
      const messages = list.filter((m): m is string => typeof m === 'string' && m.length > 0);
      if (messages.length > 0) result[field] = messages;
    }
    return result;
  } catch {
    return {};
  }
}

type ErrorBody = { error?: { code?: unknown; message?: unknown; pretty_message?: unknown } };

/** Normalises an HTTP status and (possibly absent or non-JSON) body into an ApiError. */
export function apiErrorFromResponse(status: number, body: unknown, requestId?: string | null): ApiError {
  const error = (body && typeof body === 'object' ? (body as ErrorBody).error : undefined) ?? {};
  const rawCode = error.code;
  const code =
    typeof rawCode === 'string' || typeof rawCode === 'number' ? String(rawCode) : status === 0 ? 'network_error' : `http_${status}`;
  const message = typeof error.message === 'string' ? error.message : `HTTP ${status}`;
  let prettyMessage = typeof error.pretty_message === 'string' ? error.pretty_message : null;
  // A server-side failure names the call, so that support can find it in the logs of both servers.
  if (status >= 500 && requestId) prettyMessage = `${prettyMessage ?? GENERIC_ERROR_MESSAGE} Cod de referință: ${requestId}.`;
  const fieldErrors = status === 422 ? parseFieldErrors(error.message) : {};
  return new ApiError({ code, status, message, prettyMessage, fieldErrors, requestId });
}

/** The reference code of a failure for the error box: its request id, when it has one. */
export function referenceCodeOf(error: unknown): string | null {
  return error instanceof ApiError ? error.requestId : null;
}

/** First message of each field, in the order the backend sent them (the 422 toasts of SPEC §8). */
export function firstFieldMessages(fieldErrors: FieldErrors): string[] {
  return Object.values(fieldErrors)
    .map((messages) => messages[0])
    .filter((m): m is string => Boolean(m));
}
