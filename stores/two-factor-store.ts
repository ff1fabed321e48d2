import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { TwoFactorProvider, UserTwoFactorProvider } from '@/contract/types';
import { mergeStored } from './stored-state';

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
      merge: mergeStored('twoFactor', TWO_FACTOR_STORE_KEY, () => sessionStorage),
    },
  ),
);
