/**
 * Rehydration of the persisted stores through the checks of stores/stored-state-checks.ts: only each store's
 * persisted fields, each in its shape, never an action. The checks load with the first rehydration
 * (`loadStoredStateChecks`, awaited by stores/hydration.ts), so they stay out of every page's first load; a store
 * rehydrated before they are in takes nothing from storage.
 */
type Merges = typeof import('./stored-state-checks').STORED_STATE_MERGES;

let merges: Merges | null = null;
let loading: Promise<void> | null = null;

/** Loads the checks once; a failed load leaves the stores with what they have (nothing is taken from storage). */
export function loadStoredStateChecks(): Promise<void> {
  loading ??= import('./stored-state-checks').then(
    (m) => void (merges = m.STORED_STATE_MERGES),
    () => {
      loading = null;
    },
  );
  return loading;
}

/** zustand `persist`'s `merge` for the store named `key`. */
export function mergeStored(key: keyof Merges) {
  return <T extends object>(stored: unknown, current: T): T => (merges ? merges[key](stored, current) : current);
}
