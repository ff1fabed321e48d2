import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, DEMO_PASSWORD, FakeClock, fields, login, outbox, startServer, type Call, type Res, type TestServer } from './helpers';
import { delayMs, ipSubject, romanianDuration, THROTTLE } from '../src/lib/throttle';
import { isCommonPassword, isPersonalPassword } from '../src/lib/password-policy';

/**
 * Issue 13, items 8, 10 and 12: the sign-in throttle (per account, per IP, growing delay, 100 cap, captcha
 * step-up, reset on success, counters in the database), common passwords refused, and the set-password link
 * mailed after guest checkout instead of a password. Everything through the real API.
 */

const WRONG = 'Parola-Gresita-1';
let ipCounter = 0;
/** A fresh documentation-range client IP (the test server believes X-Forwarded-For from loopback). */
const freshIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

function signIn(call: Call, email: string, password: string, ip: string, token = ''): Promise<Res> {
  return call('POST', '/api/v1/auth/login', { body: { email, password, token }, headers: { 'x-forwarded-for': ip } });
}

function expectThrottled(res: Res, seconds?: number) {
  expect(res.status).toBe(429);
  expect(res.body.error.code).toBe('too_many_attempts');
  expect(res.body.error.pretty_message).toMatch(/^Prea multe încercări nereușite\. Încercați din nou peste .+\.$/);
  if (seconds !== undefined) expect(res.headers.get('retry-after')).toBe(String(seconds));
}

async function register(call: Call, email: string, password = 'Lumina-Verde-42', ip = freshIp()): Promise<Res> {
  return call('POST', '/api/v1/auth/register', {
    body: { email, phone_number: '0722000111', first_name: 'Ion', last_name: 'Popescu', password, password_confirmation: password, is_default_password: false, token: '' },
    headers: { 'x-forwarded-for': ip },
  });
}

describe('sign-in throttle', () => {
  let t: TestServer;
  let call: Call;
  const clock = new FakeClock('2026-03-02T10:00:00Z');
  beforeAll(async () => {
    t = await startServer({}, clock);
    call = client(t.url);
  });
  afterAll(() => t.close());

  it('40 wrong passwords, then the right one: throttled after 5, with Retry-After and a Romanian message', { timeout: 60_000 }, async () => {
    await register(call, 'tinta@exemplu.ro');
    const ip = freshIp();
    const statuses: number[] = [];
    let last: Res | null = null;
    for (let i = 0; i < 40; i++) {
      last = await signIn(call, 'tinta@exemplu.ro', `${WRONG}${i}`, ip);
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    expectThrottled(last!, 30);
    expect(last!.body.error.pretty_message).toBe('Prea multe încercări nereușite. Încercați din nou peste 30 de secunde.');

    const right = await signIn(call, 'tinta@exemplu.ro', 'Lumina-Verde-42', ip);
    expectThrottled(right);
    expect(right.body.data).toBeUndefined();

    // The wait passes: the right password signs in.
    clock.advance(30_000);
    const after = await signIn(call, 'tinta@exemplu.ro', 'Lumina-Verde-42', ip);
    expect(after.status).toBe(200);
    expect(after.body.data.access_token).toEqual(expect.any(String));
  });

  it('the delay doubles with every further failure, up to 15 minutes', async () => {
    await register(call, 'dublu@exemplu.ro');
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) expect((await signIn(call, 'dublu@exemplu.ro', WRONG, freshIp())).status).toBe(422);
    for (let i = 0; i < 7; i++) {
      const refused = await signIn(call, 'dublu@exemplu.ro', WRONG, freshIp());
      expectThrottled(refused);
      const wait = Number(refused.headers.get('retry-after'));
      waits.push(wait);
      clock.advance(wait * 1000);
      expect((await signIn(call, 'dublu@exemplu.ro', WRONG, freshIp())).status).toBe(422);
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900]);
    const message = (await signIn(call, 'dublu@exemplu.ro', WRONG, freshIp())).body.error.pretty_message;
    expect(message).toBe('Prea multe încercări nereușite. Încercați din nou peste 15 minute.');
  });

  it('counts per account across IPs, and per IP across accounts', { timeout: 90_000 }, async () => {
    await register(call, 'cont-a@exemplu.ro');
    // Per account: five IPs, one failure each, lock the account for a sixth IP too.
    for (let i = 0; i < 5; i++) expect((await signIn(call, 'cont-a@exemplu.ro', WRONG, freshIp())).status).toBe(422);
    expectThrottled(await signIn(call, 'cont-a@exemplu.ro', 'Lumina-Verde-42', freshIp()));

    // Per IP: 30 failures on 30 accounts (known or not) from one IP, then even a right password from it waits…
    const sprayer = freshIp();
    for (let i = 0; i < 30; i++) expect((await signIn(call, `spray-${i}@exemplu.ro`, WRONG, sprayer)).status).toBe(422);
    expectThrottled(await signIn(call, 'client@exemplu.ro', DEMO_PASSWORD, sprayer), 30);
    // …while the same account from another IP signs in.
    expect((await signIn(call, 'client@exemplu.ro', DEMO_PASSWORD, freshIp())).status).toBe(200);
    // An IPv6 client is counted by its /64.
    expect(ipSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(ipSubject('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
  });

  it('a success resets the account’s counter', async () => {
    await register(call, 'reset@exemplu.ro');
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await signIn(call, 'reset@exemplu.ro', WRONG, ip)).status).toBe(422);
    expect((await signIn(call, 'reset@exemplu.ro', 'Lumina-Verde-42', ip)).status).toBe(200);
    // Five fresh failures are free again (without the reset the fifth overall would already wait).
    for (let i = 0; i < 5; i++) expect((await signIn(call, 'reset@exemplu.ro', WRONG, ip)).status).toBe(422);
    expectThrottled(await signIn(call, 'reset@exemplu.ro', WRONG, ip), 30);
  });

  it('concurrent guesses are counted one after the other: a burst of 20 checks at most 5 passwords', async () => {
    await register(call, 'rafala@exemplu.ro');
    const answers = await Promise.all(Array.from({ length: 20 }, () => signIn(call, 'rafala@exemplu.ro', WRONG, freshIp())));
    expect(answers.filter((r) => r.status === 422)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(15);
  });

  it('never more than 100 consecutive failures per account; a password reset lifts the lock', { timeout: 240_000 }, async () => {
    await register(call, 'sute@exemplu.ro');
    let failures = 0;
    for (let guard = 0; failures < 100 && guard < 300; guard++) {
      const res = await signIn(call, 'sute@exemplu.ro', WRONG, freshIp());
      if (res.status === 422) failures += 1;
      else clock.advance(Number(res.headers.get('retry-after')) * 1000);
    }
    expect(failures).toBe(100);
    // The cap holds after any wait, even for the right password.
    clock.advance(3 * 24 * 3600 * 1000);
    const locked = await signIn(call, 'sute@exemplu.ro', 'Lumina-Verde-42', freshIp());
    expect(locked.status).toBe(429);
    expect(locked.body.error.code).toBe('too_many_attempts');
    expect(locked.body.error.pretty_message).toBe(
      'Contul a fost blocat după prea multe încercări nereușite. Alegeți o parolă nouă cu „Am uitat parola”.',
    );

    // The owner proves the mailbox: the reset link lifts the lock.
    await call('POST', '/api/v1/auth/generate-reset-token', { body: { email: 'sute@exemplu.ro', token: '' } });
    const link = new URL(/http:\/\/localhost:3000\/authenticate\?\S+/.exec((await outbox(call, 'sute@exemplu.ro'))[0].text)![0]);
    const reset = await call('POST', '/api/v1/auth/reset-password', {
      body: { email: 'sute@exemplu.ro', reset_token: link.searchParams.get('reset_token'), password: 'Munte-Albastru-77', password_confirmation: 'Munte-Albastru-77', token: '' },
    });
    expect(reset.status).toBe(200);
    expect((await signIn(call, 'sute@exemplu.ro', 'Munte-Albastru-77', freshIp())).status).toBe(200);
  });

  it('change-password: wrong current passwords count against the same account', async () => {
    const token = (await register(call, 'schimb@exemplu.ro')).body.data.access_token as string;
    const change = (current: string) =>
      call('POST', '/api/v1/auth/change-password', {
        token,
        body: { current_password: current, password: 'Rau-De-Munte-5', password_confirmation: 'Rau-De-Munte-5' },
        headers: { 'x-forwarded-for': freshIp() },
      });
    for (let i = 0; i < 5; i++) {
      const res = await change(WRONG);
      expect(res.status).toBe(422);
      expect(fields(res)).toEqual({ current_password: ['Parola actuală nu este corectă.'] });
    }
    expectThrottled(await change('Lumina-Verde-42'), 30);
    // Sign-in shares the counter.
    expectThrottled(await signIn(call, 'schimb@exemplu.ro', 'Lumina-Verde-42', freshIp()), 30);
    clock.advance(30_000);
    expect((await change('Lumina-Verde-42')).status).toBe(200);
  });

  it('reset-password: token guessing from one IP is throttled', async () => {
    const ip = freshIp();
    const guess = () =>
      call('POST', '/api/v1/auth/reset-password', {
        body: { email: 'client@exemplu.ro', reset_token: `ghicit-${Math.random()}`, password: 'Munte-Albastru-77', password_confirmation: 'Munte-Albastru-77', token: '' },
        headers: { 'x-forwarded-for': ip },
      });
    for (let i = 0; i < 10; i++) expect((await guess()).status).toBe(422);
    expectThrottled(await guess(), 30);
  });

  it('email-existence-check: lookups from one IP are throttled after 300 (account enumeration)', { timeout: 90_000 }, async () => {
    const ip = freshIp();
    for (let i = 0; i < 300; i++) {
      const res = await call('POST', '/api/v1/users/email-existence-check', { body: { email: `enum-${i}@exemplu.ro`, token: '' }, headers: { 'x-forwarded-for': ip } });
      expect(res.status).toBe(200);
    }
    expectThrottled(
      await call('POST', '/api/v1/users/email-existence-check', { body: { email: 'client@exemplu.ro', token: '' }, headers: { 'x-forwarded-for': ip } }),
      30,
    );
    const other = await call('POST', '/api/v1/users/email-existence-check', { body: { email: 'client@exemplu.ro', token: '' }, headers: { 'x-forwarded-for': freshIp() } });
    expect(other.body.data).toEqual({ alreadyExists: true, isDeleted: false });
  });

  it('register and store-from-product-page tell whether an email has an account too: they share the lookup budget', { timeout: 90_000 }, async () => {
    const ip = freshIp();
    for (let i = 0; i < 299; i++) {
      const res = await call('POST', '/api/v1/users/email-existence-check', { body: { email: `enum2-${i}@exemplu.ro`, token: '' }, headers: { 'x-forwarded-for': ip } });
      expect(res.status).toBe(200);
    }
    // The 300th lookup of the budget: an "email taken" answer spends it.
    expect(fields(await register(call, 'client2fa@exemplu.ro', 'Lumina-Verde-42', ip)).email).toEqual(['Există deja un cont cu acest email.']);
    // Before the fix: 422 "Există deja un cont cu acest email." for a known email, an account for an unknown one.
    expectThrottled(await register(call, 'client@exemplu.ro', 'Lumina-Verde-42', ip), 30);
    const store = await call('POST', '/api/v1/users/store-from-product-page', {
      body: { customer: { email: 'client@exemplu.ro', first_name: 'Ion', last_name: 'Pop', phone_number: '0722000111' }, product_id: 'rca', token: '' },
      headers: { 'x-forwarded-for': ip },
    });
    expectThrottled(store, 30);
    // Another client is not held.
    expect(fields(await register(call, 'client@exemplu.ro')).email).toEqual(['Există deja un cont cu acest email.']);
  });

  it('the policy figures and the Romanian durations', () => {
    expect([5, 6, 7, 10, 11, 50].map((n) => delayMs(THROTTLE.account, n) / 1000)).toEqual([30, 60, 120, 900, 900, 900]);
    expect(delayMs(THROTTLE.account, 4)).toBe(0);
    expect([1, 2, 19, 20, 30, 59, 60, 61, 120, 900].map(romanianDuration)).toEqual([
      'o secundă', '2 secunde', '19 secunde', '20 de secunde', '30 de secunde', '59 de secunde', 'un minut', '2 minute',
      '2 minute', '15 minute',
    ]);
  });
});

describe('sign-in throttle when the clock moves back', () => {
  // Failures stamped later than now: the server's clock was set back (NTP step, POST /dev/clock), or another
  // process sharing the database runs ahead. A wait is never longer than the delay the policy gives.
  let t: TestServer;
  let call: Call;
  const clock = new FakeClock('2026-03-02T10:00:00Z');
  const DAY = 24 * 3600 * 1000;
  beforeAll(async () => {
    t = await startServer({}, clock);
    call = client(t.url);
  });
  afterAll(() => t.close());

  it('a lock recorded in the future lasts its own 30 s, not until the clock catches up', async () => {
    clock.set('2026-03-02T10:00:00Z');
    await register(call, 'inapoi@exemplu.ro');
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await signIn(call, 'inapoi@exemplu.ro', WRONG, ip)).status).toBe(422);
    expectThrottled(await signIn(call, 'inapoi@exemplu.ro', 'Lumina-Verde-42', ip), 30);

    clock.advance(-10 * DAY);
    const refused = await signIn(call, 'inapoi@exemplu.ro', 'Lumina-Verde-42', ip);
    expectThrottled(refused, 30);
    expect(refused.body.error.pretty_message).toBe('Prea multe încercări nereușite. Încercați din nou peste 30 de secunde.');
    clock.advance(29_000);
    expectThrottled(await signIn(call, 'inapoi@exemplu.ro', 'Lumina-Verde-42', ip), 1);
    clock.advance(1_000);
    expect((await signIn(call, 'inapoi@exemplu.ro', 'Lumina-Verde-42', ip)).status).toBe(200);
  });

  it('failures and successes stamped in the future lock nobody who has no delay due', async () => {
    clock.set('2026-03-02T10:00:00Z');
    await register(call, 'sub-prag@exemplu.ro');
    const ip = freshIp();
    // The IP's counter keeps a row after a success (its attempt given back); the account has two failures.
    expect((await signIn(call, 'client@exemplu.ro', DEMO_PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await signIn(call, 'sub-prag@exemplu.ro', WRONG, ip)).status).toBe(422);

    clock.advance(-10 * DAY);
    expect((await signIn(call, 'client@exemplu.ro', DEMO_PASSWORD, ip)).status).toBe(200);
    expect((await signIn(call, 'sub-prag@exemplu.ro', 'Lumina-Verde-42', ip)).status).toBe(200);
  });

  it('after the clock moves back, each failure counts once and the delay still grows from the streak', async () => {
    clock.set('2026-03-02T10:00:00Z');
    await register(call, 'o-data@exemplu.ro');
    const ip = freshIp();
    for (let i = 0; i < 4; i++) expect((await signIn(call, 'o-data@exemplu.ro', WRONG, ip)).status).toBe(422);

    clock.advance(-10 * DAY);
    // The fifth failure, now earlier than the other four: 30 s (counted twice it would be 60 s).
    expect((await signIn(call, 'o-data@exemplu.ro', WRONG, ip)).status).toBe(422);
    expectThrottled(await signIn(call, 'o-data@exemplu.ro', WRONG, ip), 30);
    clock.advance(30_000);
    expect((await signIn(call, 'o-data@exemplu.ro', WRONG, ip)).status).toBe(422);
    expectThrottled(await signIn(call, 'o-data@exemplu.ro', 'Lumina-Verde-42', ip), 60);
    clock.advance(60_000);
    expect((await signIn(call, 'o-data@exemplu.ro', 'Lumina-Verde-42', ip)).status).toBe(200);
  });
});

describe('throttle counters live in the database', () => {
  it('survive a restart of the server', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'broker-throttle-'));
    const env = { DATABASE_PATH: path.join(dir, 'db.sqlite') };
    try {
      const first = await startServer(env);
      const call1 = client(first.url);
      for (let i = 0; i < 5; i++) expect((await signIn(call1, 'client@exemplu.ro', WRONG, '198.18.0.1')).status).toBe(422);
      await first.close();
      const second = await startServer(env);
      try {
        expectThrottled(await signIn(client(second.url), 'client@exemplu.ro', DEMO_PASSWORD, '198.18.0.2'));
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('captcha after failures', () => {
  let stub: Server;
  let stubUrl = '';
  beforeAll(async () => {
    // siteverify stand-in: 'strong' scores 0.9, 'weak' 0.6 (enough on its own, not after failures).
    stub = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const token = new URLSearchParams(raw).get('response');
        const answer =
          token === 'strong' ? { success: true, score: 0.9, action: 'login' } :
          token === 'weak' ? { success: true, score: 0.6, action: 'login' } :
          { success: false };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
    stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}/siteverify`;
  });
  afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

  it('with captcha on: after 3 failures a sign-in needs a strong captcha; a refused captcha is not a password try', async () => {
    const t = await startServer({ RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_VERIFY_URL: stubUrl });
    try {
      const call = client(t.url);
      const ip = freshIp();
      expect((await signIn(call, 'client@exemplu.ro', DEMO_PASSWORD, ip, 'weak')).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await signIn(call, 'client@exemplu.ro', WRONG, ip, 'weak')).status).toBe(422);
      for (let i = 0; i < 5; i++) {
        const weak = await signIn(call, 'client@exemplu.ro', DEMO_PASSWORD, ip, 'weak');
        expect(weak.status).toBe(422);
        expect(fields(weak).token?.[0]).toMatch(/reCAPTCHA/);
      }
      // Five captcha refusals did not bring the account to its 5-failure wait.
      const strong = await signIn(call, 'client@exemplu.ro', DEMO_PASSWORD, ip, 'strong');
      expect(strong.status).toBe(200);
      // The success reset the account: the weak captcha is enough again.
      expect((await signIn(call, 'client@exemplu.ro', DEMO_PASSWORD, freshIp(), 'weak')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('with captcha off the step-up is inert: the fourth try without a token still checks the password', async () => {
    const t = await startServer();
    try {
      const call = client(t.url);
      for (let i = 0; i < 3; i++) expect((await signIn(call, 'client@exemplu.ro', WRONG, '198.18.1.1')).status).toBe(422);
      expect((await signIn(call, 'client@exemplu.ro', DEMO_PASSWORD, '198.18.1.1')).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});

describe('common and personal passwords are refused', () => {
  let t: TestServer;
  let call: Call;
  beforeAll(async () => {
    t = await startServer();
    call = client(t.url);
  });
  afterAll(() => t.close());

  const COMMON = 'Această parolă este prea des folosită. Alegeți alta.';
  const PERSONAL = 'Parola nu poate fi formată din numele sau adresa dumneavoastră de email. Alegeți alta.';

  it.each(['Password1', 'Parola123', 'Qwerty123', 'Aaaaaaa1', 'P@r0la2024', 'Parolă2026', 'Iubire123', 'Steaua1986'])(
    'register refuses %s',
    async (password) => {
      const res = await register(call, `comun-${password.length}-${Math.random()}@exemplu.ro`.replace('0.', ''), password);
      expect(res.status).toBe(422);
      expect(fields(res)).toEqual({ password: [COMMON] });
    },
  );

  it('register refuses a password made of the user’s own name or email', async () => {
    for (const password of ['Popescu2024', 'IonPopescu1', 'Ion.Popescu99']) {
      const res = await register(call, 'ion.popescu@exemplu.ro', password);
      expect(res.status).toBe(422);
      expect(fields(res)).toEqual({ password: [PERSONAL] });
    }
    expect((await register(call, 'ion.popescu@exemplu.ro', 'Popescu-Cartof-Verde-1')).status).toBe(201);
  });

  it('change-password and reset-password refuse them too', async () => {
    const token = await login(call, 'client@exemplu.ro');
    const change = await call('POST', '/api/v1/auth/change-password', {
      token,
      body: { current_password: DEMO_PASSWORD, password: 'Qwerty123', password_confirmation: 'Qwerty123' },
    });
    expect(change.status).toBe(422);
    expect(fields(change)).toEqual({ password: [COMMON] });

    await call('POST', '/api/v1/auth/generate-reset-token', { body: { email: 'client@exemplu.ro', token: '' } });
    const link = new URL(/http:\/\/localhost:3000\/authenticate\?\S+/.exec((await outbox(call, 'client@exemplu.ro'))[0].text)![0]);
    const body = { email: 'client@exemplu.ro', reset_token: link.searchParams.get('reset_token'), password: 'Password1', password_confirmation: 'Password1', token: '' };
    const reset = await call('POST', '/api/v1/auth/reset-password', { body });
    expect(reset.status).toBe(422);
    expect(fields(reset)).toEqual({ password: [COMMON] });
    // The link was not used up by the refusal.
    const ok = await call('POST', '/api/v1/auth/reset-password', { body: { ...body, password: 'Munte-Albastru-77', password_confirmation: 'Munte-Albastru-77' } });
    expect(ok.status).toBe(200);
  });

  it('the list check (unit): variants caught, ordinary passphrases kept', () => {
    for (const p of ['password', 'Password1!', 'qwerty123', 'Parola!', 'PAROLA2025', '1111111aA', 'Dragoste1']) expect(isCommonPassword(p)).toBe(true);
    for (const p of ['Parola-Demo-2026', 'Munte-Albastru-77', 'Lumina-Verde-42', 'xK9#mQ2$vL']) expect(isCommonPassword(p)).toBe(false);
    expect(isPersonalPassword('Marin1990', { email: 'x@exemplu.ro', first_name: 'Elena', last_name: 'Marin' })).toBe(true);
    expect(isPersonalPassword('ElenaMarin!7', { email: 'x@exemplu.ro', first_name: 'Elena', last_name: 'Marin' })).toBe(true);
    expect(isPersonalPassword('Marin-Pe-Munte-7', { email: 'x@exemplu.ro', first_name: 'Elena', last_name: 'Marin' })).toBe(false);
  });
});

describe('guest checkout: a set-password link instead of a password by mail', () => {
  let t: TestServer;
  let call: Call;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await startServer({}, clock);
    call = client(t.url);
  });
  afterAll(() => t.close());

  const guest = (email: string) =>
    call('POST', '/api/v1/users/store-from-product-page', {
      body: { customer: { email, first_name: 'Elena', last_name: 'Marin', phone_number: '0745111222' }, product_id: 'rca', token: '' },
    });

  async function welcomeLink(email: string): Promise<URL> {
    const mails = await outbox(call, email);
    expect(mails).toHaveLength(1);
    const match = /http:\/\/localhost:3000\/authenticate\?\S+/.exec(mails[0].text);
    expect(match).not.toBeNull();
    return new URL(match![0]);
  }

  it('mails a link and no password; the link sets a password once; the guest session ends', async () => {
    const created = await guest('oaspete@exemplu.ro');
    expect(created.status).toBe(201);
    const guestSession = created.body.data.access_token as string;
    const [mail] = await outbox(call, 'oaspete@exemplu.ro');
    expect(mail.subject).toBe('Contul dumneavoastră a fost creat: alegeți o parolă');
    expect(mail.text).not.toMatch(/parol[aă] generat|parola:/i);
    // Apart from the link, no password-like string (lower and upper case and digits, 10+ characters, as the
    // generated password is) is in the mail.
    const link = await welcomeLink('oaspete@exemplu.ro');
    const withoutLink = `${mail.text}\n${(mail as { html?: string }).html ?? ''}`.split(link.href).join('').replace(/http:\/\/localhost:3000\/authenticate\?\S+/g, '');
    expect(withoutLink.match(/(?=[\w-]*\d)(?=[\w-]*[a-z])(?=[\w-]*[A-Z])[\w-]{10,}/g)).toBeNull();
    expect(link.searchParams.get('email')).toBe('oaspete@exemplu.ro');
    expect(link.searchParams.get('purpose')).toBe('welcome');

    const body = { email: 'oaspete@exemplu.ro', reset_token: link.searchParams.get('reset_token'), password: 'Ploaie-De-Vara-3', password_confirmation: 'Ploaie-De-Vara-3', token: '' };
    const common = await call('POST', '/api/v1/auth/reset-password', { body: { ...body, password: 'Parola123', password_confirmation: 'Parola123' } });
    expect(fields(common)).toEqual({ password: ['Această parolă este prea des folosită. Alegeți alta.'] });

    const set = await call('POST', '/api/v1/auth/reset-password', { body });
    expect(set.status).toBe(200);
    expect(await login(call, 'oaspete@exemplu.ro', 'Ploaie-De-Vara-3')).toEqual(expect.any(String));
    expect((await call('GET', '/api/v1/auth/user', { token: guestSession })).status).toBe(401);

    const again = await call('POST', '/api/v1/auth/reset-password', { body: { ...body, password: 'Alta-Ploaie-De-Vara-4', password_confirmation: 'Alta-Ploaie-De-Vara-4' } });
    expect(again.status).toBe(422);
    expect(fields(again)).toEqual({ reset_token: ['Linkul de resetare a expirat sau a fost deja folosit.'] });
  });

  it('the link expires after 72 hours', async () => {
    await guest('tarziu@exemplu.ro');
    const link = await welcomeLink('tarziu@exemplu.ro');
    clock.advance(72 * 3600 * 1000 + 1000);
    const res = await call('POST', '/api/v1/auth/reset-password', {
      body: { email: 'tarziu@exemplu.ro', reset_token: link.searchParams.get('reset_token'), password: 'Ploaie-De-Vara-3', password_confirmation: 'Ploaie-De-Vara-3', token: '' },
    });
    expect(res.status).toBe(422);
    expect(fields(res)).toEqual({ reset_token: ['Linkul de resetare a expirat sau a fost deja folosit.'] });
  });
});
