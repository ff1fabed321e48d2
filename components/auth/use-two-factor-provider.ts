'use client';

import { useEffect, useState } from 'react';
import { currentProvider } from '@/lib/api/two-factor';
import type { UserTwoFactorProvider } from '@/contract/types';
import { listUserProviders } from '@/lib/session/two-factor-providers';

/**
 * The signed-in user's two-factor provider (see currentProvider), loaded once on mount: `loading` until the list
 * has arrived, then `provider` (null when none is enabled or the list could not be read).
 */
export function useTwoFactorProvider() {
  const [provider, setProvider] = useState<UserTwoFactorProvider | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    void listUserProviders().then((providers) => {
      if (cancelled) return;
      setProvider(currentProvider(providers));
      setLoading(false);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return { provider, loading, setProvider };
}
