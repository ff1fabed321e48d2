'use client';

import { useCallback } from 'react';
import { useGoogleReCaptcha } from 'react-google-recaptcha-v3';

/** reCAPTCHA action names allow letters, digits, '_' and '/'. */
export function captchaAction(name: string): string {
  return name.replace(/[^A-Za-z0-9_/]/g, '_') || 'submit';
}

/**
 * A function that returns a fresh captcha token for `action` (or for the action passed to it), or '' when
 * captcha is off (no site key, no <CaptchaProvider>, script not loaded yet or failing). Tokens expire after
 * two minutes: ask for one right before each submit.
 *
 *   const getCaptchaToken = useCaptchaToken('login');
 *   await login({ email, password, token: await getCaptchaToken() });
 */
export function useCaptchaToken(action: string): (overrideAction?: string) => Promise<string> {
  const { executeRecaptcha } = useGoogleReCaptcha();
  return useCallback(
    async (overrideAction?: string) => {
      if (!executeRecaptcha) return '';
      try {
        return await executeRecaptcha(captchaAction(overrideAction ?? action));
      } catch {
        return '';
      }
    },
    [executeRecaptcha, action],
  );
}
