/**
 * Set on <html> by the pre-paint script (theme-script.ts) while the visitor has not answered the cookie banner.
 * A module of its own so that the banner, in every page's first load, does not carry the script's text.
 */
export const CONSENT_PENDING_ATTRIBUTE = 'data-consent-pending';
