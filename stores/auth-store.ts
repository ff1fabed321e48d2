import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { User } from '@/contract/types';
import { mergeStored } from './stored-state';

/**
 * Session as the browser knows it (SPEC §3, DESIGN.md), localStorage `authStore`: authenticated + user.
 * The access token is NEVER here: it lives in the BFF's httpOnly cookie.
 */
export type AuthState = { authenticated: boolean; user: User | null };

type AuthActions = {
  setUser: (user: User | null) => void;
  clear: () => void;
};

export const AUTH_STORE_KEY = 'authStore';

export const initialAuthState: AuthState = { authenticated: false, user: null };

export const useAuthStore = create<AuthState & AuthActions>()(
  persist(
    (set) => ({
      ...initialAuthState,
      setUser: (user) => set({ authenticated: user !== null, user }),
      clear: () => set({ ...initialAuthState }),
    }),
    {
      name: AUTH_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      partialize: ({ authenticated, user }) => ({ authenticated, user }),
      merge: mergeStored('auth', AUTH_STORE_KEY, () => localStorage),
    },
  ),
);
