'use client';

import { usePublicConfig } from './public-config-context';

/**
 * The notice Google requires when the reCAPTCHA badge is hidden (SPEC §5); place it near each protected form.
 * Shown only when captcha is on (a site key is configured and captcha is not switched off).
 */
export function CaptchaNotice({ className }: { className?: string }) {
  const { recaptchaSiteKey } = usePublicConfig();
  if (!recaptchaSiteKey) return null;
  return (
    <p className={className ?? 'text-xs text-muted'}>
      Acest site este protejat de reCAPTCHA. Se aplică{' '}
      <a href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer" className="underline">
        Politica de confidențialitate
      </a>{' '}
      și{' '}
      <a href="https://policies.google.com/terms" target="_blank" rel="noopener noreferrer" className="underline">
        Termenii și condițiile
      </a>{' '}
      Google.
    </p>
  );
}
