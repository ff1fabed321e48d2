/**
 * Backend failures seen while rendering, counted process-wide.
 *
 * The web server (server/main.ts) shares a guest page with other guests for a moment only when no backend call
 * failed while it was rendered: a page that shows an error state must never be served from its cache. Both run in
 * the same Node process but are bundled apart, so the counter lives on globalThis under a registered symbol.
 */
const KEY = Symbol.for('broker-web-shop.backend-failures');

type Counter = { count: number };

function counter(): Counter {
  const holder = globalThis as unknown as Record<symbol, Counter | undefined>;
  holder[KEY] ??= { count: 0 };
  return holder[KEY];
}

/** A backend call made for a page failed (unreachable, or answered 5xx). */
export function noteBackendFailure(): void {
  counter().count += 1;
}

/** How many backend failures this process has seen; compare two readings to learn whether one happened between. */
export function backendFailureCount(): number {
  return counter().count;
}
