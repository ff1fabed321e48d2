import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import {
  createSession,
  findUser,
  findUserByEmail,
  findUserByGoogleSub,
  optionalAuth,
  publicUser,
  recordMailboxProof,
  requireAuth,
  revokeOtherSessions,
  type UserRow,
} from '../../lib/auth';
import { verifyCaptcha } from '../../lib/captcha';
import { generatedPassword, hashPassword, randomToken, sha256, verifyPassword } from '../../lib/crypto';
import { ApiError, fieldError, validationError } from '../../lib/errors';
import { clientIp, sendData, userAgent } from '../../lib/http';
import { idempotentWrite } from '../../lib/idempotency';
import { queueMail } from '../../mail/outbox';
import { parse } from '../../lib/validation';
import {
  changePasswordBody,
  emailOnlyBody,
  googleBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  storeFromProductBody,
} from '../../../../contract/auth';
import { EMAIL_TAKEN } from '../../../../contract/auth-messages';
import { assertAcceptablePassword } from '../../lib/password-policy';
import {
  accountAttempt,
  accountDeviceAttempt,
  attemptSucceeded,
  beginAttempt,
  CAPTCHA_AFTER_FAILURES,
  checkAttempt,
  ipAttempt,
  resetAccount,
  romanianDuration,
  THROTTLE,
  type Attempt,
} from '../../lib/throttle';
import { passwordChangedMail, resetPasswordMail, twoFactorChangedMail, welcomeSetPasswordMail } from '../../mail/templates';
import { clearTwoFactor } from '../two-factor/routes';
import { GOOGLE_UNAVAILABLE, parseDevGoogleToken, verifyGoogleIdToken } from './google';

const RESET_TTL_MS = 60 * 60 * 1000;
/** The set-password link mailed after guest checkout. */
const WELCOME_TTL_MS = 72 * 60 * 60 * 1000;
/** reCAPTCHA score a sign-in needs once its account or IP has failed CAPTCHA_AFTER_FAILURES times. */
const STEP_UP_CAPTCHA_SCORE = 0.7;
const WRONG_CREDENTIALS = 'Email sau parolă greșită.';
const RESET_INVALID = 'Linkul de resetare a expirat sau a fost deja folosit.';
const GOOGLE_OTHER_ACCOUNT =
  'Această adresă de email este legată de alt cont Google. Autentificați-vă cu contul Google folosit prima dată sau cu parola contului.';

// A real hash to compare against when the email is unknown (constant-time-ish login).
const DUMMY_HASH = hashPassword('dummy-password-A1');

function loginAnswer(user: UserRow, accessToken: string | null) {
  return {
    access_token: accessToken,
    user: publicUser(user),
    is_two_factor_enabled: Boolean(user.two_factor_provider),
    is_deleted: Boolean(user.is_deleted),
  };
}

function insertUser(
  ctx: AppContext,
  u: { email: string; password_hash: string; first_name: string; last_name: string; phone_number: string; is_default_password: boolean; google_sub?: string },
): UserRow {
  const at = ctx.clock.now().toISOString();
  const r = ctx.db
    .prepare(
      `INSERT INTO users (email, password_hash, first_name, last_name, phone_number, is_default_password, google_sub, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(u.email, u.password_hash, u.first_name, u.last_name, u.phone_number, u.is_default_password ? 1 : 0, u.google_sub ?? null, at, at);
  return ctx.db.prepare('SELECT * FROM users WHERE id = ?').get(r.lastInsertRowid) as UserRow;
}

export function registerAuth(app: FastifyInstance, ctx: AppContext) {
  const captcha = (req: FastifyRequest, token: string | null | undefined) => verifyCaptcha(ctx, token, clientIp(req));

  /**
   * A throttled password check (src/lib/throttle.ts): refused while a subject must wait; after a few failures
   * the captcha must be for `action` with a higher score; then the attempt is recorded as a failure until
   * `attemptSucceeded` says otherwise.
   */
  /**
   * Whether this IP and user agent are one of the owner's devices for `email`: a session of the account was opened
   * there (a sign-in with its password, its registration, Google), or its reset or welcome link was used there. An
   * address without an account has none, so the answer tells a guesser nothing it could not tell before.
   */
  function knownSignInDevice(email: string, ip: string, ua: string): boolean {
    return Boolean(
      ctx.db
        .prepare(
          `SELECT 1 FROM users u WHERE u.email = ? AND (
             EXISTS (SELECT 1 FROM sessions s WHERE s.user_id = u.id AND s.ip = ? AND s.user_agent = ?)
             OR EXISTS (SELECT 1 FROM password_resets r WHERE r.user_id = u.id AND r.used_at IS NOT NULL AND r.used_ip = ? AND r.used_user_agent = ?))`,
        )
        .get(email.trim().toLowerCase(), ip, ua, ip, ua),
    );
  }

  async function throttledAttempt(req: FastifyRequest, attempts: Attempt[], captchaToken: string | null | undefined, action: string) {
    const { streak } = checkAttempt(ctx, attempts);
    if (streak >= CAPTCHA_AFTER_FAILURES) await verifyCaptcha(ctx, captchaToken, clientIp(req), action, STEP_UP_CAPTCHA_SCORE);
    else await captcha(req, captchaToken);
    beginAttempt(ctx, attempts);
  }

  /**
   * Whether `email` has an account, for register and store-from-product-page without a bearer: their "email taken"
   * answers tell what email-existence-check tells, so they use its IP budget (account enumeration, backend/README.md
   * "Sign-in throttle"). A client whose budget is spent is refused; a taken email spends one lookup (a new one
   * creates an account instead, which is no quiet probe).
   */
  function emailTaken(req: FastifyRequest, email: string): boolean {
    const lookup = [ipAttempt(THROTTLE.emailCheckIp, clientIp(req))];
    checkAttempt(ctx, lookup);
    const taken = Boolean(findUserByEmail(ctx, email));
    if (taken) beginAttempt(ctx, lookup);
    return taken;
  }

  /** A single-use link to /authenticate that sets the account's password (reset, or first password). */
  function passwordLink(user: UserRow, purpose: 'reset' | 'welcome'): string {
    const token = randomToken(32);
    const now = ctx.clock.now();
    ctx.db.prepare('UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(now.toISOString(), user.id);
    ctx.db
      .prepare('INSERT INTO password_resets (user_id, token_hash, expires_at, created_at, purpose) VALUES (?, ?, ?, ?, ?)')
      .run(user.id, sha256(token), new Date(now.getTime() + (purpose === 'welcome' ? WELCOME_TTL_MS : RESET_TTL_MS)).toISOString(),
        now.toISOString(), purpose);
    const query = new URLSearchParams({ reset_token: token, email: user.email });
    if (purpose === 'welcome') query.set('purpose', 'welcome');
    return `${ctx.config.webAppUrl}/authenticate?${query.toString()}`;
  }

  app.post('/api/v1/auth/login', async (req, reply) => {
    const body = parse(loginBody, req.body);
    // The owner's own devices sign in in a window of their own: wrong passwords sent for the address from elsewhere
    // slow only the account's shared window (backend/README.md "Sign-in throttle").
    const ip = clientIp(req);
    const ua = userAgent(req);
    const account = knownSignInDevice(body.email, ip, ua) ? accountDeviceAttempt(body.email, ip, ua) : accountAttempt(body.email);
    const attempts = [account, ipAttempt(THROTTLE.ip, ip)];
    await throttledAttempt(req, attempts, body.token, 'login');
    const user = findUserByEmail(ctx, body.email);
    const ok = user ? await verifyPassword(body.password, user.password_hash) : (await verifyPassword(body.password, await DUMMY_HASH), false);
    if (!user || !ok) throw fieldError('password', WRONG_CREDENTIALS);
    attemptSucceeded(ctx, [attempts[0]], [attempts[1]]);
    if (user.is_deleted) return sendData(reply, loginAnswer(user, null));
    return idempotentWrite(ctx, req, reply, 200, () => loginAnswer(user, createSession(ctx, user.id, req)));
  });

  app.post('/api/v1/auth/register', async (req, reply) => {
    const body = parse(registerBody, req.body);
    assertAcceptablePassword(body.password, body);
    await captcha(req, body.token);
    if (emailTaken(req, body.email)) throw fieldError('email', EMAIL_TAKEN);
    const hash = await hashPassword(body.password);
    return idempotentWrite(ctx, req, reply, 201, () => {
      if (findUserByEmail(ctx, body.email)) throw fieldError('email', EMAIL_TAKEN);
      const user = insertUser(ctx, { ...body, password_hash: hash });
      return loginAnswer(user, createSession(ctx, user.id, req));
    });
  });

  app.post('/api/v1/users/store-from-product-page', async (req, reply) => {
    const body = parse(storeFromProductBody, req.body);
    await captcha(req, body.token);
    const auth = optionalAuth(ctx, req);
    const c = body.customer;
    if (auth) {
      return idempotentWrite(ctx, req, reply, 200, () => {
        ctx.db
          .prepare('UPDATE users SET first_name = ?, last_name = ?, phone_number = ?, updated_at = ? WHERE id = ?')
          .run(c.first_name, c.last_name, c.phone_number, ctx.clock.now().toISOString(), auth.user.id);
        const user = ctx.db.prepare('SELECT * FROM users WHERE id = ?').get(auth.user.id) as UserRow;
        return { access_token: null, user: publicUser(user), is_new: false };
      });
    }
    const existsMessage = 'Există deja un cont cu acest email. Autentificați-vă pentru a continua.';
    if (emailTaken(req, c.email)) throw fieldError('customer.email', existsMessage);
    // Every new account mails a welcome link to the address typed: bounded per client IP, or one client could have
    // the broker mail any list of addresses (backend/README.md "Sign-in throttle").
    try {
      beginAttempt(ctx, [ipAttempt(THROTTLE.guestAccountIp, clientIp(req))]);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 429) throw err;
      const seconds = Number(err.headers['retry-after'] ?? 60);
      throw new ApiError(429, 'too_many_attempts', 'Too many accounts created from this client.',
        `Din această rețea s-au creat prea multe conturi. Încercați din nou peste ${romanianDuration(seconds)}.`, err.headers);
    }
    // A random password nobody knows (never mailed, never logged): the customer chooses one through the
    // single-use set-password link of the welcome mail.
    const hash = await hashPassword(generatedPassword());
    return idempotentWrite(
      ctx, req, reply, 201,
      () => {
        if (findUserByEmail(ctx, c.email)) throw fieldError('customer.email', existsMessage);
        const user = insertUser(ctx, { ...c, password_hash: hash, is_default_password: true });
        queueMail(ctx, { to: user.email, ...welcomeSetPasswordMail(c.first_name, c.email, passwordLink(user, 'welcome')) });
        return { access_token: createSession(ctx, user.id, req), user: publicUser(user), is_new: true };
      },
    );
  });

  app.post('/api/v1/auth/social/authentications/google', async (req, reply) => {
    const body = parse(googleBody, req.body);
    // Development tokens (`dev-google:<email>`) only where DEV_GOOGLE_SIGN_IN switches them on (never in
    // production, never by default: they sign in as anyone); without a client id Google sign-in is otherwise
    // unavailable, never a sign-in without a credential.
    if (!ctx.config.googleClientId && !ctx.config.devGoogleSignIn) {
      throw new ApiError(403, 'google_sign_in_unavailable', 'Google sign-in is not configured.', GOOGLE_UNAVAILABLE);
    }
    const profile = ctx.config.googleClientId
      ? await verifyGoogleIdToken(body.token, ctx.config.googleClientId, ctx.clock.now(), ctx.config.googleCertsUrl)
      : parseDevGoogleToken(body.token);
    if (!profile) throw fieldError('token', 'Autentificarea cu Google a eșuat. Încercați din nou.');
    // Google's `sub` is the Google account, its `email` is not for good: the owner may change the address of the
    // Google account, a Google account opened for a non-Gmail address keeps `email_verified` after the mailbox goes
    // to someone else (a reassigned work address, a domain bought), and one address can front several Google
    // accounts. So the account linked to this Google account (one at most: migration 16) is the one signed into,
    // whatever address Google shows now: it keeps its own address (the shop changes no account's email), and an
    // account of the new address, someone else's or another Google account's, is neither signed into, linked nor
    // changed. Only without a linked account does the address decide: the account of that address (linked to no
    // other Google account: refused, below; never linked: linked now) or a new one.
    const accountOf = () => findUserByGoogleSub(ctx, profile.sub) ?? findUserByEmail(ctx, profile.email);
    const existing = accountOf();
    if (existing?.is_deleted) return sendData(reply, loginAnswer(existing, null));
    // An account linked to one Google account is signed into by that one only.
    const otherGoogleAccount = (u: UserRow | undefined) => Boolean(u?.google_sub && u.google_sub !== profile.sub);
    if (otherGoogleAccount(existing)) throw fieldError('token', GOOGLE_OTHER_ACCOUNT);
    // A random password nobody knows: for a new account, and for an existing one Google links for the first time.
    const hash = existing?.google_sub ? null : await hashPassword(generatedPassword());
    return idempotentWrite(ctx, req, reply, 200, () => {
      let user = accountOf();
      // The account may have been deleted, or a first link by another Google account committed, since the read above.
      if (user?.is_deleted) return loginAnswer(user, null);
      if (otherGoogleAccount(user)) throw fieldError('token', GOOGLE_OTHER_ACCOUNT);
      if (!user) {
        user = insertUser(ctx, {
          email: profile.email, password_hash: hash ?? '', first_name: profile.first_name,
          last_name: profile.last_name, phone_number: '', is_default_password: true, google_sub: profile.sub,
        });
        recordMailboxProof(ctx, user.id);
      } else if (!user.google_sub) {
        // Register and guest checkout never prove the mailbox, Google does: the account may have been opened by
        // someone who only knew the address (pre-account takeover). What was set before this proof goes: every
        // session ends and the password is replaced by one nobody knows (the owner can choose one with a reset
        // link). Two-factor set up before any proof of the mailbox goes too, or its setter would hold the owner at
        // the second factor for good: the secret (active or pending; a setup secret not yet confirmed is sealed to a
        // session, revoked above), the recovery codes, the mailed codes still unused, and every device on which the
        // account passed the factor (a known device escapes the user's two-factor attempt window). The owner signs
        // in as an account without two-factor does (one that must have it is sent to set it up afresh) and is
        // mailed if two-factor was on. Two-factor set up after a proof (a reset link used, a mailed code) is the
        // owner's, and stays, as at a reset: whoever takes over the Google account still owes the second factor.
        const hadTwoFactor = Boolean(user.two_factor_provider);
        const dropTwoFactor = !hadTwoFactor || Boolean(user.two_factor_before_email_proof);
        ctx.db
          .prepare('UPDATE users SET google_sub = ?, password_hash = ?, is_default_password = 1, updated_at = ? WHERE id = ?')
          .run(profile.sub, hash, ctx.clock.now().toISOString(), user.id);
        // The proof a password reset also gives (reset-password below): two-factor set up from now on is kept by a reset.
        recordMailboxProof(ctx, user.id);
        revokeOtherSessions(ctx, user.id, null);
        if (dropTwoFactor) clearTwoFactor(ctx, user.id);
        ctx.db.prepare('UPDATE sessions SET two_factor_passed = 0 WHERE user_id = ?').run(user.id);
        if (hadTwoFactor && dropTwoFactor) {
          queueMail(ctx, { to: user.email, ...twoFactorChangedMail(user.first_name, 'removed_at_google_link', null, ctx.clock.now()) });
        }
        user = findUser(ctx, user.id);
      }
      return loginAnswer(user, createSession(ctx, user.id, req));
    });
  });

  app.post('/api/v1/users/email-existence-check', async (req, reply) => {
    const body = parse(emailOnlyBody, req.body);
    // Every lookup counts against the IP (account enumeration); none is ever given back.
    const attempts = [ipAttempt(THROTTLE.emailCheckIp, clientIp(req))];
    checkAttempt(ctx, attempts);
    await captcha(req, body.token);
    beginAttempt(ctx, attempts);
    const user = findUserByEmail(ctx, body.email);
    return sendData(reply, { alreadyExists: Boolean(user), isDeleted: Boolean(user?.is_deleted) });
  });

  app.post('/api/v1/auth/generate-reset-token', async (req, reply) => {
    const body = parse(emailOnlyBody, req.body);
    await captcha(req, body.token);
    // Every request counts, for the address typed whether or not it has an account (the answer stays the same for
    // both) and for the client: the mail goes to that address, whoever asks (backend/README.md "Sign-in throttle").
    try {
      beginAttempt(ctx, [ipAttempt(THROTTLE.resetMailIp, clientIp(req)), { policy: THROTTLE.resetMailEmail, subject: body.email.trim().toLowerCase() }]);
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 429) throw err;
      const seconds = Number(err.headers['retry-after'] ?? 60);
      throw new ApiError(429, 'too_many_attempts', 'Too many reset links asked for.',
        `Ați cerut prea multe linkuri de resetare. Încercați din nou peste ${romanianDuration(seconds)}.`, err.headers);
    }
    const user = findUserByEmail(ctx, body.email);
    return idempotentWrite(
      ctx, req, reply, 200,
      () => {
        if (user && !user.is_deleted) {
          queueMail(ctx, { to: user.email, ...resetPasswordMail(user.first_name, passwordLink(user, 'reset')) });
        }
        return { sent: true };
      },
    );
  });

  app.post('/api/v1/auth/reset-password', async (req, reply) => {
    const body = parse(resetPasswordBody, req.body);
    // Until a valid link proves the account, the password is checked against what was typed only: the holder's
    // names here would answer "made of your name" for an address with an account of that name, and so tell anyone,
    // before the captcha and the throttle, which addresses have accounts and who holds them.
    assertAcceptablePassword(body.password, body);
    // Token guessing: every try counts against the IP until a valid token gives it back.
    const attempts = [ipAttempt(THROTTLE.resetIp, clientIp(req))];
    await throttledAttempt(req, attempts, body.token, 'password_reset');
    const validLink = () =>
      ctx.db
        .prepare(
          `SELECT r.id, r.user_id FROM password_resets r JOIN users u ON u.id = r.user_id
           WHERE r.token_hash = ? AND u.email = ? AND r.used_at IS NULL AND r.expires_at > ? AND u.is_deleted = 0`,
        )
        .get(sha256(body.reset_token), body.email, ctx.clock.now().toISOString()) as { id: number; user_id: number } | undefined;
    const proven = validLink();
    if (proven) {
      try {
        assertAcceptablePassword(body.password, findUser(ctx, proven.user_id));
      } catch (err) {
        // A valid link: the attempt was no guess.
        attemptSucceeded(ctx, [], attempts);
        throw err;
      }
    }
    const hash = await hashPassword(body.password);
    const result = await idempotentWrite(ctx, req, reply, 200, () => {
      const now = ctx.clock.now().toISOString();
      const row = validLink();
      if (!row) throw fieldError('reset_token', RESET_INVALID);
      const user = findUser(ctx, row.user_id);
      // The browser that used the link is the owner's (knownSignInDevice above).
      ctx.db.prepare('UPDATE password_resets SET used_at = ?, used_ip = ?, used_user_agent = ? WHERE id = ?').run(now, clientIp(req), userAgent(req), row.id);
      ctx.db.prepare('UPDATE users SET password_hash = ?, is_default_password = 0, updated_at = ? WHERE id = ?').run(hash, now, row.user_id);
      revokeOtherSessions(ctx, row.user_id, null);
      // The mailbox proved the owner (a reset or a welcome link alike: both were mailed there only): the sign-in lock
      // of the account is lifted, and the proof is recorded.
      resetAccount(ctx, body.email);
      recordMailboxProof(ctx, row.user_id);
      // Register and guest checkout never prove the mailbox: two-factor set up before the first proof may be that of
      // whoever opened the account knowing only the address, and would hold the owner at its check for good. It goes
      // as at the first Google link: the secret, the recovery codes, the mailed codes still unused, every device
      // that passed the factor (the sessions are all ended above). The owner then signs in as an account without
      // two-factor does (one that must have it is sent to set it up afresh) and is mailed. Two-factor set up after a
      // proof is never dropped here: a stolen mailbox must not bypass a second factor the owner chose.
      if (user.two_factor_provider && user.two_factor_before_email_proof) {
        clearTwoFactor(ctx, row.user_id);
        ctx.db.prepare('UPDATE sessions SET two_factor_passed = 0 WHERE user_id = ?').run(row.user_id);
        queueMail(ctx, { to: user.email, ...twoFactorChangedMail(user.first_name, 'removed_at_password_reset', null, ctx.clock.now()) });
      }
      return { reset: true };
    });
    attemptSucceeded(ctx, [], attempts);
    return result;
  });

  // The setup page reads the signed-in user (and the tab's keep-alive calls here): an account that must set two-factor
  // up may; a pending session may not (it is not signed in yet).
  app.get('/api/v1/auth/user', async (req, reply) => {
    const auth = optionalAuth(ctx, req, { allowTwoFactorSetup: true });
    return sendData(reply, auth ? publicUser(auth.user) : null);
  });

  // A pending session, or one that owes the two-factor setup, may always leave.
  app.post('/api/v1/auth/logout', async (req, reply) => {
    const auth = requireAuth(ctx, req, { allowPendingTwoFactor: true, allowTwoFactorSetup: true });
    return idempotentWrite(ctx, req, reply, 200, () => {
      ctx.db.prepare('UPDATE sessions SET revoked_at = ? WHERE id = ?').run(ctx.clock.now().toISOString(), auth.session.id);
      return { logged_out: true };
    });
  });

  app.post('/api/v1/auth/change-password', async (req, reply) => {
    const auth = requireAuth(ctx, req);
    const body = parse(changePasswordBody, req.body);
    // The same secret as sign-in: guesses here count against the same account and IP.
    const attempts = [accountAttempt(auth.user.email), ipAttempt(THROTTLE.ip, clientIp(req))];
    beginAttempt(ctx, attempts);
    if (!(await verifyPassword(body.current_password, auth.user.password_hash))) {
      throw fieldError('current_password', 'Parola actuală nu este corectă.');
    }
    attemptSucceeded(ctx, [attempts[0]], [attempts[1]]);
    if (body.current_password === body.password) {
      throw validationError({ password: ['Parola nouă trebuie să fie diferită de cea actuală.'] });
    }
    assertAcceptablePassword(body.password, auth.user);
    const hash = await hashPassword(body.password);
    return idempotentWrite(ctx, req, reply, 200, () => {
      const now = ctx.clock.now().toISOString();
      ctx.db
        .prepare('UPDATE users SET password_hash = ?, is_default_password = 0, updated_at = ? WHERE id = ?')
        .run(hash, now, auth.user.id);
      // A reset or welcome link mailed before the change no longer sets a password.
      ctx.db.prepare('UPDATE password_resets SET used_at = ? WHERE user_id = ? AND used_at IS NULL').run(now, auth.user.id);
      revokeOtherSessions(ctx, auth.user.id, auth.session.id);
      // The owner hears of it in the mailbox, whoever changed it (a stolen session with a guessed or phished password).
      queueMail(ctx, { to: auth.user.email, ...passwordChangedMail(auth.user.first_name, ctx.clock.now()) });
      return { changed: true };
    });
  });
}
