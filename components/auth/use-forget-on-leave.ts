'use client';

import { useEffect, useEffectEvent } from 'react';
import { flushSync } from 'react-dom';

/**
 * Forgets what a page may show only once (the authenticator key, the recovery codes, typed passwords) when the
 * customer leaves the page, so that nobody at the same computer can bring it back with Back:
 *
 * - `pagehide` with `persisted`: the browser keeps the page in its back/forward cache. `forget` runs and React
 *   commits at once (`flushSync`), so the document that is kept no longer holds the secret.
 * - `pageshow` with `persisted`: the page came back from that cache; `forget` again, for a browser that kept it
 *   without a persisted `pagehide`.
 * - The effect's cleanup: the page is unmounted, or hidden by the client router with its state kept (Next.js keeps
 *   earlier routes in a hidden `<Activity>` when Cache Components are on), so a client-side Back finds it forgotten.
 *
 * A hidden tab (`visibilitychange`) is not leaving: the customer may switch to a password manager to copy the codes.
 * `forget` must leave a state without secrets unchanged (it also runs when the page is hidden with nothing to forget).
 */
export function useForgetOnLeave(forget: () => void): void {
  const forgetNow = useEffectEvent(forget);

  useEffect(() => {
    const onPageHide = (event: PageTransitionEvent) => {
      if (event.persisted) flushSync(forgetNow);
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) forgetNow();
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      forgetNow();
    };
  }, []);
}
