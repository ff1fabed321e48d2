import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { mergeStored } from './stored-state';

/**
 * System settings (SPEC §3), persisted in localStorage under `systemStore`.
 * `skipHydration`: the server HTML never depends on browser storage; the client rehydrates after mount
 * (components/providers/store-hydration.tsx), so there is no hydration mismatch.
 */
export type SystemState = {
  isDarkTheme: boolean;
  isThemeChangedManually: boolean;
  /** null until the visitor answers the cookie banner; true = all cookies, false = essential only. */
  isCookieConsentAccepted: boolean | null;
  clientIp: string | null;
};

type SystemActions = {
  /** Follows the system preference until the user toggles manually. */
  applySystemPreference: (prefersDark: boolean) => void;
  setDarkTheme: (isDark: boolean) => void;
  setCookieConsent: (accepted: boolean) => void;
  setClientIp: (ip: string | null) => void;
};

export const SYSTEM_STORE_KEY = 'systemStore';

export const initialSystemState: SystemState = {
  isDarkTheme: false,
  isThemeChangedManually: false,
  isCookieConsentAccepted: null,
  clientIp: null,
};

export const useSystemStore = create<SystemState & SystemActions>()(
  persist(
    (set, get) => ({
      ...initialSystemState,
      applySystemPreference: (prefersDark) => {
        if (!get().isThemeChangedManually) set({ isDarkTheme: prefersDark });
      },
      setDarkTheme: (isDark) => set({ isDarkTheme: isDark, isThemeChangedManually: true }),
      setCookieConsent: (accepted) => set({ isCookieConsentAccepted: accepted }),
      setClientIp: (ip) => set({ clientIp: ip }),
    }),
    {
      name: SYSTEM_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      partialize: ({ isDarkTheme, isThemeChangedManually, isCookieConsentAccepted, clientIp }) => ({
        isDarkTheme,
        isThemeChangedManually,
        isCookieConsentAccepted,
        clientIp,
      }),
      merge: mergeStored('system', SYSTEM_STORE_KEY, () => localStorage),
    },
  ),
);
