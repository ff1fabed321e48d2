'use client';

import { useEffect } from 'react';
import { rehydrateStores } from '@/stores/hydration';
import { useAuthStore } from '@/stores/auth-store';
import { useSystemStore } from '@/stores/system-store';
import { useTwoFactorStore } from '@/stores/two-factor-store';

/**
 * Rehydrates every persisted store once after mount (they all use skipHydration: the server HTML and the first
 * client render never depend on browser storage, so no hydration mismatch), then reconciles them with the
 * server's view: a stored user without a session cookie is dropped (with the purchase drafts of that session); with a session the user is re-read;
 * clientIp comes from the server.
 */
/** One user request per hydration, also under React's strict-mode double effects. */
const userRequested = new WeakSet<Promise<void>>();

export function StoreHydration({ signedIn, clientIp }: { signedIn: boolean; clientIp?: string | null }) {
  useEffect(() => {
    const hydration = rehydrateStores(() => {
      if (clientIp) useSystemStore.getState().setClientIp(clientIp);
      if (!signedIn && useAuthStore.getState().authenticated) {
        useAuthStore.getState().clear();
        useTwoFactorStore.getState().clear();
        // The session ended without this tab (cookie expired): that customer's purchase drafts go too. Loaded only
        // here, so the module stays out of the pages that do not need it.
        void import('@/lib/shop/draft-store').then(({ clearAllDrafts }) => clearAllDrafts()).catch(() => {});
      }
    });
    void hydration.then(() => {
      if (signedIn && !userRequested.has(hydration)) {
        userRequested.add(hydration);
        // Loaded only for a session (a guest's first load does not carry the sign-in module and its API calls).
        import('@/lib/session/sign-in')
          .then(({ refreshUser }) => refreshUser())
          .catch(() => {
          /* a 401 is handled by the error catalogue; other failures keep the stored user */
        });
      }
    });
    // Once per page load: the props are the server's view at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
