'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { sendAnalyticsEvent } from '@/lib/api/system';
import { useStoresHydrated } from '@/stores/hydration';
import { useSystemStore } from '@/stores/system-store';

/** SPEC §2: a page view per navigation, only when analytics is enabled and the visitor accepted all cookies. */
export function AnalyticsTracker({ enabled, domain }: { enabled: boolean; domain: string }) {
  const pathname = usePathname();
  const hydrated = useStoresHydrated();
  const consent = useSystemStore((s) => s.isCookieConsentAccepted);

  useEffect(() => {
    if (!enabled || !hydrated || consent !== true) return;
    sendAnalyticsEvent({
      name: 'pageview',
      url: window.location.href,
      domain,
      referrer: document.referrer || null,
    }).catch(() => {
      /* analytics never disturbs the visitor */
    });
  }, [enabled, hydrated, consent, domain, pathname]);
  return null;
}
