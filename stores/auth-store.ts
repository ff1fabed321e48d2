import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { User } from '@/contract/types';
import { isBoolean, isNumber, isRecord, isString } from './persisted-fields';

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

const USER_TEXT_FIELDS = ['email', 'first_name', 'last_name', 'phone_number', 'created_at'] as const;
const USER_FLAGS = ['is_two_factor_enabled', 'is_two_factor_required', 'is_deleted'] as const;

/** A stored user the UI can render: an id, an email, text where it shows text, booleans for the flags. */
function storedUser(value: unknown): User | null {
  if (!isRecord(value) || !isNumber(value.id) || !isString(value.email)) return null;
  if (!USER_TEXT_FIELDS.every((field) => value[field] == null || isString(value[field]))) return null;
  if (!USER_FLAGS.every((field) => value[field] === undefined || isBoolean(value[field]))) return null;
  return value as User;
}

/**
 * What rehydration takes from localStorage (stores/persisted-fields.ts): a well-formed user, and `authenticated` only
 * together with one. Nothing else, so a hand-edited entry cannot replace the actions. The server's view decides
 * after that (components/providers/store-hydration.tsx drops a stored user without a session cookie).
 */
export function mergeStoredAuth(stored: unknown, current: AuthState & AuthActions): AuthState & AuthActions {
  const user = isRecord(stored) ? storedUser(stored.user) : null;
  return { ...current, user, authenticated: user !== null && isRecord(stored) && stored.authenticated === true };
}

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
      merge: mergeStoredAuth,
    },
  ),
);
