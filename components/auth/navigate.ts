import { safeReturnPath } from '@/lib/session/safe-return-path';

/** Where to go after a successful sign-in or two-factor step: `last_url` when it is a same-origin path, else home. */
export function returnTarget(lastUrl: string | null | undefined, fallback = '/'): string {
  return safeReturnPath(lastUrl ?? '', fallback);
}

/**
 * Leaves the page with a full navigation, so that proxy.ts applies the session's rules (two-factor check)
 * and the server renders the signed-in layout.
 */
export function leaveTo(target: string): void {
  window.location.assign(target);
}
