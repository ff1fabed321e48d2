'use client';

import { useEffect } from 'react';

/** Opens the <details> a hash points at (or that contains its target) and scrolls to it. */
export function openDetailsForHash(hash: string, root: Document = document): HTMLDetailsElement | null {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (!id) return null;
  const target = root.getElementById(id);
  if (!target) return null;
  const details = target instanceof HTMLDetailsElement ? target : target.closest('details');
  if (!details) return null;
  details.open = true;
  return details;
}

/** Deep links on /faq: `#<question slug>` opens that answer on load and on every hash change. */
export function FaqHashOpener() {
  useEffect(() => {
    const apply = () => {
      const details = openDetailsForHash(window.location.hash);
      if (details) {
        details.scrollIntoView?.({ block: 'start' });
        details.querySelector('summary')?.focus({ preventScroll: true });
      }
    };
    apply();
    window.addEventListener('hashchange', apply);
    return () => window.removeEventListener('hashchange', apply);
  }, []);
  return null;
}
