import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, login, startServer, type Call, type TestServer } from './helpers';
import { freshTotpCode } from './two-factor-helpers';

/**
 * Turning two-factor on for the first time hands the account to whoever holds the new factor: the owner's next
 * sign-in needs it, and a reset does not drop it once the mailbox was proven. A session copied hours after its
 * sign-in (a stolen cookie, a computer left signed in) must not be able to do it: the authenticator's key is issued
 * only to a session signed in within the last 30 minutes.
 */
let t: TestServer;
let call: Call;
const clock = new FakeClock('2026-03-10T10:00:05Z');

beforeAll(async () => {
  t = await startServer({}, clock);
  call = client(t.url);
});
afterAll(() => t.close());

async function newAccount(n: number): Promise<{ email: string; password: string; token: string }> {
  const email = `recent.${n}@exemplu.ro`;
  const password = 'Parola-Recenta-2026';
  const res = await call('POST', '/api/v1/auth/register', {
    body: { email, phone_number: '0722000888', first_name: 'Ioana', last_name: 'Stan', password, password_confirmation: password, is_default_password: false, token: '' },
  });
  expect(res.status, res.text).toBe(201);
  return { email, password, token: res.body.data.access_token as string };
}

/** Keeps the session in use (its idle hour never runs out) while `minutes` pass. */
async function keepUsing(token: string, minutes: number) {
  for (let i = 0; i < minutes; i += 10) {
    clock.advance(Math.min(10, minutes - i) * 60_000);
    expect((await call('GET', '/api/v1/auth/user', { token })).status).toBe(200);
  }
}

const qrFor = (token: string) => call('GET', '/api/v1/auth/two-factor/generate-qr-code', { token });

describe('first two-factor setup needs a recent sign-in', () => {
  it('a session signed in 30 minutes ago or less gets the key and can turn two-factor on', async () => {
    const { token } = await newAccount(1);
    await keepUsing(token, 30);
    const qr = await qrFor(token);
    expect(qr.status, qr.text).toBe(200);
    const code = await freshTotpCode(clock, qr.body.data.secret);
    const verified = await call('POST', '/api/v1/auth/two-factor/verify-code', {
      token,
      body: { token: '', two_factor_code: code, secret: qr.body.data.secret, provider_code: 'authenticator', user_agent: 'ua', user_ip: '' },
    });
    expect(verified.status, verified.text).toBe(200);
  });

  it('an older session is refused with 403 recent_sign_in_required and a Romanian reason; a new sign-in gets the key', async () => {
    const { email, password, token } = await newAccount(2);
    await keepUsing(token, 31);
    const refused = await qrFor(token);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('recent_sign_in_required');
    expect(refused.body.error.pretty_message).toMatch(/Autentificați-vă din nou/);
    // The session itself is not ended: it still reads the account.
    expect((await call('GET', '/api/v1/auth/user', { token })).status).toBe(200);
    const fresh = await login(call, email, password);
    expect((await qrFor(fresh)).status).toBe(200);
  });

  it('does not apply to the mailed-code setup (the code goes to the owner\'s mailbox)', async () => {
    const { token } = await newAccount(3);
    await keepUsing(token, 45);
    const sent = await call('POST', '/api/v1/auth/two-factor/generate-code', {
      token,
      body: { token: '', provider_code: 'email', user_agent: 'ua', user_ip: '' },
    });
    expect(sent.status, sent.text).toBe(200);
  });
});
