import type { AppContext } from '../context';
import { fieldError } from './errors';

const MESSAGE = 'Verificarea reCAPTCHA a eșuat. Reîncărcați pagina și încercați din nou.';

/**
 * reCAPTCHA v3 siteverify (score ≥ `minScore`, default 0.5, and the expected action when the token carries one),
 * on every protected call unless captcha is switched off explicitly (CAPTCHA_ENABLED=false); the
 * configuration guarantees RECAPTCHA_SECRET whenever captcha is on, so a token is never accepted unchecked.
 */
export async function verifyCaptcha(ctx: AppContext, token: string | null | undefined, ip: string, action?: string, minScore = 0.5) {
  if (!ctx.config.captchaEnabled) return;
  if (!token) throw fieldError('token', MESSAGE);
  let result: { success?: boolean; score?: number; action?: string };
  try {
    const res = await fetch(ctx.config.recaptchaVerifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: ctx.config.recaptchaSecret, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(5000),
    });
    result = (await res.json()) as typeof result;
  } catch (err) {
    ctx.log.warn({ err }, 'reCAPTCHA siteverify unreachable');
    throw fieldError('token', MESSAGE);
  }
  if (!result.success || (result.score ?? 0) < minScore || (action && result.action && result.action !== action)) {
    throw fieldError('token', MESSAGE);
  }
}
