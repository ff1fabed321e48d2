import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { recordMailboxProof, requireAuth, twoFactorPending, type Auth, type UserRow } from '../../lib/auth';
import { verifyCaptcha } from '../../lib/captcha';
import { randomDigits, recoveryCode, sha256 } from '../../lib/crypto';
import { ApiError, errors, fieldError } from '../../lib/errors';
import { clientIp, normalIp, sendData } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { ipSubject, remainingWaitMs, romanianDuration } from '../../lib/throttle';
import { queueMail } from '../../mail/outbox';
import { parse } from '../../lib/validation';
import {
  generateTwoFactorCodeBody,
  removeTwoFactorBody,
  twoFactorCheckBody,
  verifyTwoFactorBody,
} from '../../../../contract/two-factor';
import type { TwoFactorProviderCode } from '../../../../contract/types';
import { twoFactorChangedMail, twoFactorCodeMail, type TwoFactorChange } from '../../mail/templates';
import { isSealedSetupSecret, matchTotp, sealedSetupSecret, totpUri } from './totp';

export const WINDOW_MS = 15 * 60 * 1000;
/**
 * Attempt windows (backend/README.md "Two-factor attempts"): failures of one session, of one user on devices
 * that never passed the factor, of one device (user agent + IP) that passed it before, and of one client IP,
 * each counted over 15 minutes. A recovery code and a device that passed the factor before are not held by the
 * user's count, so a password-only attacker cannot lock the owner out; the attacker's own sessions and IP are,
 * and so is a device the attacker poses as (never the owner's other devices).
 */
const MAX_SESSION_FAILURES = 5;
const MAX_USER_FAILURES = 5;
/** Failures of one device (user agent + IP of the session) on which the user passed before. */
const MAX_DEVICE_FAILURES = 5;
const MAX_IP_FAILURES = 20;
export const EMAIL_CODE_TTL_S = 600;
/**
 * Limits of generate-code per sender (backend/README.md "Two-factor mail codes"): a device (user agent + IP) on which
 * the user passed the factor before counts alone, every other session of the account counts together. One code per
 * 30 s, at most EMAIL_CODES_PER_HOUR an hour: however many sessions a password-only attacker opens, the owner's
 * mailbox gets at most that many codes of theirs, and the owner's own device keeps its own allowance.
 */
const EMAIL_CODE_INTERVAL_MS = 30 * 1000;
const EMAIL_CODES_PER_HOUR = 10;
const HOUR_MS = 60 * 60 * 1000;
/**
 * Mailed codes valid at once per session: a code passes only in the session that asked for it, so another
 * session's requests never void it; a guess in a session hits one of at most this many codes.
 */
const EMAIL_CODES_VALID = 3;
const WRONG_CODE = 'Codul nu este corect.';
const WRONG_RECOVERY = 'Codul de recuperare nu este valid sau a fost deja folosit.';
const QR_EXPIRED = 'Codul QR a expirat. Generați unul nou și scanați-l din nou.';
/** The first factor's key goes only to a session signed in this recently (generate-qr-code). */
export const SETUP_RECENT_SIGN_IN_MS = 30 * 60 * 1000;

const PROVIDERS = [
  { code: 'authenticator', name: 'Aplicație de autentificare', description: 'Coduri de 6 cifre generate de o aplicație (Google Authenticator, Microsoft Authenticator, Authy).' },
  { code: 'email', name: 'Cod prin email', description: 'Un cod de 6 cifre trimis pe adresa de email a contului, valabil 10 minute.' },
] as const;

/**
 * The bodies are the contract's (contract/two-factor.ts); `user_ip` is informational (the IP the backend uses is
 * its own clientIp), but never an arbitrary string.
 */
const checkedIp = {
  user_ip: z.string().max(100).refine((v) => v === '' || normalIp(v) !== null, 'Adresa IP nu este validă.').optional().nullable(),
};

const verifySchema = verifyTwoFactorBody.extend(checkedIp);
const removeSchema = removeTwoFactorBody;
const generateCodeSchema = generateTwoFactorCodeBody.extend(checkedIp);
const checkSchema = twoFactorCheckBody.extend(checkedIp);

const normRecovery = (c: string) => c.trim().toUpperCase();

/**
 * Drops the user's two-factor inside the caller's transaction: the provider and its secret (active or pending),
 * the recovery codes, and the mailed codes still unused. `remove`, the first Google link and a reset that proves the
 * mailbox for the first time (auth/routes.ts) use it.
 */
export function clearTwoFactor(ctx: AppContext, userId: number): void {
  const now = ctx.clock.now().toISOString();
  ctx.db
    .prepare(
      `UPDATE users SET two_factor_provider = NULL, two_factor_secret = NULL, two_factor_pending_secret = NULL,
         two_factor_before_email_proof = 0, updated_at = ? WHERE id = ?`,
    )
    .run(now, userId);
  ctx.db.prepare('DELETE FROM recovery_codes WHERE user_id = ?').run(userId);
  ctx.db.prepare('UPDATE email_codes SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(now, userId);
}

type Provider = TwoFactorProviderCode;
/** Applies a checked factor inside the write's transaction (marks the code used). */
type Apply = () => void;

export function registerTwoFactor(app: FastifyInstance, ctx: AppContext) {
  const db = ctx.db;
  const nowIso = () => ctx.clock.now().toISOString();
  let setupKey: string | null = null;
  const sealingKey = () =>
    (setupKey ??= db.prepare("SELECT value FROM settings WHERE key = 'two_factor_setup_key'").pluck().get() as string);

  /** A device (user agent + IP) on which this user passed the second factor before: the owner's. */
  function knownDevice(auth: Auth): boolean {
    return Boolean(
      db
        .prepare('SELECT 1 FROM sessions WHERE user_id = ? AND user_agent = ? AND ip = ? AND two_factor_passed = 1 LIMIT 1')
        .get(auth.user.id, auth.session.user_agent, auth.session.ip),
    );
  }

  /**
   * Attempts of this session, user and IP stamped later than now (the clock was set back, or another process
   * sharing the database runs ahead) are re-stamped now, as the sign-in throttle does (lib/throttle.ts): they
   * still count, and their window ends WINDOW_MS from now instead of lasting until the clock catches up.
   */
  function restampFutureAttempts(auth: Auth, ip: string, nowStamp: string) {
    const update = (column: 'session_id' | 'user_id' | 'ip', value: number | string) =>
      db.prepare(`UPDATE two_factor_attempts SET created_at = ? WHERE ${column} = ? AND created_at > ?`).run(nowStamp, value, nowStamp);
    update('session_id', auth.session.id);
    update('user_id', auth.user.id);
    update('ip', ip);
  }

  function assertNotLocked(auth: Auth, requestIp: string, viaRecoveryCode: boolean) {
    // The IP window counts an IPv6 client by its /64 (one subscriber's block), as the sign-in throttle does.
    const ip = ipSubject(requestIp);
    const now = ctx.clock.now().getTime();
    restampFutureAttempts(auth, ip, new Date(now).toISOString());
    const since = new Date(now - WINDOW_MS).toISOString();
    // The lock runs from the N-th last failure and never lasts longer than the window, whatever the clock did.
    const locked = (nthFailureAt: string | undefined) => {
      if (nthFailureAt) throw errors.tooManyAttempts(remainingWaitMs(nthFailureAt, WINDOW_MS, now) / 1000);
    };
    locked(
      db
        .prepare('SELECT created_at FROM two_factor_attempts WHERE session_id = ? AND success = 0 AND created_at > ? ORDER BY id DESC LIMIT 1 OFFSET ?')
        .pluck()
        .get(auth.session.id, since, MAX_SESSION_FAILURES - 1) as string | undefined,
    );
    locked(
      db
        .prepare('SELECT created_at FROM two_factor_attempts WHERE ip = ? AND success = 0 AND created_at > ? ORDER BY created_at DESC LIMIT 1 OFFSET ?')
        .pluck()
        .get(ip, since, MAX_IP_FAILURES - 1) as string | undefined,
    );
    if (viaRecoveryCode) return;
    const lastSuccessId = (db.prepare('SELECT MAX(id) FROM two_factor_attempts WHERE user_id = ? AND success = 1').pluck().get(auth.user.id) as number | null) ?? 0;
    if (knownDevice(auth)) {
      // A known device is only a user agent (the client's to choose) and an IP (shared behind a NAT, forged where
      // trusted): it escapes the user window, not every window. Its own failures since the user's last success,
      // from any of its sessions, are held like the user's; the owner's other devices and recovery codes are not.
      locked(
        db
          .prepare(
            `SELECT a.created_at FROM two_factor_attempts a JOIN sessions s ON s.id = a.session_id
             WHERE a.user_id = ? AND s.user_agent = ? AND s.ip = ? AND a.success = 0 AND a.id > ? AND a.created_at > ?
             ORDER BY a.id DESC LIMIT 1 OFFSET ?`,
          )
          .pluck()
          .get(auth.user.id, auth.session.user_agent, auth.session.ip, lastSuccessId, since, MAX_DEVICE_FAILURES - 1) as string | undefined,
      );
      return;
    }
    locked(
      db
        .prepare('SELECT created_at FROM two_factor_attempts WHERE user_id = ? AND success = 0 AND id > ? AND created_at > ? ORDER BY id DESC LIMIT 1 OFFSET ?')
        .pluck()
        .get(auth.user.id, lastSuccessId, since, MAX_USER_FAILURES - 1) as string | undefined,
    );
  }

  function record(auth: Auth, ip: string, success: boolean) {
    db.prepare('INSERT INTO two_factor_attempts (user_id, session_id, ip, success, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(auth.user.id, auth.session.id, ipSubject(ip), success ? 1 : 0, nowIso());
  }

  function fail(auth: Auth, ip: string, field: string, message = WRONG_CODE): never {
    record(auth, ip, false);
    throw fieldError(field, message);
  }

  function findRecoveryCode(userId: number, code: string): number | null {
    const row = db
      .prepare('SELECT id FROM recovery_codes WHERE user_id = ? AND code_hash = ? AND used_at IS NULL')
      .get(userId, sha256(normRecovery(code))) as { id: number } | undefined;
    return row?.id ?? null;
  }

  /**
   * Email codes of the user created later than now (the clock was set back) are re-stamped now and expire at
   * most EMAIL_CODE_TTL_S from now: the 30 s interval and the code's life never last longer than themselves.
   */
  function restampFutureEmailCodes(userId: number, now: Date) {
    const nowStamp = now.toISOString();
    const latestExpiry = new Date(now.getTime() + EMAIL_CODE_TTL_S * 1000).toISOString();
    db.prepare('UPDATE email_codes SET created_at = ?, expires_at = MIN(expires_at, ?) WHERE user_id = ? AND created_at > ?')
      .run(nowStamp, latestExpiry, userId, nowStamp);
  }

  /** A valid mailed code of this session (never one mailed for another session of the user). */
  function findEmailCode(auth: Auth, code: string): number | null {
    restampFutureEmailCodes(auth.user.id, ctx.clock.now());
    const row = db
      .prepare(
        `SELECT id FROM email_codes WHERE session_id = ? AND used_at IS NULL AND code_hash = ? AND user_id = ? AND expires_at > ?
         ORDER BY id DESC`,
      )
      .get(auth.session.id, sha256(code), auth.user.id, nowIso()) as { id: number } | undefined;
    return row?.id ?? null;
  }

  /**
   * Creation stamps of the codes mailed since `since` for the caller's sender, newest first, at most `limit`: the
   * codes of every session on the caller's device if the user passed the factor on it before, else those of every
   * session of the user on a device where the user never passed it. Codes of no recorded session (voided by
   * migration 18) count for none.
   */
  function senderCodeStamps(auth: Auth, since: string, limit: number): string[] {
    if (knownDevice(auth)) {
      return db
        .prepare(
          `SELECT e.created_at FROM email_codes e JOIN sessions s ON s.id = e.session_id
           WHERE e.user_id = ? AND e.created_at > ? AND s.user_agent = ? AND s.ip = ?
           ORDER BY e.created_at DESC LIMIT ?`,
        )
        .pluck()
        .all(auth.user.id, since, auth.session.user_agent, auth.session.ip, limit) as string[];
    }
    return db
      .prepare(
        `SELECT e.created_at FROM email_codes e JOIN sessions s ON s.id = e.session_id
         WHERE e.user_id = ? AND e.created_at > ? AND NOT EXISTS (
           SELECT 1 FROM sessions k WHERE k.user_id = e.user_id AND k.user_agent = s.user_agent AND k.ip = s.ip AND k.two_factor_passed = 1)
         ORDER BY e.created_at DESC LIMIT ?`,
      )
      .pluck()
      .all(auth.user.id, since, limit) as string[];
  }

  /** Throws 429 when the caller's sender must wait for its next code (the 30 s interval, then the hourly bound). */
  function assertMayMailCode(auth: Auth, now: Date) {
    const nowMs = now.getTime();
    const stamps = senderCodeStamps(auth, new Date(nowMs - HOUR_MS).toISOString(), EMAIL_CODES_PER_HOUR);
    const intervalWait = stamps.length ? remainingWaitMs(stamps[0], EMAIL_CODE_INTERVAL_MS, nowMs) : 0;
    if (intervalWait > 0) {
      const wait = Math.ceil(intervalWait / 1000);
      throw new ApiError(429, 'too_many_requests', 'A code was sent less than 30 seconds ago.',
        `Am trimis deja un cod. Puteți cere altul peste ${wait} secunde.`, { 'retry-after': String(wait) });
    }
    if (stamps.length < EMAIL_CODES_PER_HOUR) return;
    // Until the oldest of the hour's codes is an hour old; never longer than the hour, whatever the clock did.
    const wait = Math.max(1, Math.ceil(remainingWaitMs(stamps[stamps.length - 1], HOUR_MS, nowMs) / 1000));
    throw new ApiError(429, 'too_many_requests', `At most ${EMAIL_CODES_PER_HOUR} codes an hour.`,
      `Ați cerut prea multe coduri în ultima oră. Puteți cere altul peste ${romanianDuration(wait)}.`, { 'retry-after': String(wait) });
  }

  function stepUsed(userId: number, step: number): boolean {
    return Boolean(db.prepare('SELECT 1 FROM totp_used_steps WHERE user_id = ? AND step = ?').get(userId, step));
  }

  /** Marks a TOTP step used inside the current transaction; a concurrent twin loses. */
  function useStep(userId: number, step: number, field: string) {
    const r = db.prepare('INSERT OR IGNORE INTO totp_used_steps (user_id, step) VALUES (?, ?)').run(userId, step);
    if (r.changes === 0) throw fieldError(field, WRONG_CODE);
    db.prepare('DELETE FROM totp_used_steps WHERE user_id = ? AND step < ?').run(userId, step - 10);
  }

  /**
   * Spends a mailed code of this session, and voids the session's codes mailed before it (the owner has read a newer
   * one: the older ones are only left to guess against); the ones mailed after it stay valid until used or expired,
   * and other sessions' codes are not touched. Reading it in the mailbox proves the mailbox (migration 13).
   */
  function useEmailCode(auth: Auth, id: number, field: string) {
    const now = nowIso();
    const r = db
      .prepare('UPDATE email_codes SET used_at = ? WHERE id = ? AND session_id = ? AND user_id = ? AND used_at IS NULL')
      .run(now, id, auth.session.id, auth.user.id);
    if (r.changes === 0) throw fieldError(field, WRONG_CODE);
    db.prepare('UPDATE email_codes SET used_at = ? WHERE session_id = ? AND used_at IS NULL AND user_id = ? AND id < ?')
      .run(now, auth.session.id, auth.user.id, id);
    recordMailboxProof(ctx, auth.user.id);
  }

  function issueRecoveryCodes(userId: number): string[] {
    db.prepare('DELETE FROM recovery_codes WHERE user_id = ?').run(userId);
    const codes = Array.from({ length: 10 }, recoveryCode);
    const ins = db.prepare('INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)');
    for (const c of codes) ins.run(userId, sha256(c), nowIso());
    return codes;
  }

  /**
   * Checks a code (or a single-use recovery code) of the factor the user has ENABLED: never another provider's
   * code, whatever `provider_code` says (issue 13 item 9). Throws 422, recording the failure.
   */
  async function checkEnabledFactor(
    auth: Auth, ip: string, input: { code?: string | null; recovery?: string | null }, codeField: string, recoveryField: string,
  ): Promise<Apply> {
    const user = auth.user;
    if (input.recovery) {
      const id = findRecoveryCode(user.id, input.recovery);
      if (!id) fail(auth, ip, recoveryField, WRONG_RECOVERY);
      return () => {
        const r = db.prepare('UPDATE recovery_codes SET used_at = ? WHERE id = ? AND used_at IS NULL').run(nowIso(), id);
        if (r.changes === 0) throw fieldError(recoveryField, WRONG_RECOVERY);
      };
    }
    const code = input.code ?? '';
    if (!code) throw fieldError(codeField, 'Introduceți codul.');
    if (user.two_factor_provider === 'email') {
      const id = findEmailCode(auth, code);
      if (!id) fail(auth, ip, codeField);
      return () => useEmailCode(auth, id, codeField);
    }
    const secret = user.two_factor_provider === 'authenticator' ? user.two_factor_secret : null;
    if (!secret) throw fieldError(codeField, 'Autentificarea în doi pași nu este activată.');
    const step = await matchTotp(secret, code, ctx.clock.now());
    if (step === null || stepUsed(user.id, step)) fail(auth, ip, codeField);
    return () => useStep(user.id, step, codeField);
  }

  /** Checks the first code of a provider being set up: a sealed secret of this session, or an emailed code. */
  async function checkNewFactor(auth: Auth, ip: string, provider: Provider, code: string | null | undefined, secret: string | null | undefined): Promise<Apply> {
    const user = auth.user;
    if (!code) throw fieldError('two_factor_code', 'Introduceți codul.');
    if (provider === 'email') {
      const id = findEmailCode(auth, code);
      if (!id) fail(auth, ip, 'two_factor_code');
      return () => useEmailCode(auth, id, 'two_factor_code');
    }
    if (!secret || !isSealedSetupSecret(sealingKey(), secret, user.id, auth.session.id, ctx.clock.now())) {
      throw fieldError('secret', QR_EXPIRED);
    }
    const step = await matchTotp(secret, code, ctx.clock.now());
    if (step === null) fail(auth, ip, 'two_factor_code');
    // The new secret's step is spent too (no replay of the setup code as a check); the current code of the old
    // secret may have spent the same step already, which is fine.
    return () => {
      db.prepare('INSERT OR IGNORE INTO totp_used_steps (user_id, step) VALUES (?, ?)').run(user.id, step);
    };
  }

  /** Queues the owner's mail about a two-factor change, inside the change's transaction. */
  const changeMail = (user: UserRow, change: TwoFactorChange, provider: Provider | null) =>
    queueMail(ctx, { to: user.email, ...twoFactorChangedMail(user.first_name, change, PROVIDERS.find((p) => p.code === provider)?.name ?? null, ctx.clock.now()) });

  app.get('/api/v1/two-factor-auth-providers', async (_req, reply) => sendData(reply, PROVIDERS));

  // The check page of a pending session reads which provider to ask for; the setup page whether one is enabled.
  app.get('/api/v1/two-factor-auth-providers/user', async (req, reply) => {
    const { user } = requireAuth(ctx, req, { queryToken: true, allowPendingTwoFactor: true, allowTwoFactorSetup: true });
    const current = user.two_factor_provider;
    return sendData(
      reply,
      PROVIDERS.map((p) => ({ code: p.code, name: p.name, is_enabled: current === p.code, is_default: (current ?? 'authenticator') === p.code })),
    );
  });

  // Stores nothing: the secret is sealed for this user and session (totp.ts) and becomes the user's only when
  // verify-code confirms a code of it. A pending session gets 403 two_factor_required (requireAuth); an account that
  // must set two-factor up gets its secret here. The first factor of an account goes only to a session signed in
  // within SETUP_RECENT_SIGN_IN_MS: a copied session (a stolen cookie, a computer left signed in) could otherwise
  // lock the owner out with a factor of its own. Changing a factor needs the current one (verify-code) instead.
  app.get('/api/v1/auth/two-factor/generate-qr-code', async (req, reply) => {
    const { user, session } = requireAuth(ctx, req, { queryToken: true, allowTwoFactorSetup: true });
    if (!user.two_factor_provider && ctx.clock.now().getTime() - Date.parse(session.created_at) > SETUP_RECENT_SIGN_IN_MS) {
      throw errors.recentSignInRequired();
    }
    const secret = sealedSetupSecret(sealingKey(), user.id, session.id, ctx.clock.now());
    const otpauthUrl = totpUri(secret, user.email);
    const { default: QRCode } = await import('qrcode');
    const qr = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
    return sendData(reply, { secret, otpauth_url: otpauthUrl, qr_code: qr });
  });

  app.post('/api/v1/auth/two-factor/verify-code', async (req, reply) => {
    const auth = requireAuth(ctx, req, { allowPendingTwoFactor: true, allowTwoFactorSetup: true });
    const body = parse(verifySchema, req.body);
    const ip = clientIp(req);
    await verifyCaptcha(ctx, body.token, ip);
    const user = auth.user;
    const enabled = (user.two_factor_provider as Provider | null) ?? null;
    const provider: Provider = body.provider_code ?? enabled ?? 'authenticator';
    // Setup: a secret is sent, no provider is enabled, or another provider than the enabled one is being verified.
    const setup = !body.recovery_code && (Boolean(body.secret) || !enabled || provider !== enabled);
    // Setting up again / changing provider while two-factor is on: only a session that passed it (issue 13)…
    if (setup && enabled && twoFactorPending(ctx, auth)) throw errors.twoFactorRequired();
    const viaRecovery = Boolean(body.recovery_code) || (setup && Boolean(enabled) && Boolean(body.current_recovery_code));
    assertNotLocked(auth, ip, viaRecovery);
    // …and a current code or recovery code of the enabled factor.
    let applyCurrent: Apply | null = null;
    if (setup && enabled) {
      if (!body.current_two_factor_code && !body.current_recovery_code) {
        throw fieldError('current_two_factor_code', 'Introduceți codul actual al autentificării în doi pași sau un cod de recuperare.');
      }
      applyCurrent = await checkEnabledFactor(
        auth, ip, { code: body.current_two_factor_code, recovery: body.current_recovery_code }, 'current_two_factor_code', 'current_recovery_code',
      );
    }
    const apply = setup
      ? await checkNewFactor(auth, ip, provider, body.two_factor_code, body.secret)
      : await checkEnabledFactor(auth, ip, { code: body.two_factor_code, recovery: body.recovery_code }, 'two_factor_code', 'recovery_code');
    const change: TwoFactorChange | null = !setup ? null : !enabled ? 'enabled' : enabled === provider ? 'reconfigured' : 'provider_changed';
    return idempotentWrite(
      ctx, req, reply, 200,
      () => {
        // The session was checked before the transaction: a reset or Google link that committed meanwhile ended it
        // (and may have dropped the two-factor this setup would replace); it sets nothing up afterwards.
        if (db.prepare('SELECT revoked_at FROM sessions WHERE id = ?').pluck().get(auth.session.id)) throw errors.unauthenticated();
        applyCurrent?.();
        apply();
        record(auth, ip, true);
        db.prepare('UPDATE sessions SET two_factor_passed = 1 WHERE id = ?').run(auth.session.id);
        if (!setup) return { is_verified: true, recovery_codes: null };
        // Set up while the mailbox was never proven (an emailed code just proved it: apply() recorded that), the
        // factor may be a stranger's: the first reset drops it (auth/routes.ts, reset-password).
        db.prepare(
          `UPDATE users SET two_factor_provider = ?, two_factor_secret = ?, two_factor_pending_secret = NULL,
             two_factor_before_email_proof = (email_verified_at IS NULL), updated_at = ? WHERE id = ?`,
        ).run(provider, provider === 'authenticator' ? body.secret : null, nowIso(), user.id);
        // Codes mailed before the change never pass a check afterwards.
        db.prepare('UPDATE email_codes SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(nowIso(), user.id);
        if (change) changeMail(user, change, provider);
        return { is_verified: true, recovery_codes: issueRecoveryCodes(user.id) };
      },
    );
  });

  app.post('/api/v1/auth/two-factor/check-active-session', async (req, reply) => {
    const auth = requireAuth(ctx, req, { allowPendingTwoFactor: true, allowTwoFactorSetup: true });
    parse(checkSchema, req.body);
    const global = ctx.config.twoFactorEnabled;
    const forUser = Boolean(auth.user.two_factor_provider);
    // Both flags say what is asked of this session now, as the enforcement does (twoFactorDue): with two-factor off
    // globally nothing is, so the account's `is_two_factor_required` does not make it required (SPEC §4 sends a
    // session answered "required" and "not enabled" to /account/2fa, whatever the global flag says).
    return sendData(reply, {
      is_two_factor_auth_enabled: global,
      is_two_factor_enabled_for_user: forUser,
      is_active: !global || !forUser || Boolean(auth.session.two_factor_passed),
      is_two_factor_auth_required: global && Boolean(auth.user.is_two_factor_required),
    });
  });

  // A pending session gets 403 two_factor_required (requireAuth); a passed one still needs a current code or a
  // recovery code of the enabled factor (never another provider's code).
  app.post('/api/v1/auth/two-factor/remove', async (req, reply) => {
    const auth = requireAuth(ctx, req);
    const body = parse(removeSchema, req.body);
    const ip = clientIp(req);
    await verifyCaptcha(ctx, body.token, ip);
    if (!auth.user.two_factor_provider) return sendData(reply, { is_removed: false });
    assertNotLocked(auth, ip, Boolean(body.recovery_key));
    const apply = await checkEnabledFactor(auth, ip, { code: body.two_factor_code, recovery: body.recovery_key }, 'two_factor_code', 'recovery_key');
    return idempotentWrite(
      ctx, req, reply, 200,
      () => {
        apply();
        record(auth, ip, true);
        clearTwoFactor(ctx, auth.user.id);
        changeMail(auth.user, 'removed', null);
        return { is_removed: true };
      },
    );
  });

  app.post('/api/v1/auth/two-factor/generate-code', async (req, reply) => {
    const auth = requireAuth(ctx, req, { allowPendingTwoFactor: true, allowTwoFactorSetup: true });
    const body = parse(generateCodeSchema, req.body);
    await verifyCaptcha(ctx, body.token, clientIp(req));
    // An email code never passes the check of an authenticator user (item 9), so none is mailed to one.
    if (auth.user.two_factor_provider === 'authenticator') {
      throw fieldError('provider_code', 'Contul dumneavoastră folosește aplicația de autentificare: introduceți codul afișat de aplicație.');
    }
    const now = ctx.clock.now();
    // Committed even when the request is refused below: a refusal must not keep a stamp in the future.
    restampFutureEmailCodes(auth.user.id, now);
    const code = randomDigits(6);
    return idempotentWrite(
      ctx, req, reply, 200,
      () => {
        // In the write's IMMEDIATE transaction: requests of other processes are counted one after the other.
        assertMayMailCode(auth, now);
        // The code passes in this session only, and the session's codes mailed before stay valid: anyone with the
        // password may ask for codes, in sessions of their own, which never void the code the owner is typing. At
        // most EMAIL_CODES_VALID of the session's are (the newest, still unexpired): one mailed every 30 s would
        // otherwise leave up to 20 valid at once, each guess 20 times likelier to hit.
        const nowStamp = now.toISOString();
        db.prepare('INSERT INTO email_codes (user_id, session_id, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)')
          .run(auth.user.id, auth.session.id, sha256(code), new Date(now.getTime() + EMAIL_CODE_TTL_S * 1000).toISOString(), nowStamp);
        db.prepare(
          `UPDATE email_codes SET used_at = ? WHERE session_id = ? AND used_at IS NULL AND user_id = ? AND id NOT IN (
             SELECT id FROM email_codes WHERE session_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT ?)`,
        ).run(nowStamp, auth.session.id, auth.user.id, auth.session.id, nowStamp, EMAIL_CODES_VALID);
        queueMail(ctx, { to: auth.user.email, ...twoFactorCodeMail(auth.user.first_name, code) });
        return { sent: true, expires_in: EMAIL_CODE_TTL_S };
      },
    );
  });
}
