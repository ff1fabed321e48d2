/**
 * Query parameters that carry a secret of a mailed link: the set-password/reset link (`/authenticate?reset_token=…
 * &email=…`) and an expiry reminder's renewal link (`?reinnoire=<token>`). A page opened from such a link must not
 * hand them on: its Referrer-Policy sends no path or query (proxy.ts, next.config.ts), and analytics never records
 * them (lib/api/system.ts).
 */
export const SECRET_LINK_PARAMS = ['reset_token', 'reinnoire'] as const;

/** Parameters analytics drops from a page address: the secrets, and the email a reset link carries beside its token. */
const UNRECORDED_PARAMS = [...SECRET_LINK_PARAMS, 'email'] as const;

/**
 * The Referrer-Policy of a page opened from a secret link: only the origin, to this site and to others alike
 * (the captcha and Google scripts still see which site calls them), never the address with its token.
 */
export const SECRET_LINK_REFERRER_POLICY = 'strict-origin';

export function hasSecretLinkParams(searchParams: URLSearchParams): boolean {
  return SECRET_LINK_PARAMS.some((name) => searchParams.has(name));
}

/** `address` without the parameters analytics must not record; anything that is not an absolute URL is kept as is. */
export function withoutSecretParams(address: string): string;
export function withoutSecretParams(address: string | null | undefined): string | null | undefined;
export function withoutSecretParams(address: string | null | undefined): string | null | undefined {
  if (!address) return address;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address;
  }
  let changed = false;
  for (const name of UNRECORDED_PARAMS) {
    if (url.searchParams.has(name)) {
      url.searchParams.delete(name);
      changed = true;
    }
  }
  // A redirect keeps the page asked for in a parameter (`/account/2fa-check?last_url=/rca?reinnoire=…` while the second
  // factor is owed, `/maintenance?last_url=/authenticate?reset_token=…`): a relative path's secrets go too.
  for (const [name, value] of [...url.searchParams]) {
    if (!value.startsWith('/') || value.startsWith('//')) continue;
    const inner = new URL(value, url.origin);
    const cleaned = new URL(withoutSecretParams(inner.toString()));
    if (cleaned.toString() === inner.toString()) continue;
    url.searchParams.set(name, `${cleaned.pathname}${cleaned.search}${cleaned.hash}`);
    changed = true;
  }
  return changed ? url.toString() : address;
}

/** Backend paths whose last segment is a mailed link's token (`GET /api/v1/renewals/{token}`). */
const SECRET_PATH = /^(\/api\/v1\/renewals\/)[^/?#]+/;

/** A backend path as logs and error messages may carry it: a token segment named, never written (`…/renewals/:token`). */
export function withoutSecretPathSegments(path: string): string {
  return path.replace(SECRET_PATH, '$1:token');
}
