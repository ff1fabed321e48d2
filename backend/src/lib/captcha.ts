import type { AppContext } from '../context';
import { fieldError } from './errors';

const MESSAGE = 'Verificarea reCAPTCHA a eșuat. Reîncărcați pagina și încercați din nou.';

/**
 * reCAPTCHA v3 siteverify (score ≥ `minScore`, default 0.5, and the expected action when the token carries one),
 * only when RECAPTCHA_SECRET is set; otherwise every token (even none) is accepted.
 */
export async function verifyCaptcha(ctx: AppContext, token: string | null | undefined, ip: string, action?: string, minScore = 0.5) {
  if (!ctx.config.recaptchaSecret) return;
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
