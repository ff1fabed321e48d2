import { createHash } from 'node:crypto';
import { addressBlock } from '../../../contract/address-block';
import type { AppContext } from '../context';
import { ApiError } from './errors';

/**
 * Brute-force throttle of the password-checking calls (backend/README.md "Sign-in throttle"). Counters live in
 * the database (`auth_throttle`), so they survive restarts and hold across processes.
 *
 * Every counted attempt is recorded *before* the secret is checked, in the same transaction as the check: a
 * burst of concurrent guesses cannot all slip through before the first failure is written. A success then
 * resets the account's counter and gives the IP its attempt back.
 *
 * Per subject: `failures` (consecutive, never decays: the hard cap) and `streak` (restarts after `quietMs`
 * without a failure: the growing delay). After `free` failures in a streak, the next attempt waits
 * `baseDelayMs × 2^(streak − free)`, at most `maxDelayMs`, counted from the last failure.
 */
export interface ThrottlePolicy {
  scope: string;
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  quietMs: number;
  /** Consecutive failures after which the subject is refused until `reset` (a password reset). */
  hardCap?: number;
}

const MINUTE = 60_000;

export const THROTTLE = {
  /** One account (by email, known or not: the lock must not tell which emails exist), any IP. */
  account: { scope: 'login-account', free: 5, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, quietMs: 24 * 60 * MINUTE, hardCap: 100 },
  /**
   * One account on one of the owner's devices (a browser that signed into it before or used its reset link: same IP
   * and user agent), any password: the window of the owner's own sign-ins, apart from the account's shared one. Wrong
   * passwords sent for the address from elsewhere fill the shared window and never this one, so they slow the guesser
   * without keeping the owner out (backend/README.md "Sign-in throttle").
   */
  accountDevice: { scope: 'login-account-device', free: 5, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, quietMs: 24 * 60 * MINUTE, hardCap: 100 },
  /** One client IP (IPv6: its /64), any account: password spraying. */
  ip: { scope: 'login-ip', free: 30, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, quietMs: 60 * MINUTE },
  /** Reset-token guessing from one IP. */
  resetIp: { scope: 'reset-ip', free: 10, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, quietMs: 60 * MINUTE },
  /** email-existence-check: every lookup counts (account enumeration). */
  emailCheckIp: { scope: 'email-check-ip', free: 300, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, quietMs: 15 * MINUTE },
  /** contact-messages from one client IP: every message counts (each stores a row and mails a receipt). */
  contactIp: { scope: 'contact-ip', free: 20, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, quietMs: 60 * MINUTE },
  /** contact-messages for one email, from any IP: the receipt goes to that address, whoever typed it. */
  contactEmail: { scope: 'contact-email', free: 5, baseDelayMs: 10 * MINUTE, maxDelayMs: 24 * 60 * MINUTE, quietMs: 24 * 60 * MINUTE },
  /**
   * generate-reset-token for one address (known or not alike), from any IP: each request mails that address a link
   * and voids the one before. The wait never outlasts a link's 60 minutes: the owner always has a usable one.
   */
  resetMailEmail: { scope: 'reset-mail-email', free: 3, baseDelayMs: 5 * MINUTE, maxDelayMs: 60 * MINUTE, quietMs: 24 * 60 * MINUTE },
  /** generate-reset-token from one client IP (IPv6: its /64), any address. */
  resetMailIp: { scope: 'reset-mail-ip', free: 20, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, quietMs: 60 * MINUTE },
  /**
   * New-device sign-in mails of one account (by user id). A sign-in with a user agent never seen mails the owner, and
   * the user agent is whatever the client sends: without a bound, whoever knows the password (or registered an
   * address that is not theirs) could mail that inbox once per sign-in. Past the bound the sign-in still succeeds;
   * only its mail is skipped.
   */
  newDeviceMail: { scope: 'new-device-mail', free: 3, baseDelayMs: 10 * MINUTE, maxDelayMs: 60 * MINUTE, quietMs: 24 * 60 * MINUTE },
  /**
   * Accounts store-from-product-page creates from one client IP (IPv6: its /64): each one mails a welcome link to
   * the address typed, a new address every time.
   */
  guestAccountIp: { scope: 'guest-account-ip', free: 50, baseDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, quietMs: 60 * MINUTE },
} satisfies Record<string, ThrottlePolicy>;

/** Failures of an account or IP streak after which a sign-in needs the stricter captcha (when captcha is on). */
export const CAPTCHA_AFTER_FAILURES = 3;

interface Row {
  failures: number;
  streak: number;
  last_failure_at: string;
}

/** The throttle's key for a client IP: the address, or for IPv6 its /64 (one subscriber's block). */
export const ipSubject = addressBlock;

/**
 * The /48 of an IPv6 client (a site's or a small provider's allocation: 65,536 /64s), for an aggregate bound beside
 * the per-/64 one; null for IPv4 (its address is its subject already).
 */
export function ipv6Block48(ip: string): string | null {
  const block = addressBlock(ip);
  if (!block.endsWith('::/64')) return null;
  return `${block.slice(0, -'::/64'.length).split(':').slice(0, 3).join(':')}::/48`;
}

export function delayMs(policy: ThrottlePolicy, streak: number): number {
  if (streak < policy.free) return 0;
  return Math.min(policy.baseDelayMs * 2 ** (streak - policy.free), policy.maxDelayMs);
}

/** Romanian "30 de secunde", "un minut", "15 minute". */
export function romanianDuration(seconds: number): string {
  const count = (n: number, one: string, many: string) => {
    if (n === 1) return one;
    const r = n % 100;
    return r === 0 || r >= 20 ? `${n} de ${many}` : `${n} ${many}`;
  };
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return count(s, 'o secundă', 'secunde');
  return count(Math.ceil(s / 60), 'un minut', 'minute');
}

export function throttledError(retryAfterMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new ApiError(
    429,
    'too_many_attempts',
    'Too many attempts.',
    `Prea multe încercări nereușite. Încercați din nou peste ${romanianDuration(seconds)}.`,
    { 'retry-after': String(seconds) },
  );
}

export function lockedError(): ApiError {
  return new ApiError(
    429,
    'too_many_attempts',
    'Too many failed attempts: the password must be reset.',
    'Contul a fost blocat după prea multe încercări nereușite. Alegeți o parolă nouă cu „Am uitat parola”.',
  );
}

export type Attempt = { policy: ThrottlePolicy; subject: string };

/**
 * A row quiet for longer than its policy's `quietMs` counts for nothing, unless it holds an existing account's hard
 * cap (consecutive failures of a known email never decay): reads treat it as absent, and the retention job deletes
 * it (modules/retention/service.ts, the same condition), not the attempt that happens to come along.
 */
function forgotten(ctx: AppContext, a: Attempt, row: Row, now: number): boolean {
  if (sinceLastFailure(row, now) <= a.policy.quietMs) return false;
  if (!a.policy.hardCap) return true;
  return !ctx.db.prepare('SELECT 1 FROM users WHERE email = ?').get(a.subject);
}

function read(ctx: AppContext, a: Attempt, now: number): Row | undefined {
  const row = ctx.db
    .prepare('SELECT failures, streak, last_failure_at FROM auth_throttle WHERE scope = ? AND subject = ?')
    .get(a.policy.scope, a.subject) as Row | undefined;
  return row && forgotten(ctx, a, row, now) ? undefined : row;
}

/**
 * The row with a last failure stamped later than now (the clock was set back, or another process sharing the
 * database runs ahead) re-stamped now, in the database too: its delay then runs from now and ends after its own
 * length, instead of lasting until the clock catches up with the stamp. Counts nothing.
 */
function readNotAfter(ctx: AppContext, a: Attempt, now: number): Row | undefined {
  const row = read(ctx, a, now);
  if (!row || !(Date.parse(row.last_failure_at) > now)) return row;
  const at = new Date(now).toISOString();
  ctx.db
    .prepare('UPDATE auth_throttle SET last_failure_at = ? WHERE scope = ? AND subject = ? AND last_failure_at > ?')
    .run(at, a.policy.scope, a.subject, at);
  return { ...row, last_failure_at: at };
}

/**
 * Milliseconds from an ISO stamp to `now`, never negative: a stamp later than now (the clock was set back, or
 * another process sharing the database runs ahead) and an unreadable one count as just now.
 */
export function elapsedSince(stamp: string, now: number): number {
  const at = Date.parse(stamp);
  return Number.isFinite(at) ? Math.max(0, now - at) : 0;
}

/**
 * What is left of a wait of `lengthMs` that started at `stamp`: between 0 and `lengthMs` whatever the clock did
 * (a wait never lasts longer than itself because the clock was set back).
 */
export function remainingWaitMs(stamp: string, lengthMs: number, now: number): number {
  return Math.max(0, lengthMs - elapsedSince(stamp, now));
}

/** Milliseconds since the row's last failure, never negative (an unreadable stamp counts as just now). */
function sinceLastFailure(row: Row, now: number): number {
  return elapsedSince(row.last_failure_at, now);
}

/** The streak as it stands now (0 after a quiet period). */
function currentStreak(a: Attempt, row: Row | undefined, now: number): number {
  if (!row) return 0;
  return sinceLastFailure(row, now) > a.policy.quietMs ? 0 : row.streak;
}

/**
 * Throws 429 `too_many_attempts` when a subject must still wait (Retry-After: the longest wait) or has reached its
 * hard cap; otherwise returns the largest current streak (the captcha step-up). Records no attempt (it only
 * re-stamps a failure dated later than now, see `readNotAfter`).
 */
export function checkAttempt(ctx: AppContext, attempts: Attempt[]): { streak: number } {
  const now = ctx.clock.now().getTime();
  let wait = 0;
  let streak = 0;
  for (const a of attempts) {
    const row = readNotAfter(ctx, a, now);
    if (!row) continue;
    if (a.policy.hardCap && row.failures >= a.policy.hardCap) throw lockedError();
    const s = currentStreak(a, row, now);
    streak = Math.max(streak, s);
    // The delay runs from the last failure and is never longer than the delay itself, whatever the clock did.
    wait = Math.max(wait, delayMs(a.policy, s) - sinceLastFailure(row, now));
  }
  if (wait > 0) throw throttledError(wait);
  return { streak };
}

/**
 * `checkAttempt` and, when it passes, one failure recorded for every subject, in one IMMEDIATE transaction (so
 * concurrent attempts, in this process or another, are counted one after the other).
 */
export function beginAttempt(ctx: AppContext, attempts: Attempt[]): void {
  const now = ctx.clock.now().getTime();
  ctx.db
    .transaction(() => {
      checkAttempt(ctx, attempts);
      const at = new Date(now).toISOString();
      for (const a of attempts) {
        const row = read(ctx, a, now);
        const s = currentStreak(a, row, now);
        // A forgotten row still stored (the retention job has not deleted it yet) starts over as a new one would.
        ctx.db
          .prepare(
            `INSERT INTO auth_throttle (scope, subject, failures, streak, last_failure_at) VALUES (@scope, @subject, 1, @streak, @at)
             ON CONFLICT (scope, subject) DO UPDATE SET failures = CASE WHEN @fresh THEN 1 ELSE failures + 1 END,
               streak = excluded.streak, last_failure_at = excluded.last_failure_at`,
          )
          .run({ scope: a.policy.scope, subject: a.subject, streak: s + 1, at, fresh: row ? 0 : 1 });
      }
    })
    .immediate();
}

/**
 * `beginAttempt` for a bound that must not refuse the call it counts (a mail it may skip): true when the attempt
 * was admitted and recorded, false when the subject must still wait.
 */
export function admitQuietly(ctx: AppContext, attempts: Attempt[]): boolean {
  try {
    beginAttempt(ctx, attempts);
    return true;
  } catch (err) {
    if (err instanceof ApiError && err.status === 429) return false;
    throw err;
  }
}

/** The secret was right: the given subjects are cleared (an account), the others get this attempt back (an IP). */
export function attemptSucceeded(ctx: AppContext, reset: Attempt[], refund: Attempt[] = []) {
  ctx.db.transaction(() => {
    for (const a of reset) ctx.db.prepare('DELETE FROM auth_throttle WHERE scope = ? AND subject = ?').run(a.policy.scope, a.subject);
    for (const a of refund) {
      ctx.db
        .prepare('UPDATE auth_throttle SET failures = MAX(failures - 1, 0), streak = MAX(streak - 1, 0) WHERE scope = ? AND subject = ?')
        .run(a.policy.scope, a.subject);
    }
  })();
}

/** Clears an account's counters (a password reset through the mailed link proves the owner). */
export function resetAccount(ctx: AppContext, email: string) {
  const subject = email.toLowerCase();
  ctx.db.prepare('DELETE FROM auth_throttle WHERE scope = ? AND subject = ?').run(THROTTLE.account.scope, subject);
  // The windows of the account's devices go too (their subjects start with the address and '#').
  ctx.db
    .prepare('DELETE FROM auth_throttle WHERE scope = ? AND substr(subject, 1, ?) = ?')
    .run(THROTTLE.accountDevice.scope, subject.length + 1, `${subject}#`);
}

/** The window of `email`'s sign-ins on one of its owner's devices (THROTTLE.accountDevice). */
export const accountDeviceAttempt = (email: string, ip: string, userAgent: string): Attempt => ({
  policy: THROTTLE.accountDevice,
  subject: `${email.trim().toLowerCase()}#${createHash('sha256').update(`${ip}\n${userAgent}`).digest('hex').slice(0, 32)}`,
});

export const accountAttempt = (email: string): Attempt => ({ policy: THROTTLE.account, subject: email.trim().toLowerCase() });
export const ipAttempt = (policy: ThrottlePolicy, ip: string): Attempt => ({ policy, subject: ipSubject(ip) });
