/**
 * SPEC §4 deploy guard: a failed chunk load reloads the page, at most once per path per 10 seconds
 * (the guard lives in sessionStorage so that it survives the reload itself).
 */
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_KEY = 'bs:chunk-reload';

export function isChunkLoadError(reason: unknown): boolean {
  if (!reason) return false;
  const name = typeof reason === 'object' && 'name' in reason ? String((reason as { name: unknown }).name) : '';
  const message =
    typeof reason === 'string' ? reason : typeof reason === 'object' && 'message' in reason ? String((reason as { message: unknown }).message) : '';
  return (
    name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [\w-]+ failed/i.test(message) ||
    /Failed to fetch dynamically imported module/i.test(message) ||
    /error loading dynamically imported module/i.test(message) ||
    /Importing a module script failed/i.test(message)
  );
}

/** True (and records it) when this path may reload now; false within 10 s of the last reload for it. */
export function claimChunkReload(path: string, now = Date.now(), storage: Storage = sessionStorage): boolean {
  let guards: Record<string, number> = {};
  try {
    guards = JSON.parse(storage.getItem(RELOAD_GUARD_KEY) ?? '{}') as Record<string, number>;
  } catch {
    guards = {};
  }
  const last = guards[path];
  if (typeof last === 'number' && now - last < RELOAD_GUARD_MS && now >= last) return false;
  guards[path] = now;
  try {
    storage.setItem(RELOAD_GUARD_KEY, JSON.stringify(guards));
  } catch {
    return false; // without a guard we could loop: do not reload
  }
  return true;
}
