'use client';

import { createContext, useEffect, type ReactNode } from 'react';
import { loadRecaptcha } from '@/lib/captcha/recaptcha';
import { usePublicConfig } from './public-config-context';

let missingKeyReported = false;

export const MISSING_CAPTCHA_KEY_MESSAGE =
  '[captcha] RECAPTCHA_SITE_KEY is not configured: captcha is disabled and calls carry no captcha token.';

/** The site key of the enclosing <CaptchaProvider> ('' when captcha is off); null outside any provider. */
export const CaptchaContext = createContext<string | null>(null);

/**
 * For tests.
 * @testSeam
 */
export function resetCaptchaWarning() {
  missingKeyReported = false;
}

/**
 * reCAPTCHA v3 (SPEC §5) around the protected forms of a page: wrap the form (not the app), so the Google
 * script loads only where it is needed; it starts loading when the form mounts, so the first submit does not
 * wait for it. Without a site key (or with CAPTCHA_ENABLED=false) an error is logged once and captcha stays
 * off (`useCaptchaToken` then answers ''). The badge is hidden; <CaptchaNotice /> near the form says it instead.
 */
export function CaptchaProvider({ children }: { children: ReactNode }) {
  const { recaptchaSiteKey } = usePublicConfig();

  useEffect(() => {
    if (recaptchaSiteKey) {
      loadRecaptcha(recaptchaSiteKey).catch(() => {
        /* retried when a token is asked for */
      });
    } else if (!missingKeyReported) {
      missingKeyReported = true;
      console.error(MISSING_CAPTCHA_KEY_MESSAGE);
    }
  }, [recaptchaSiteKey]);

  return (
    <CaptchaContext value={recaptchaSiteKey}>
      {/* Google allows hiding the badge when the notice is shown next to the form. */}
      {recaptchaSiteKey ? <style>{'.grecaptcha-badge{visibility:hidden!important}'}</style> : null}
      {children}
    </CaptchaContext>
  );
}
