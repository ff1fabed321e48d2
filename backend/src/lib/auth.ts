import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { bearerToken, clientIp, userAgent } from './http';
import { randomToken, sha256 } from './crypto';
import { errors } from './errors';
import { isBusyError } from '../db/connection';
import { queueMail } from '../mail/outbox';
import { newDeviceSignInMail } from '../mail/templates';
import { admitQuietly, THROTTLE } from './throttle';

export const TOKEN_TTL_MS = 30 * 24 * 3600 * 1000;

export interface UserRow {
  id: number;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  phone_number: string;
  is_default_password: number;
  is_deleted: number;
  is_two_factor_required: number;
  two_factor_provider: string | null;
  two_factor_secret: string | null;
  two_factor_pending_secret: string | null;
  address: string | null;
  preferences: string | null;
  google_sub: string | null;
  /** When the mailbox was first proven (migration 13); null: never. */
  email_verified_at: string | null;
  /** 1: the two-factor in force was set up while the mailbox had never been proven (migration 13). */
  two_factor_before_email_proof: number;
  /** When the retention job first deleted sessions of the account (migration 17); null: never. */
  sessions_purged_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionRow {
  id: number;
  user_id: number;
  token_hash: string;
  user_agent: string;
  ip: string;
  two_factor_passed: number;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface Auth {
  user: UserRow;
  session: SessionRow;
}

/** The contract's User. */
export function publicUser(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    phone_number: u.phone_number,
    is_two_factor_enabled: Boolean(u.two_factor_provider),
    is_two_factor_required: Boolean(u.is_two_factor_required),
    is_deleted: Boolean(u.is_deleted),
    created_at: u.created_at,
  };
}

export function findUserByEmail(ctx: AppContext, email: string): UserRow | undefined {
  return ctx.db.prepare('SELECT * FROM users WHERE email = ?').get(email.trim().toLowerCase()) as UserRow | undefined;
}

/** The account linked to the Google account `sub` (at most one: migration 16), deleted or not. */
export function findUserByGoogleSub(ctx: AppContext, sub: string): UserRow | undefined {
  return ctx.db.prepare('SELECT * FROM users WHERE google_sub = ?').get(sub) as UserRow | undefined;
}

export function findUser(ctx: AppContext, id: number): UserRow {
  return ctx.db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow;
}

/**
 * Records, inside the caller's transaction, that the user's mailbox is proven (a reset or welcome link used, a Google
 * sign-in with a verified email, a mailed two-factor code verified): only the first proof's time is kept. Only
 * something read in the mailbox (or Google's word for it) may call this, never a call that anyone signed in can make.
 */
export function recordMailboxProof(ctx: AppContext, userId: number): void {
  ctx.db.prepare('UPDATE users SET email_verified_at = ? WHERE id = ? AND email_verified_at IS NULL').run(ctx.clock.now().toISOString(), userId);
}

/**
 * Creates a session and returns the clear access token (only its sha256 is stored). Every sign-in (password,
 * Google, register, store-from-product-page) comes through here, inside its idempotentWrite: a user agent + IP
 * pair never seen for an account that already had sessions queues a mail to the owner in the same transaction
 * (issue 13), at most as often as THROTTLE.newDeviceMail lets it.
 */
export function createSession(ctx: AppContext, userId: number, req: FastifyRequest, twoFactorPassed = false): string {
  const token = randomToken(32);
  const now = ctx.clock.now();
  const ua = userAgent(req);
  const ip = clientIp(req);
  // "Had a session": one still stored, or one the retention job deleted (modules/retention/service.ts): the first
  // sign-in into a long-dormant account is no first sign-in.
  const seen = ctx.db
    .prepare(
      `SELECT (EXISTS (SELECT 1 FROM sessions WHERE user_id = ?) OR (SELECT sessions_purged_at IS NOT NULL FROM users WHERE id = ?)) AS any_session,
         EXISTS (SELECT 1 FROM sessions WHERE user_id = ? AND user_agent = ? AND ip = ?) AS this_device`,
    )
    .get(userId, userId, userId, ua, ip) as { any_session: number; this_device: number };
  // Bounded per account (THROTTLE.newDeviceMail): the user agent is the client's to choose.
  if (seen.any_session && !seen.this_device && admitQuietly(ctx, [{ policy: THROTTLE.newDeviceMail, subject: String(userId) }])) {
    const user = findUser(ctx, userId);
    queueMail(ctx, { to: user.email, ...newDeviceSignInMail(user.first_name, ua, ip, now) });
  }
  ctx.db
    .prepare(
      `INSERT INTO sessions (user_id, token_hash, user_agent, ip, two_factor_passed, created_at, last_used_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(userId, sha256(token), ua, ip, twoFactorPassed ? 1 : 0, now.toISOString(), now.toISOString(),
      new Date(now.getTime() + TOKEN_TTL_MS).toISOString());
  return token;
}

/**
 * SPEC §4's inactivity hour, held by the backend (`SESSION_IDLE_TIMEOUT_MINUTES`): a session whose last use is older
 * than that is over, whatever its expiry. The tab's own timer ends an open tab's session; this ends the session of a
 * tab that was closed, whose cookie a shared computer keeps. `last_used_at` is stamped at most once a minute.
 */
export function idleTooLong(ctx: AppContext, session: Pick<SessionRow, 'last_used_at'>, now: Date = ctx.clock.now()): boolean {
  const last = Date.parse(session.last_used_at);
  return Number.isFinite(last) && now.getTime() - last > ctx.config.sessionIdleMs;
}

const authCache = new WeakMap<FastifyRequest, Auth | null>();

export interface AuthOptions {
  /** Also accept the token in `?token=` (QR code and provider calls of the contract). */
  queryToken?: boolean;
  /**
   * Accept a session that has not passed the second factor yet. ONLY for the calls a pending session needs to
   * finish signing in or to leave: the two-factor check itself (verify-code, generate-code, providers of the
   * user), check-active-session and logout (backend/README.md "Two-factor enforcement").
   */
  allowPendingTwoFactor?: boolean;
  /**
   * Accept a session whose account must have two-factor and has none set up yet. ONLY for the calls /account/2fa
   * needs to set it up, and to leave: the signed-in user (the page's store and its keep-alive), the providers of
   * the user, generate-qr-code, generate-code, verify-code, check-active-session and logout.
   */
  allowTwoFactorSetup?: boolean;
}

/**
 * What a session still owes before it stands for its user, while two-factor is on globally (off: nothing is owed):
 * - `check`: the user has a provider and this session has not passed it (403 `two_factor_required`);
 * - `setup`: the account must have two-factor (`is_two_factor_required`) and has none set up yet
 *   (403 `two_factor_setup_required`; SPEC §4 sends such a user to /account/2fa and nowhere else);
 * - null: nothing. The one rule of the bearer calls (optionalAuth) and of realtime subscriptions (sessionIsLive).
 */
export type TwoFactorDue = 'check' | 'setup' | null;

export function twoFactorDue(
  ctx: AppContext,
  user: Pick<UserRow, 'two_factor_provider' | 'is_two_factor_required'>,
  session: Pick<SessionRow, 'two_factor_passed'>,
): TwoFactorDue {
  if (!ctx.config.twoFactorEnabled) return null;
  if (user.two_factor_provider) return session.two_factor_passed ? null : 'check';
  return user.is_two_factor_required ? 'setup' : null;
}

/** Two-factor is on globally and for the user, and this session has not passed it yet. */
export function twoFactorPending(ctx: AppContext, auth: Auth): boolean {
  return twoFactorDue(ctx, auth.user, auth.session) === 'check';
}

/** The bearer (or query) token's session, whatever its two-factor state; cached per request. */
function sessionAuth(ctx: AppContext, req: FastifyRequest, queryToken: boolean): Auth | null {
  if (authCache.has(req)) return authCache.get(req)!;
  let token = bearerToken(req);
  if (!token && queryToken) {
    const q = (req.query as Record<string, unknown> | undefined)?.token;
    if (typeof q === 'string' && q.length > 0 && q.length < 200) token = q;
  }
  if (!token) {
    authCache.set(req, null);
    return null;
  }
  const session = ctx.db.prepare('SELECT * FROM sessions WHERE token_hash = ?').get(sha256(token)) as SessionRow | undefined;
  const now = ctx.clock.now();
  if (!session || session.revoked_at || session.expires_at <= now.toISOString()) throw errors.unauthenticated();
  if (idleTooLong(ctx, session, now)) {
    // Ended for good: a clock set back (or a process running behind) does not bring it back.
    try {
      ctx.db.prepare('UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now.toISOString(), session.id);
    } catch (err) {
      if (!isBusyError(err)) throw err;
    }
    throw errors.unauthenticated();
  }
  const user = findUser(ctx, session.user_id);
  if (!user || user.is_deleted) throw errors.unauthenticated();
  // last_used_at at most once a minute: keeps reads cheap.
  // A bookkeeping write: a locked database (SQLITE_BUSY) skips it rather than failing the call.
  if (now.getTime() - Date.parse(session.last_used_at) > 60_000) {
    try {
      ctx.db.prepare('UPDATE sessions SET last_used_at = ? WHERE id = ?').run(now.toISOString(), session.id);
      session.last_used_at = now.toISOString();
    } catch (err) {
      if (!isBusyError(err)) throw err;
      req.log.warn({ err, session: session.id }, 'session last-use not recorded (database busy)');
    }
  }
  const auth = { user, session };
  authCache.set(req, auth);
  return auth;
}

/**
 * The request's bearer session: null without a token; throws 401 for a token that is unknown, expired,
 * revoked or belongs to a deleted account, 403 `two_factor_required` for a session that still owes the second
 * factor (unless `allowPendingTwoFactor`) and 403 `two_factor_setup_required` for a session of an account that must
 * set two-factor up first (unless `allowTwoFactorSetup`): neither is treated as signed in.
 */
export function optionalAuth(ctx: AppContext, req: FastifyRequest, options: AuthOptions = {}): Auth | null {
  const auth = sessionAuth(ctx, req, options.queryToken ?? false);
  if (!auth) return null;
  const due = twoFactorDue(ctx, auth.user, auth.session);
  if (due === 'check' && !options.allowPendingTwoFactor) throw errors.twoFactorRequired();
  if (due === 'setup' && !options.allowTwoFactorSetup) throw errors.twoFactorSetupRequired();
  return auth;
}

/** As optionalAuth, and 401 without a token. Enforces the second factor and its setup unless the options allow them. */
export function requireAuth(ctx: AppContext, req: FastifyRequest, options: AuthOptions = {}): Auth {
  const auth = optionalAuth(ctx, req, options);
  if (!auth) throw errors.unauthenticated();
  return auth;
}

/**
 * Whether a session still stands for its user as a bearer would (not revoked, not expired, the account not deleted,
 * owing neither the second factor nor its setup: twoFactorDue): what a realtime subscription it authorised is held to
 * (realtime/pusher-server.ts).
 */
export function sessionIsLive(ctx: AppContext, sessionId: number): boolean {
  const row = ctx.db
    .prepare(
      `SELECT s.revoked_at, s.expires_at, s.last_used_at, s.two_factor_passed, u.is_deleted, u.two_factor_provider, u.is_two_factor_required
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?`,
    )
    .get(sessionId) as
    | {
        revoked_at: string | null;
        expires_at: string;
        last_used_at: string;
        two_factor_passed: number;
        is_deleted: number;
        two_factor_provider: string | null;
        is_two_factor_required: number;
      }
    | undefined;
  if (!row || row.revoked_at || row.is_deleted || row.expires_at <= ctx.clock.now().toISOString() || idleTooLong(ctx, row)) return false;
  return twoFactorDue(ctx, row, row) === null;
}

export function revokeOtherSessions(ctx: AppContext, userId: number, keepSessionId: number | null): number {
  return ctx.db
    .prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND id IS NOT ?')
    .run(ctx.clock.now().toISOString(), userId, keepSessionId).changes;
}
