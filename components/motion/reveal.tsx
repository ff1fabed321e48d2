'use client';

import { useEffect, useRef, type ElementType, type ReactNode } from 'react';
import { MOTION } from './motion-constants';

type RevealProps = {
  children: ReactNode;
  as?: ElementType;
  className?: string;
  /** Extra delay in ms (for staggering cards). */
  delay?: number;
};

/**
 * Reveals its content when it scrolls into view (offset 120 px, 400 ms, SPEC §9).
 * The server HTML is fully visible: the hidden state is only added after hydration, only to elements
 * still below the fold, and never when the user prefers reduced motion. Crawlers and visitors
 * without JavaScript always see everything.
 */
export function Reveal({ children, as: Tag = 'div', className, delay = 0 }: RevealProps) {
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const revealLine = () => window.innerHeight - MOTION.revealOffsetPx;
    // Already on screen at hydration: leave it alone (no flicker above the fold).
    if (el.getBoundingClientRect().top < revealLine()) return;

    el.classList.add('reveal-pending');
    let timer = 0;
    const show = () => {
      el.style.transitionDelay = delay ? `${delay}ms` : '';
      el.classList.add('reveal-active', 'reveal-done');
      el.classList.remove('reveal-pending');
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          // A short debounce (AOS: 50 ms) so fast scrolling past many sections stays smooth.
          timer = window.setTimeout(show, MOTION.scrollDebounceMs);
        }
      },
      { rootMargin: `0px 0px -${MOTION.revealOffsetPx}px 0px`, threshold: 0 },
    );
    // Fires the reveal when the element shrinks into view on a resize (AOS refreshes after 50 ms).
    let resizeTimer = 0;
    const onResize = () => {
      window.clearTimeout(resizeTimer);
      resizeTimer = window.setTimeout(() => {
        if (el.getBoundingClientRect().top < revealLine()) {
          observer.disconnect();
          show();
        }
      }, MOTION.resizeRefreshMs);
    };
    observer.observe(el);
    window.addEventListener('resize', onResize);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer);
      window.clearTimeout(resizeTimer);
      el.classList.remove('reveal-pending');
    };
  }, [delay]);

  return (
    <Tag ref={ref} className={className}>
      {children}
    </Tag>
  );
}
