/**
 * What the BFF forwards (issue 13): an explicit list of method + path, derived from the calls `lib/api/*` and
 * the pages make. Anything else (the processor's IPN, `/admin`, `/dev`, a typo, a dot segment) is answered
 * 404 by the BFF without contacting the backend. A new call in `lib/api/*` needs its line here
 * (tests/bff-allowlist.test.ts checks that every path named there is listed).
 *
 * Paths are relative to `/api/v1/`; `:id` is one segment of letters, digits, `_` and `-` (ids, uuids, slugs,
 * product codes), never a dot segment or an encoded slash.
 */
const ROUTES: ReadonlyArray<readonly [method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string]> = [
  // Site, content and products
  ['GET', 'maintenances/status'],
  ['GET', 'products'],
  ['GET', 'products/:id'],
  ['GET', 'faq'],
  ['GET', 'info-pages'],
  ['GET', 'info-pages/:id'],
  ['GET', 'insurers'],
  ['POST', 'contact-messages'],
  ['POST', 'cookie-consents'],
  // Authentication
  ['GET', 'auth/user'],
  ['POST', 'auth/login'],
  ['POST', 'auth/logout'],
  ['POST', 'auth/register'],
  ['POST', 'auth/social/authentications/google'],
  ['POST', 'auth/generate-reset-token'],
  ['POST', 'auth/reset-password'],
  ['POST', 'auth/change-password'],
  ['POST', 'users/email-existence-check'],
  ['POST', 'users/store-from-product-page'],
  // Two-factor authentication
  ['GET', 'auth/two-factor/generate-qr-code'],
  ['POST', 'auth/two-factor/verify-code'],
  ['POST', 'auth/two-factor/check-active-session'],
  ['POST', 'auth/two-factor/remove'],
  ['POST', 'auth/two-factor/generate-code'],
  ['GET', 'two-factor-auth-providers'],
  ['GET', 'two-factor-auth-providers/user'],
  // Purchase
  ['GET', 'vehicles/lookup'],
  // Company buyers: the name of a CUI from the company register.
  ['GET', 'companies/:id'],
  ['POST', 'quotes'],
  ['POST', 'orders'],
  ['GET', 'orders'],
  ['GET', 'orders/:id'],
  ['POST', 'orders/:id/payments'],
  // The invoice PDF of a paid order (owner only; the backend answers 404 otherwise).
  ['GET', 'orders/:id/invoice'],
  // Account
  ['GET', 'policies'],
  ['GET', 'policies/:id'],
  ['GET', 'policies/:id/document'],
  ['GET', 'profile'],
  ['PUT', 'profile'],
  ['GET', 'preferences'],
  ['PUT', 'preferences'],
  ['GET', 'sessions'],
  ['POST', 'sessions/revoke-others'],
  ['DELETE', 'sessions/:id'],
];

const SEGMENT = '[A-Za-z0-9][A-Za-z0-9_-]{0,99}';

const MATCHERS: ReadonlyArray<{ method: string; pattern: RegExp }> = ROUTES.map(([method, path]) => ({
  method,
  pattern: new RegExp(`^${path.split('/').map((s) => (s === ':id' ? SEGMENT : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`),
}));

/** True when the BFF may forward `method` on `/api/v1/{path}` (HEAD follows GET). */
export function isForwardable(method: string, path: string): boolean {
  const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  return MATCHERS.some((r) => r.method === m && r.pattern.test(path));
}

/**
 * Calls that take the access token in the `?token=` query (lib/bff/forward.ts puts it there; the web server's
 * read path leaves them to it).
 */
export const QUERY_TOKEN_PATHS: ReadonlySet<string> = new Set(['auth/two-factor/generate-qr-code', 'two-factor-auth-providers/user']);

/** The browser's request headers the BFF passes on (never its cookies or forged internal headers). */
export const FORWARDED_REQUEST_HEADERS = ['accept', 'accept-language', 'content-type', 'idempotency-key', 'user-agent'] as const;

/** The backend's response headers the BFF passes back. */
export const FORWARDED_RESPONSE_HEADERS = [
  'content-type',
  'content-disposition',
  'cache-control',
  'retry-after',
  'etag',
  'last-modified',
  'x-site-product-statuses',
] as const;
