import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { findUser, requireAuth, type Auth } from '../../lib/auth';
import { verifyCaptcha } from '../../lib/captcha';
import { randomDigits, recoveryCode, sha256 } from '../../lib/crypto';
import { ApiError, errors, fieldError } from '../../lib/errors';
import { clientIp, normalIp, sendData } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { queueMail } from '../../mail/outbox';
import { captchaField, parse } from '../../lib/validation';
import { twoFactorCodeMail } from '../../mail/templates';
import { matchTotp, newTotpSecret, totpUri } from './totp';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_USER_FAILURES = 5;
const MAX_IP_FAILURES = 20;
const EMAIL_CODE_TTL_S = 600;
const EMAIL_CODE_INTERVAL_MS = 30 * 1000;
const WRONG_CODE = 'Codul nu este corect.';

const PROVIDERS = [
  { code: 'authenticator', name: 'Aplicație de autentificare', description: 'Coduri de 6 cifre generate de o aplicație (Google Authenticator, Microsoft Authenticator, Authy).' },
  { code: 'email', name: 'Cod prin email', description: 'Un cod de 6 cifre trimis pe adresa de email a contului, valabil 10 minute.' },
] as const;

const providerCode = z.enum(['authenticator', 'email'], { error: 'Metoda de autentificare nu există.' });
const code6 = z
  .string()
  .max(20)
  .transform((v) => v.replace(/\s+/g, ''))
  .optional()
  .nullable();
const clientInfo = {
  user_agent: z.string().max(500).optional().nullable(),
  // Informational (the IP the backend uses is its own clientIp), but never an arbitrary string.
  user_ip: z.string().max(100).refine((v) => v === '' || normalIp(v) !== null, 'Adresa IP nu este validă.').optional().nullable(),
};

const verifySchema = z.object({
  token: captchaField,
  two_factor_code: code6,
  secret: z.string().max(200).optional().nullable(),
  provider_code: providerCode.optional().nullable(),
  recovery_code: z.string().max(50).optional().nullable(),
  ...clientInfo,
});
const removeSchema = z.object({
  token: captchaField,
  recovery_key: z.string().max(50).optional().nullable(),
  two_factor_code: code6,
  provider_code: providerCode.optional().nullable(),
});
const generateCodeSchema = z.object({ token: captchaField, provider_code: z.literal('email', { error: 'Metoda de autentificare nu există.' }), ...clientInfo });
const checkSchema = z.object(clientInfo);

const normRecovery = (c: string) => c.trim().toUpperCase();

export function registerTwoFactor(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.db;
  const nowIso = () => ctx.clock.now().toISOString();

  function assertNotLocked(userId: number, ip: string) {
    const now = ctx.clock.now().getTime();
    const since = new Date(now - WINDOW_MS).toISOString();
    const lastSuccessId = (db.prepare('SELECT MAX(id) FROM two_factor_attempts WHERE user_id = ? AND success = 1').pluck().get(userId) as number | null) ?? 0;
    const userFails = db
      .prepare('SELECT created_at FROM two_factor_attempts WHERE user_id = ? AND success = 0 AND id > ? AND created_at > ? ORDER BY id DESC LIMIT 1 OFFSET ?')
      .pluck()
      .get(userId, lastSuccessId, since, MAX_USER_FAILURES - 1) as string | undefined;
    if (userFails) throw errors.tooManyAttempts((Date.parse(userFails) + WINDOW_MS - now) / 1000);
    const ipFails = db
      .prepare('SELECT created_at FROM two_factor_attempts WHERE ip = ? AND success = 0 AND created_at > ? ORDER BY created_at DESC LIMIT 1 OFFSET ?')
      .pluck()
      .get(ip, since, MAX_IP_FAILURES - 1) as string | undefined;
    if (ipFails) throw errors.tooManyAttempts((Date.parse(ipFails) + WINDOW_MS - now) / 1000);
  }

  function record(userId: number, ip: string, success: boolean) {
    db.prepare('INSERT INTO two_factor_attempts (user_id, ip, success, created_at) VALUES (?, ?, ?, ?)').run(userId, ip, success ? 1 : 0, nowIso());
  }

  function fail(userId: number, ip: string, field: string, message = WRONG_CODE): never {
    record(userId, ip, false);
    throw fieldError(field, message);
  }

  function findRecoveryCode(userId: number, code: string): number | null {
    const row = db
      .prepare('SELECT id FROM recovery_codes WHERE user_id = ? AND code_hash = ? AND used_at IS NULL')
      .get(userId, sha256(normRecovery(code))) as { id: number } | undefined;
    return row?.id ?? null;
  }

  function findEmailCode(userId: number, code: string): number | null {
    const row = db
      .prepare('SELECT id FROM email_codes WHERE user_id = ? AND code_hash = ? AND used_at IS NULL AND expires_at > ? ORDER BY id DESC')
      .get(userId, sha256(code), nowIso()) as { id: number } | undefined;
    return row?.id ?? null;
  }

  function stepUsed(userId: number, step: number): boolean {
    return Boolean(db.prepare('SELECT 1 FROM totp_used_steps WHERE user_id = ? AND step = ?').get(userId, step));
  }

  /** Marks a TOTP step used inside the current transaction; a concurrent twin loses. */
  function useStep(userId: number, step: number) {
    const r = db.prepare('INSERT OR IGNORE INTO totp_used_steps (user_id, step) VALUES (?, ?)').run(userId, step);
    if (r.changes === 0) throw fieldError('two_factor_code', WRONG_CODE);
    db.prepare('DELETE FROM totp_used_steps WHERE user_id = ? AND step < ?').run(userId, step - 10);
  }

  function issueRecoveryCodes(userId: number): string[] {
    db.prepare('DELETE FROM recovery_codes WHERE user_id = ?').run(userId);
    const codes = Array.from({ length: 10 }, recoveryCode);
    const ins = db.prepare('INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)');
    for (const c of codes) ins.run(userId, sha256(c), nowIso());
    return codes;
  }

  /**
   * Checks a second factor. Returns the write to apply inside the transaction, or throws 422
   * (recording the failure for the rate limit).
   */
  async function checkFactor(
    auth: Auth,
    ip: string,
    input: { code?: string | null; recovery?: string | null; provider?: string | null; secret?: string | null },
    setup: boolean,
    codeField = 'two_factor_code',
    recoveryField = 'recovery_code',
  ): Promise<() => void> {
    const user = auth.user;
    if (input.recovery) {
      const id = setup ? null : findRecoveryCode(user.id, input.recovery);
      if (!id) fail(user.id, ip, recoveryField, 'Codul de recuperare nu este valid sau a fost deja folosit.');
      return () => {
        const r = db.prepare('UPDATE recovery_codes SET used_at = ? WHERE id = ? AND used_at IS NULL').run(nowIso(), id);
        if (r.changes === 0) throw fieldError(recoveryField, 'Codul de recuperare nu este valid sau a fost deja folosit.');
      };
    }
    const code = input.code ?? '';
    if (!code) throw fieldError(codeField, 'Introduceți codul.');
    const provider = input.provider ?? user.two_factor_provider ?? 'authenticator';
    if (provider === 'email') {
      const id = findEmailCode(user.id, code);
      if (!id) fail(user.id, ip, codeField);
      return () => {
        const r = db.prepare('UPDATE email_codes SET used_at = ? WHERE id = ? AND used_at IS NULL').run(nowIso(), id);
        if (r.changes === 0) throw fieldError(codeField, WRONG_CODE);
      };
    }
    let secret: string | null;
    if (setup) {
      secret = user.two_factor_pending_secret;
      if (!secret || (input.secret && input.secret !== secret)) {
        throw fieldError('secret', 'Codul QR a expirat. Generați unul nou și scanați-l din nou.');
      }
    } else {
      secret = user.two_factor_provider === 'authenticator' ? user.two_factor_secret : null;
      if (!secret) throw fieldError(codeField, 'Autentificarea în doi pași cu aplicație nu este activată.');
    }
    const step = await matchTotp(secret, code, ctx.clock.now());
    if (step === null || stepUsed(user.id, step)) fail(user.id, ip, codeField);
    return () => useStep(user.id, step);
  }

  app.get('/api/v1/two-factor-auth-providers', async (_req, reply) => sendData(reply, PROVIDERS));

  app.get('/api/v1/two-factor-auth-providers/user', async (req, reply) => {
    const { user } = requireAuth(ctx, req, true);
    const current = user.two_factor_provider;
    return sendData(
      reply,
      PROVIDERS.map((p) => ({ code: p.code, name: p.name, is_enabled: current === p.code, is_default: (current ?? 'authenticator') === p.code })),
    );
  });

  app.get('/api/v1/auth/two-factor/generate-qr-code', async (req, reply) => {
    const { user } = requireAuth(ctx, req, true);
    const secret = newTotpSecret();
    db.prepare('UPDATE users SET two_factor_pending_secret = ?, updated_at = ? WHERE id = ?').run(secret, nowIso(), user.id);
    const otpauthUrl = totpUri(secret, user.email);
    const { default: QRCode } = await import('qrcode');
    const qr = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return sendData(reply, { secret, otpauth_url: otpauthUrl, qr_code: qr });
  });

  app.post('/api/v1/auth/two-factor/verify-code', async (req, reply) => {
    const auth = requireAuth(ctx, req);
    const body = parse(verifySchema, req.body);
    const ip = clientIp(req);
    await verifyCaptcha(ctx, body.token, ip);
    assertNotLocked(auth.user.id, ip);
    const enabled = Boolean(auth.user.two_factor_provider);
    const provider = body.provider_code ?? (enabled ? auth.user.two_factor_provider : 'authenticator');
    // Setup: a secret is sent, or a provider other than the enabled one (or none enabled) is being verified.
    const setup = !body.recovery_code && (Boolean(body.secret) || !enabled);
    const apply = await checkFactor(auth, ip, { code: body.two_factor_code, recovery: body.recovery_code, provider, secret: body.secret }, setup);
    return idempotentWrite(
      ctx, req, reply, 200,
      () => {
        apply();
        db.prepare('INSERT INTO two_factor_attempts (user_id, ip, success, created_at) VALUES (?, ?, 1, ?)').run(auth.user.id, ip, nowIso());
        db.prepare('UPDATE sessions SET two_factor_passed = 1 WHERE id = ?').run(auth.session.id);
        if (!setup) return { is_verified: true, recovery_codes: null };
        const fresh = findUser(ctx, auth.user.id);
        if (provider === 'authenticator') {
          db.prepare('UPDATE users SET two_factor_provider = ?, two_factor_secret = ?, two_factor_pending_secret = NULL, updated_at = ? WHERE id = ?')
            .run('authenticator', fresh.two_factor_pending_secret, nowIso(), auth.user.id);
        } else {
          db.prepare('UPDATE users SET two_factor_provider = ?, two_factor_secret = NULL, updated_at = ? WHERE id = ?').run('email', nowIso(), auth.user.id);
        }
        return { is_verified: true, recovery_codes: issueRecoveryCodes(auth.user.id) };
      },
    );
  });

  app.post('/api/v1/auth/two-factor/check-active-session', async (req, reply) => {
    const auth = requireAuth(ctx, req);
    parse(checkSchema, req.body);
    const global = ctx.config.twoFactorEnabled;
    const forUser = Boolean(auth.user.two_factor_provider);
    return sendData(reply, {
      is_two_factor_auth_enabled: global,
      is_two_factor_enabled_for_user: forUser,
      is_active: !global || !forUser || Boolean(auth.session.two_factor_passed),
      is_two_factor_auth_required: Boolean(auth.user.is_two_factor_required),
    });
  });

  app.post('/api/v1/auth/two-factor/remove', async (req, reply) => {
    const auth = requireAuth(ctx, req);
    const body = parse(removeSchema, req.body);
    const ip = clientIp(req);
    await verifyCaptcha(ctx, body.token, ip);
    if (!auth.user.two_factor_provider) return sendData(reply, { is_removed: false });
    assertNotLocked(auth.user.id, ip);
    const apply = await checkFactor(
      auth, ip, { code: body.two_factor_code, recovery: body.recovery_key, provider: body.provider_code ?? auth.user.two_factor_provider }, false,
      'two_factor_code', 'recovery_key',
    );
    return idempotentWrite(ctx, req, reply, 200, () => {
      apply();
      db.prepare('INSERT INTO two_factor_attempts (user_id, ip, success, created_at) VALUES (?, ?, 1, ?)').run(auth.user.id, ip, nowIso());
      db.prepare('UPDATE users SET two_factor_provider = NULL, two_factor_secret = NULL, two_factor_pending_secret = NULL, updated_at = ? WHERE id = ?')
        .run(nowIso(), auth.user.id);
      db.prepare('DELETE FROM recovery_codes WHERE user_id = ?').run(auth.user.id);
      return { is_removed: true };
    });
  });

  app.post('/api/v1/auth/two-factor/generate-code', async (req, reply) => {
    const auth = requireAuth(ctx, req);
    const body = parse(generateCodeSchema, req.body);
    await verifyCaptcha(ctx, body.token, clientIp(req));
    const now = ctx.clock.now();
    const last = db.prepare('SELECT MAX(created_at) FROM email_codes WHERE user_id = ?').pluck().get(auth.user.id) as string | null;
    if (last && now.getTime() - Date.parse(last) < EMAIL_CODE_INTERVAL_MS) {
      const wait = Math.ceil((Date.parse(last) + EMAIL_CODE_INTERVAL_MS - now.getTime()) / 1000);
      throw new ApiError(429, 'too_many_requests', 'A code was sent less than 30 seconds ago.',
        `Am trimis deja un cod. Puteți cere altul peste ${wait} secunde.`, { 'retry-after': String(wait) });
    }
    const code = randomDigits(6);
    return idempotentWrite(
      ctx, req, reply, 200,
      () => {
        db.prepare('INSERT INTO email_codes (user_id, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?)')
          .run(auth.user.id, sha256(code), new Date(now.getTime() + EMAIL_CODE_TTL_S * 1000).toISOString(), now.toISOString());
        queueMail(ctx, { to: auth.user.email, ...twoFactorCodeMail(auth.user.first_name, code) });
        return { sent: true, expires_in: EMAIL_CODE_TTL_S };
      },
    );
  });
}
