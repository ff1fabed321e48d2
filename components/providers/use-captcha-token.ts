'use client';

import { useCallback, useContext } from 'react';
import { captchaToken } from '@/lib/captcha/recaptcha';
import { CaptchaContext } from './captcha-provider';

/**
 * A function that returns a fresh captcha token for `action` (or for the action passed to it), or '' when
 * captcha is off (no site key, no <CaptchaProvider>) or the script cannot load. It waits for the script when
 * a submit comes before it has loaded. Tokens expire after two minutes: ask for one right before each submit.
 *
 *   const getCaptchaToken = useCaptchaToken('login');
 *   await login({ email, password, token: await getCaptchaToken() });
 */
export function useCaptchaToken(action: string): (overrideAction?: string) => Promise<string> {
  const siteKey = useContext(CaptchaContext);
  return useCallback(
    (overrideAction?: string) => captchaToken(siteKey ?? '', overrideAction ?? action),
    [siteKey, action],
  );
}
