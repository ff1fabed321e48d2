/**
 * Partner variants of SPEC §2: `/travel-:partner_code?` and `/rca-:partner_code?/:registration_plate?/:vin?`
 * are served by the base pages; the browser keeps the URL it typed.
 */
export const PARTNER_CODE_PATTERN = /^[a-z0-9][a-z0-9_-]{0,39}$/i;

export type PartnerRewrite = { pathname: string; partnerCode: string | null };

const PARTNER_ROUTE = /^\/(rca|travel)-([^/]*)(\/.*)?$/;

/** The base path and partner code for a partner route; null when the path is not one (or the code is malformed). */
export function matchPartnerRoute(pathname: string): PartnerRewrite | null {
  const match = PARTNER_ROUTE.exec(pathname);
  if (!match) return null;
  const [, base, rawCode, rest = ''] = match;
  if (base === 'travel' && rest !== '' && rest !== '/') return null;
  let code: string;
  try {
    code = decodeURIComponent(rawCode);
  } catch {
    return null;
  }
  if (code === '') return { pathname: `/${base}${rest}`, partnerCode: null };
  if (!PARTNER_CODE_PATTERN.test(code)) return null;
  return { pathname: `/${base}${rest}`, partnerCode: code.toLowerCase() };
}

const PRODUCT_ROUTE = /^\/(?:rca|travel|house|tire|michelin-tiresecureplus|rovinieta|vigneta-ungaria)(?:\/|$)/;

/**
 * A plain product page (`/rca/…`, `/travel`, `/house`, `/tire`, `/michelin-tiresecureplus`, the vignettes
 * `/rovinieta` and `/vigneta-ungaria`): the broker's own shop.
 */
export function isProductRoute(pathname: string): boolean {
  return PRODUCT_ROUTE.test(pathname);
}
