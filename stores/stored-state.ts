/**
 * Rehydration of the persisted stores through the checks of stores/stored-state-checks.ts: only each store's
 * persisted fields, each in its shape, never an action. The checks load with the first rehydration that has stored
 * state to check (`loadStoredStateChecks`, awaited by stores/hydration.ts): a first visit stores nothing yet and
 * loads nothing, and no page carries them in its first load (issue 17's JavaScript budget). A store rehydrated
 * without them takes nothing from storage.
 */
type Merges = typeof import('./stored-state-checks').STORED_STATE_MERGES;

let merges: Merges | null = null;
let loading: Promise<void> | null = null;
/** Where each persisted store keeps its state (registered by `mergeStored` as the stores are created). */
const persisted: { name: string; storage: () => Storage }[] = [];

function hasStoredState(): boolean {
  return persisted.some(({ name, storage }) => {
    try {
      return storage().getItem(name) !== null;
    } catch {
      return false; // storage disabled: nothing to read
    }
  });
}

/** Loads the checks once, when there is stored state; a failed load leaves the stores with what they have. */
export function loadStoredStateChecks(): Promise<void> {
  if (merges || !hasStoredState()) return Promise.resolve();
  loading ??= import('./stored-state-checks').then(
    (m) => void (merges = m.STORED_STATE_MERGES),
    () => {
      loading = null;
    },
  );
  return loading;
}

/** zustand `persist`'s `merge` for the store `key`, which persists under `name` in `storage`. */
export function mergeStored(key: keyof Merges, name: string, storage: () => Storage) {
  persisted.push({ name, storage });
  return <T extends object>(stored: unknown, current: T): T => (merges ? merges[key](stored, current) : current);
}
