'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import { sendCookieConsent } from '@/lib/api/system';
import type { CookieConsentChoice } from '@/lib/api/types';
import { useStoresHydrated } from '@/stores/hydration';
import { useSystemStore } from '@/stores/system-store';

/**
 * Cookie consent (SPEC §1, §7): "Acceptă toate" / "Doar esențiale". The choice is kept in systemStore
 * (isCookieConsentAccepted) and sent to POST /api/v1/cookie-consents (the BFF adds bearer and client IP).
 * A non-modal region at the bottom; the page reserves its height so nothing stays hidden under it on phones.
 */
export function CookieConsentBanner() {
  const hydrated = useStoresHydrated();
  const accepted = useSystemStore((s) => s.isCookieConsentAccepted);
  const setCookieConsent = useSystemStore((s) => s.setCookieConsent);
  const [sending, setSending] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  const visible = hydrated && accepted === null;

  useEffect(() => {
    const element = ref.current;
    if (!visible || !element) return;
    const body = document.body;
    const previous = body.style.paddingBottom;
    const reserve = () => {
      body.style.paddingBottom = `${element.offsetHeight}px`;
    };
    reserve();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(reserve) : null;
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = previous;
    };
  }, [visible]);

  if (!visible) return null;

  const choose = async (choice: CookieConsentChoice) => {
    setSending(true);
    try {
      await sendCookieConsent(choice, '');
    } catch {
      /* the choice still holds in this browser; errors were handled by the API client */
    } finally {
      setCookieConsent(choice === 'all');
      setSending(false);
    }
  };

  return (
    <section
      ref={ref}
      aria-labelledby={titleId}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-border bg-surface shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-6">
        <div className="text-sm">
          <h2 id={titleId} className="font-semibold">
            Folosim cookie-uri
          </h2>
          <p>
            Cookie-urile esențiale țin site-ul funcțional. Cu acordul dumneavoastră folosim și cookie-uri de
            analiză, ca să îmbunătățim serviciul.{' '}
            <Link href="/info/cookies" className="underline">
              Politica de cookie-uri
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <button type="button" className="btn btn-secondary btn-sm" disabled={sending} onClick={() => void choose('essential')}>
            Doar esențiale
          </button>
          <button type="button" className="btn btn-primary btn-sm" disabled={sending} onClick={() => void choose('all')}>
            Acceptă toate
          </button>
        </div>
      </div>
    </section>
  );
}
