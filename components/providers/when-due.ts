/**
 * When a guest's tab loads what only matters while the page stays open (the realtime connection, the deploy
 * guards): at the visitor's first interaction, or GUEST_DUE_DELAY_MS after the page started, whichever comes first;
 * then once the browser is idle. Never during the page's own start-up: loaded at idle, realtime alone was a third
 * of the JavaScript a guest's home page fetched while loading (issue 17).
 */
const GUEST_DUE_DELAY_MS = 10_000;
/** How long a page may stay busy, once the work is due, before it runs anyway. */
const GUEST_IDLE_TIMEOUT_MS = 3_000;
const INTERACTIONS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'scroll', 'focusin'] as const;

/** Calls `run` once: on the first interaction or after the delay, then when the browser is idle. Returns the cancel. */
export function whenDue(run: () => void): () => void {
  let idleHandle: number | null = null;
  const idle = typeof window.requestIdleCallback === 'function';
  const stopWaiting = () => {
    window.clearTimeout(timer);
    for (const type of INTERACTIONS) window.removeEventListener(type, due, true);
  };
  function due() {
    stopWaiting();
    if (idleHandle !== null) return;
    idleHandle = idle ? window.requestIdleCallback(run, { timeout: GUEST_IDLE_TIMEOUT_MS }) : window.setTimeout(run, 0);
  }
  const timer = window.setTimeout(due, GUEST_DUE_DELAY_MS);
  for (const type of INTERACTIONS) window.addEventListener(type, due, { capture: true, passive: true });
  return () => {
    stopWaiting();
    if (idleHandle === null) return;
    if (idle) window.cancelIdleCallback(idleHandle);
    else window.clearTimeout(idleHandle);
  };
}
