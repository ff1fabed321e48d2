'use client';

import { useEffect, type ReactNode } from 'react';
import { GoogleReCaptchaProvider } from 'react-google-recaptcha-v3';
import { usePublicConfig } from './public-config-context';

let missingKeyReported = false;

export const MISSING_CAPTCHA_KEY_MESSAGE =
  '[captcha] RECAPTCHA_SITE_KEY is not configured: captcha is disabled and calls carry no captcha token.';

/** For tests. */
export function resetCaptchaWarning() {
  missingKeyReported = false;
}

/**
 * reCAPTCHA v3 (SPEC §5) around the protected forms of a page: wrap the form (not the app), so the Google
 * script loads only where it is needed. Without a site key an error is logged once and captcha stays off
 * (`useCaptchaToken` then answers ''). The badge is hidden; render <CaptchaNotice /> near the form instead.
 */
export function CaptchaProvider({ children }: { children: ReactNode }) {
  const { recaptchaSiteKey } = usePublicConfig();

  useEffect(() => {
    if (!recaptchaSiteKey && !missingKeyReported) {
      missingKeyReported = true;
      console.error(MISSING_CAPTCHA_KEY_MESSAGE);
    }
  }, [recaptchaSiteKey]);

  if (!recaptchaSiteKey) return <>{children}</>;
  return (
    <GoogleReCaptchaProvider
      reCaptchaKey={recaptchaSiteKey}
      language="ro"
      scriptProps={{ async: true, defer: true, appendTo: 'body' }}
    >
      {/* Google allows hiding the badge when the notice is shown next to the form. */}
      <style>{'.grecaptcha-badge{visibility:hidden!important;right:0!important;bottom:14px!important}'}</style>
      {children}
    </GoogleReCaptchaProvider>
  );
}
