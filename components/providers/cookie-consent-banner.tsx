'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState } from 'react';
import { CONSENT_PENDING_ATTRIBUTE } from '@/components/layout/consent-pending';
import { usePublicConfig } from '@/components/providers/public-config-context';
import { sendCookieConsent } from '@/lib/api/system';
import type { CookieConsentChoice } from '@/contract/types';
import { useStoresHydrated } from '@/stores/hydration';
import { useSystemStore } from '@/stores/system-store';

/**
 * Cookie consent (SPEC §1, §7): "Acceptați toate" / "Doar esențiale". The choice is kept in systemStore
 * (isCookieConsentAccepted) and sent to POST /api/v1/cookie-consents (the BFF adds bearer and client IP).
 * A non-modal region at the bottom: the last box of the page, sticky to the bottom of the viewport, so it takes its
 * own room in the layout from the first paint (nothing stays hidden under it on phones, and nothing moves when
 * the page hydrates, as a fixed banner with a measured padding did).
 *
 * It comes first in the document (first Tab stops) and is drawn last by CSS (`order`); while it is open the page's
 * scroll padding keeps focused elements clear of it.
 *
 * Server-rendered for every visitor (a guest's HTML stays the same for all guests) and hidden by CSS unless the
 * pre-paint script in <head> found no stored choice (`data-consent-pending` on <html>, see theme-script.ts): the
 * banner is in the first paint instead of appearing after hydration, and needs no JavaScript to show. Once the
 * stores are hydrated the component follows the store: a choice removes it.
 */
export function CookieConsentBanner() {
  const hydrated = useStoresHydrated();
  const accepted = useSystemStore((s) => s.isCookieConsentAccepted);
  const setCookieConsent = useSystemStore((s) => s.setCookieConsent);
  const { recaptchaSiteKey } = usePublicConfig();
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const regionRef = useRef<HTMLElement>(null);
  // Before hydration the server's markup stays (CSS decides); afterwards the stored choice does.
  const pending = hydrated && accepted === null;
  const visible = !hydrated || pending;

  useEffect(() => {
    if (!pending) return;
    // The pre-paint script could not read the storage (or it was malformed): show the banner now.
    const root = document.documentElement;
    root.setAttribute(CONSENT_PENDING_ATTRIBUTE, '');
    return () => root.removeAttribute(CONSENT_PENDING_ATTRIBUTE);
  }, [pending]);

  useEffect(() => {
    // Keeps --cookie-banner-height (globals.css: scroll-padding-bottom) equal to the banner, so that the browser
    // scrolls a focused element clear of it; the banner is taller on phones, where its buttons wrap.
    const region = regionRef.current;
    if (!visible || !region || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--cookie-banner-height', `${region.offsetHeight}px`));
    observer.observe(region);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-banner-height');
    };
  }, [visible]);

  if (!visible) return null;

  const choose = async (choice: CookieConsentChoice) => {
    if (sending) return;
    // The banner goes away with the button that has focus: keyboard users then continue at the page's content.
    const hadFocus = regionRef.current?.contains(document.activeElement) ?? false;
    setSending(true);
    try {
      // The captcha script loads only now (never with the page: the banner is on every first visit).
      const token = recaptchaSiteKey
        ? await import('@/lib/captcha/recaptcha').then(({ captchaToken }) => captchaToken(recaptchaSiteKey, 'cookie_consent'))
        : '';
      await sendCookieConsent(choice, token);
    } catch {
      /* the choice still holds in this browser; errors were handled by the API client */
    } finally {
      setCookieConsent(choice === 'all');
      setSending(false);
      if (hadFocus) document.getElementById('continut')?.focus({ preventScroll: true });
    }
  };

  return (
    <section
      ref={regionRef}
      aria-labelledby={titleId}
      data-cookie-banner=""
      className="sticky bottom-0 z-50 border-t border-border bg-surface shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-6">
        <div className="text-sm">
          <h2 id={titleId} className="font-semibold">
            Folosim cookie-uri
          </h2>
          <p>
            Cookie-urile esențiale țin site-ul funcțional. Cu acordul dumneavoastră folosim și cookie-uri de
            analiză, ca să îmbunătățim serviciul.{' '}
            {/* Not prefetched while in view: the banner is on every first visit, the policy rarely opened. */}
            <Link href="/info/cookies" prefetch={false} className="underline">
              Politica de cookie-uri
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <button type="button" className="btn btn-secondary btn-sm" aria-disabled={sending || undefined} onClick={() => void choose('essential')}>
            Doar esențiale
          </button>
          <button type="button" className="btn btn-primary btn-sm" aria-disabled={sending || undefined} onClick={() => void choose('all')}>
            Acceptați toate
          </button>
        </div>
      </div>
    </section>
  );
}
