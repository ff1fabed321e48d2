import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { TWO_FACTOR_PROVIDER_CODES, type TwoFactorProvider, type UserTwoFactorProvider } from '@/contract/types';
import { isBoolean, isRecord, isString, orNull, readPersisted, when, type FieldChecks } from './persisted-fields';

/** Two-factor state (SPEC §3), sessionStorage `twoFactorStore`: providers, userProvider, isTwoFactorAuthRequired. */
export type TwoFactorStoreState = {
  providers: TwoFactorProvider[];
  /** The current user's default enabled provider, if any. */
  userProvider: UserTwoFactorProvider | null;
  isTwoFactorAuthRequired: boolean;
};

type TwoFactorActions = {
  setProviders: (providers: TwoFactorProvider[]) => void;
  setUserProvider: (provider: UserTwoFactorProvider | null) => void;
  setRequired: (required: boolean) => void;
  clear: () => void;
};

export const TWO_FACTOR_STORE_KEY = 'twoFactorStore';

export const initialTwoFactorState: TwoFactorStoreState = {
  providers: [],
  userProvider: null,
  isTwoFactorAuthRequired: false,
};

function isProviderCode(value: unknown): boolean {
  return (TWO_FACTOR_PROVIDER_CODES as readonly unknown[]).includes(value);
}

function isProvider(value: unknown): value is TwoFactorProvider {
  return isRecord(value) && isProviderCode(value.code) && isString(value.name) && (value.description == null || isString(value.description));
}

function isUserProvider(value: unknown): value is UserTwoFactorProvider {
  return isRecord(value) && isProviderCode(value.code) && isString(value.name) && isBoolean(value.is_enabled) && isBoolean(value.is_default);
}

/** The fields rehydration takes from sessionStorage, each only with its shape (stores/persisted-fields.ts). */
const STORED_FIELDS: FieldChecks<TwoFactorStoreState> = {
  providers: (value) => (Array.isArray(value) ? value.filter(isProvider) : undefined),
  userProvider: orNull(when(isUserProvider)),
  isTwoFactorAuthRequired: when(isBoolean),
};

export const useTwoFactorStore = create<TwoFactorStoreState & TwoFactorActions>()(
  persist(
    (set) => ({
      ...initialTwoFactorState,
      setProviders: (providers) => set({ providers }),
      setUserProvider: (userProvider) => set({ userProvider }),
      setRequired: (isTwoFactorAuthRequired) => set({ isTwoFactorAuthRequired }),
      clear: () => set({ ...initialTwoFactorState }),
    }),
    {
      name: TWO_FACTOR_STORE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      skipHydration: true,
      partialize: ({ providers, userProvider, isTwoFactorAuthRequired }) => ({
        providers,
        userProvider,
        isTwoFactorAuthRequired,
      }),
      merge: (stored, current) => ({ ...current, ...readPersisted(stored, STORED_FIELDS) }),
    },
  ),
);
