import { describe, expect, it } from 'vitest';
import { AUTH_STORE_KEY, useAuthStore } from '@/stores/auth-store';
import { rehydrateStores } from '@/stores/hydration';
import { loadStoredStateChecks } from '@/stores/stored-state';

/**
 * stores/stored-state.ts: the checks of stored state load only when something is stored (a first visit fetches no
 * script for them), and a store rehydrated without them takes nothing from storage.
 */
const user = { id: 3, email: 'ion@example.ro', first_name: 'Ion', last_name: 'Pop', phone_number: '0722123456' };

describe('stored-state checks', () => {
  it('a first visit (nothing stored) loads no checks; a store rehydrated without them takes nothing; with them, the stored state', async () => {
    localStorage.clear();
    sessionStorage.clear();
    await rehydrateStores();

    // Stored after the first visit's rehydration, with a planted action: read without the checks, nothing is taken.
    localStorage.setItem(AUTH_STORE_KEY, JSON.stringify({ state: { authenticated: true, user, clear: 0 }, version: 0 }));
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
    expect(typeof useAuthStore.getState().clear).toBe('function');

    // There is stored state now: the checks load, and the well-formed fields are taken (never the action).
    await loadStoredStateChecks();
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, user });
    expect(typeof useAuthStore.getState().clear).toBe('function');
  });
});
