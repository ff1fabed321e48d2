import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, outbox, startServer, type Call, type Res, type TestServer } from './helpers';

/**
 * The per-account sign-in throttle as a weapon: anyone who knows an address can send wrong passwords for it from
 * many IPs. That must slow the guesser, never lock the owner out: the owner's own devices (a browser that signed
 * into the account before, or used its reset link) get a window of their own, and the owner's reset is not
 * spent by the guesser's next five tries.
 */
let t: TestServer;
let call: Call;
const clock = new FakeClock('2026-03-10T10:00:05Z');

beforeAll(async () => {
  t = await startServer({ DEV_ENDPOINTS: '1' }, clock);
  call = client(t.url);
});
afterAll(() => t.close());

let ipCounter = 0;
/** A device of its own: a documentation-range IP and a browser name. */
function device(name: string) {
  ipCounter += 1;
  return { 'x-forwarded-for': `203.0.113.${ipCounter}`, 'user-agent': name };
}

const signIn = (email: string, password: string, headers: Record<string, string>): Promise<Res> =>
  call('POST', '/api/v1/auth/login', { body: { email, password, token: '' }, headers });

async function register(email: string, password: string, headers: Record<string, string>) {
  const res = await call('POST', '/api/v1/auth/register', {
    body: { email, phone_number: '0722000111', first_name: 'Ana', last_name: 'Pop', password, password_confirmation: password, is_default_password: false, token: '' },
    headers,
  });
  expect(res.status, res.text).toBe(201);
}

/** Six wrong passwords from six IPs: past the account's five free failures, the next try waits. */
async function guessFromManyIps(email: string) {
  const statuses: number[] = [];
  for (let i = 0; i < 8; i += 1) statuses.push((await signIn(email, `Gresita-Parola-${i}`, device('Guesser'))).status);
  expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
  expect(statuses.slice(5)).toContain(429);
}

describe('wrong passwords sent for an address from many IPs', () => {
  it('do not keep the owner out on a browser that signed in before; the guesser still waits', async () => {
    const email = 'tinta.parole@exemplu.ro';
    const OWNER = device('OwnerBrowser');
    await register(email, 'Parola-Proprietar-31', OWNER);
    await guessFromManyIps(email);

    const owner = await signIn(email, 'Parola-Proprietar-31', OWNER);
    expect(owner.status, owner.text).toBe(200);
    // The owner's success does not open the account's shared window to the guesser.
    expect((await signIn(email, 'Gresita-Parola-9', device('Guesser'))).status).toBe(429);
  });

  it('do not spend the owner\'s reset: the browser that used the link signs in though the guesser tries again at once', async () => {
    const email = 'tinta.resetare@exemplu.ro';
    await register(email, 'Parola-Veche-32', device('RegisteredElsewhere'));
    await guessFromManyIps(email);

    // The owner, on a browser never used for this account, asks for a link and sets a new password.
    const OWNER = device('OwnerNewPhone');
    expect((await call('POST', '/api/v1/auth/generate-reset-token', { body: { email, token: '' }, headers: OWNER })).status).toBe(200);
    const mail = (await outbox(call, email)).find((m) => /reset_token=/.test(m.text))!;
    const link = new URL(/(https?:\/\/\S+\/authenticate\?\S+)/.exec(mail.text)![1]);
    const reset = await call('POST', '/api/v1/auth/reset-password', {
      body: { email, reset_token: link.searchParams.get('reset_token'), password: 'Parola-Noua-33', password_confirmation: 'Parola-Noua-33', token: '' },
      headers: OWNER,
    });
    expect(reset.status, reset.text).toBe(200);

    // The guesser spends the five free tries the reset gave back, and more.
    await guessFromManyIps(email);
    const owner = await signIn(email, 'Parola-Noua-33', OWNER);
    expect(owner.status, owner.text).toBe(200);
  });

  it('a known browser\'s own wrong passwords are throttled in its window', async () => {
    const email = 'tinta.proprie@exemplu.ro';
    const OWNER = device('OwnerLaptop');
    await register(email, 'Parola-Proprietar-34', OWNER);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) statuses.push((await signIn(email, `Gresita-${i}-Parola`, OWNER)).status);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toContain(429);
  });

  it('the same browser name from another IP is not the owner\'s device', async () => {
    const email = 'tinta.imitata@exemplu.ro';
    const OWNER = device('OwnerBrowser');
    await register(email, 'Parola-Proprietar-35', OWNER);
    await guessFromManyIps(email);
    const impostor = { ...device('x'), 'user-agent': OWNER['user-agent'] };
    expect((await signIn(email, 'Parola-Proprietar-35', impostor)).status).toBe(429);
  });
});
