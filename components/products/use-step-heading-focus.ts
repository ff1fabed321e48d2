'use client';

import { useEffect, useRef, type RefObject } from 'react';

/** Frames to wait for a step that loads on demand (about two seconds at 60 Hz). */
const MAX_FRAMES = 120;

/**
 * After a purchase step changes (not on the first render), moves focus to the new step's heading inside
 * `container`, as the sign-in and two-factor flows do: screen readers read the new step, and the keyboard
 * continues from there instead of from the page's start. Steps loaded on demand render their heading a moment
 * later, so it is looked for frame by frame until it appears.
 */
export function useStepHeadingFocus(step: string, container: RefObject<HTMLElement | null>) {
  const previous = useRef(step);

  useEffect(() => {
    if (previous.current === step) return;
    previous.current = step;
    let frame = 0;
    let frames = 0;
    const focusHeading = () => {
      const heading = container.current?.querySelector<HTMLElement>('h1, h2');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
        return;
      }
      if (frames++ < MAX_FRAMES) frame = window.requestAnimationFrame(focusHeading);
    };
    frame = window.requestAnimationFrame(focusHeading);
    return () => window.cancelAnimationFrame(frame);
  }, [step, container]);
}
