'use client';

import { useEffect, useState } from 'react';
import { listUserProviders } from '@/lib/api/two-factor';
import type { UserTwoFactorProvider } from '@/contract/types';

/** The provider a check uses: the user's default enabled one, else any enabled one. */
function checkProvider(providers: UserTwoFactorProvider[] | null): UserTwoFactorProvider | null {
  if (!providers) return null;
  return providers.find((p) => p.is_enabled && p.is_default) ?? providers.find((p) => p.is_enabled) ?? null;
}

/**
 * The signed-in user's two-factor provider (see checkProvider), loaded once on mount: `loading` until the list
 * has arrived, then `provider` (null when none is enabled or the list could not be read).
 */
export function useTwoFactorProvider() {
  const [provider, setProvider] = useState<UserTwoFactorProvider | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let cancelled = false;
    void listUserProviders().then((providers) => {
      if (cancelled) return;
      setProvider(checkProvider(providers));
      setLoading(false);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  return { provider, loading, setProvider };
}
