/** Motion constants of SPEC §9 (the AOS library's values). */
export const MOTION = {
  /** Default transition for interactive elements. */
  transitionMs: 250,
  easing: 'ease-in-out',
  /** Scroll reveal: start when the element is this many pixels inside the viewport. */
  revealOffsetPx: 120,
  revealDurationMs: 400,
  /** AOS scroll/resize timings; the IntersectionObserver needs no scroll handler, these bound the fallback. */
  scrollThrottleMs: 99,
  scrollDebounceMs: 50,
  resizeRefreshMs: 50,
} as const;
