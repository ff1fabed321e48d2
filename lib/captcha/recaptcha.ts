/**
 * reCAPTCHA v3 in the browser (SPEC §5, §7): the Google script is loaded on demand, once, by the first form
 * that needs it (<CaptchaProvider> preloads it when such a form mounts; the cookie banner asks only on a
 * click), so pages without a protected form never load it. A token is asked right before each call (tokens
 * expire after two minutes); when the script cannot load or answer, the token is '' and the backend refuses
 * the call with its Romanian captcha error.
 */
type Grecaptcha = {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js';
const LOAD_TIMEOUT_MS = 15_000;

let loading: Promise<Grecaptcha> | null = null;

/** reCAPTCHA action names allow letters, digits, '_' and '/'. */
export function captchaAction(name: string): string {
  return name.replace(/[^A-Za-z0-9_/]/g, '_') || 'submit';
}

/** Loads the Google script for `siteKey` (once per page; a failed load is retried on the next call). */
export function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const fail = (reason: string) => {
      loading = null;
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('reCAPTCHA did not load in time'), LOAD_TIMEOUT_MS);
    const whenReady = () => {
      const g = window.grecaptcha;
      if (!g) return fail('reCAPTCHA script has no grecaptcha');
      g.ready(() => {
        clearTimeout(timer);
        resolve(g);
      });
    };
    if (window.grecaptcha) return whenReady();
    const script = document.createElement('script');
    script.src = `${RECAPTCHA_SCRIPT}?render=${encodeURIComponent(siteKey)}&hl=ro`;
    script.async = true;
    script.defer = true;
    script.onload = whenReady;
    script.onerror = () => {
      clearTimeout(timer);
      script.remove();
      fail('reCAPTCHA script failed to load');
    };
    document.body.appendChild(script);
  });
  return loading;
}

/** A fresh token for `action`, or '' when captcha is off (no site key) or unavailable. */
export async function captchaToken(siteKey: string, action: string): Promise<string> {
  if (!siteKey) return '';
  try {
    const grecaptcha = await loadRecaptcha(siteKey);
    return await grecaptcha.execute(siteKey, { action: captchaAction(action) });
  } catch {
    return '';
  }
}

/**
 * For tests.
 * @testSeam
 */
export function resetRecaptchaLoader() {
  loading = null;
}
