import { create } from 'zustand';
import { useSystemStore } from './system-store';
import { useAuthStore } from './auth-store';
import { useProductStore } from './product-store';
import { useTwoFactorStore } from './two-factor-store';
import { loadStoredStateChecks } from './stored-state';

/**
 * All persisted stores use `skipHydration`: server HTML and the first client render use the initial state,
 * then <StoreHydration /> calls `rehydrateStores()` after mount. Components that render persisted values
 * read `useStoresHydrated()` first to avoid a flash of defaults.
 */
export const useHydrationStore = create<{ hydrated: boolean }>(() => ({ hydrated: false }));

let hydrating: Promise<void> | null = null;

/** `reconcile` runs after the stores are read and before components see `hydrated` (e.g. drop a stale user). */
export function rehydrateStores(reconcile?: () => void): Promise<void> {
  // The checks of what each store takes from storage load first (stores/stored-state.ts).
  hydrating ??= loadStoredStateChecks()
    .then(() =>
      Promise.all([
        useSystemStore.persist.rehydrate(),
        useAuthStore.persist.rehydrate(),
        useProductStore.persist.rehydrate(),
        useTwoFactorStore.persist.rehydrate(),
      ]),
    )
    .then(() => {
      reconcile?.();
      useHydrationStore.setState({ hydrated: true });
    });
  return hydrating;
}

/**
 * For tests.
 * @testSeam
 */
export function resetHydration() {
  hydrating = null;
  useHydrationStore.setState({ hydrated: false });
}

export function useStoresHydrated(): boolean {
  return useHydrationStore((s) => s.hydrated);
}
