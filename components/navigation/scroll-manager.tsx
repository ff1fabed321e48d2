'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/** The element a URL hash points at (`#contact` or an encoded id), if it exists. */
export function hashTarget(hash: string): HTMLElement | null {
  if (!hash || hash === '#') return null;
  const raw = hash.slice(1);
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // Keep the raw id when it is not valid percent-encoding.
  }
  return document.getElementById(id) ?? document.getElementsByName(id)[0] ?? null;
}

/**
 * SPEC §2: navigation scrolls to the top, or to the hash target when the URL has a hash.
 * Next.js scrolls to the top on route changes; this fills the gaps: after a client navigation to a
 * URL with a hash the target may render a moment later, and on a hard load the target can appear
 * after hydration. Focus moves to the target so keyboard and screen-reader users land there too.
 */
export function ScrollManager() {
  const pathname = usePathname();
  const firstRender = useRef(true);
  const historyNavigation = useRef(false);

  useEffect(() => {
    // Back/forward: the browser and Next.js restore the previous position; leave it alone.
    const onPopState = () => {
      historyNavigation.current = true;
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    const initial = firstRender.current;
    firstRender.current = false;
    const fromHistory = historyNavigation.current;
    historyNavigation.current = false;
    const { hash } = window.location;
    if (!hash) {
      // Next.js scrolls the changed segment into view, which stops below the sticky header;
      // the spec wants the top of the page after a navigation.
      if (!initial && !fromHistory) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      return;
    }
    let frame = 0;
    let attempts = 0;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const tryScroll = () => {
      const target = hashTarget(hash);
      if (target) {
        target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
        if (!target.hasAttribute('tabindex') && !target.matches('a,button,input,select,textarea')) {
          target.setAttribute('tabindex', '-1');
        }
        target.focus({ preventScroll: true });
        return;
      }
      // The target may be rendered by a lazily loaded part: look for it for about a second.
      if (attempts++ < 60) frame = window.requestAnimationFrame(tryScroll);
    };
    frame = window.requestAnimationFrame(tryScroll);
    return () => window.cancelAnimationFrame(frame);
  }, [pathname]);

  return null;
}
