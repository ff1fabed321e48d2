'use client';

import { useEffect, useRef, useState } from 'react';
import { CONSENT_PENDING_ATTRIBUTE } from '@/components/layout/consent-pending';
import { usePublicConfig } from '@/components/providers/public-config-context';
import { sendCookieConsent } from '@/lib/api/system';
import type { CookieConsentChoice as Choice } from '@/contract/types';
import { useStoresHydrated } from '@/stores/hydration';
import { useSystemStore } from '@/stores/system-store';

/**
 * The cookie banner's buttons (components/layout/cookie-consent-banner.tsx holds its markup). The choice is kept in
 * systemStore (isCookieConsentAccepted) and sent to POST /api/v1/cookie-consents (the BFF adds bearer and client
 * IP). Before the stores hydrate, the server's markup and the pre-paint script decide whether the banner shows;
 * afterwards the stored choice does: while none is stored, `data-consent-pending` stays on <html>, and a choice
 * removes it, which hides the banner (globals.css).
 */
export function CookieConsentChoice() {
  const hydrated = useStoresHydrated();
  const accepted = useSystemStore((s) => s.isCookieConsentAccepted);
  const setCookieConsent = useSystemStore((s) => s.setCookieConsent);
  const { recaptchaSiteKey } = usePublicConfig();
  const [sending, setSending] = useState(false);
  const buttonsRef = useRef<HTMLDivElement>(null);
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
    const region = buttonsRef.current?.closest<HTMLElement>('[data-cookie-banner]');
    if (!visible || !region || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--cookie-banner-height', `${region.offsetHeight}px`));
    observer.observe(region);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-banner-height');
    };
  }, [visible]);

  const choose = async (choice: Choice) => {
    if (sending) return;
    // The banner goes away with the button that has focus: keyboard users then continue at the page's content.
    const hadFocus = buttonsRef.current?.contains(document.activeElement) ?? false;
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
    <div ref={buttonsRef} className="flex shrink-0 gap-2">
      <button type="button" className="btn btn-secondary btn-sm" aria-disabled={sending || undefined} onClick={() => void choose('essential')}>
        Doar esențiale
      </button>
      <button type="button" className="btn btn-primary btn-sm" aria-disabled={sending || undefined} onClick={() => void choose('all')}>
        Acceptați toate
      </button>
    </div>
  );
}
