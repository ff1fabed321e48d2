/**
 * Pages whose documents no cache may keep: every account page (personal data; /account/2fa shows the authenticator
 * key and the recovery codes once) and the sign-in page (a mailed set-password or reset link brings its token there).
 * proxy.ts answers them with `Cache-Control: no-store`, which also keeps them out of Chromium's back/forward cache.
 * Next.js sends no-store on every rendered page already (the per-request nonce makes each page dynamic); saying it
 * here keeps it so for these pages even if the others become cacheable. What a browser keeps anyway (Safari's
 * back/forward cache may) is forgotten by the page itself (components/auth/use-forget-on-leave.ts).
 */
export const NO_STORE = 'no-store';

export function isNoStorePage(pathname: string): boolean {
  return pathname === '/authenticate' || pathname === '/account' || pathname.startsWith('/account/');
}
