'use client';

import { useCaptchaToken } from '@/components/providers/use-captcha-token';

/**
 * A fresh captcha token for one auth action (`login`, `register`, …), asked right before each call.
 * Empty when captcha is off (no site key), which the backend accepts.
 */
export function useAuthCaptcha(): (action: string) => Promise<string> {
  return useCaptchaToken('auth');
}
