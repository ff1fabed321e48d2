import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, DEMO_PASSWORD, FakeClock, fields, outbox, startServer, type Call, type TestServer } from './helpers';
import { freshTotpCode, twoFactorCalls } from './two-factor-helpers';

let t: TestServer;
let call: Call;
const clock = new FakeClock('2026-03-10T10:00:05Z');
const SECRET = 'JBSWY3DPEHPK3PXP';
const { verify } = twoFactorCalls(() => call);

beforeAll(async () => {
  t = await startServer({}, clock);
  call = client(t.url);
});
afterAll(() => t.close());

const loginAs = (email: string, headers: Record<string, string>, password = DEMO_PASSWORD) =>
  call('POST', '/api/v1/auth/login', { body: { email, password, token: '' }, headers });

describe('identity checks that hold', () => {
  it('TOTP code used in one session is refused in another within its window', async () => {
    const h1 = { 'x-forwarded-for': '198.51.100.1', 'user-agent': 'A' };
    const h2 = { 'x-forwarded-for': '198.51.100.2', 'user-agent': 'B' };
    const s1 = (await loginAs('client2fa@exemplu.ro', h1)).body.data.access_token;
    const s2 = (await loginAs('client2fa@exemplu.ro', h2)).body.data.access_token;
    const code = await freshTotpCode(clock, SECRET);
    expect((await verify(s1, { two_factor_code: code }, h1)).status).toBe(200);
    clock.advance(20_000);
    const r = await verify(s2, { two_factor_code: code }, h2);
    expect(r.status).toBe(422);
  });

  it('same recovery code in two concurrent requests passes once', async () => {
    const hs = [1, 2].map((i) => ({ 'x-forwarded-for': `198.51.100.${20 + i}`, 'user-agent': `R${i}` }));
    const tokens = await Promise.all(hs.map(async (h) => (await loginAs('client2fa@exemplu.ro', h)).body.data.access_token as string));
    const res = await Promise.all(tokens.map((tk, i) => verify(tk, { recovery_code: 'DEMO-CODE-0003' }, hs[i])));
    expect(res.map((r) => r.status).sort()).toEqual([200, 422]);
  });

  it('sessions: another customer cannot revoke my session; revoking the current one ends it', async () => {
    const h = { 'x-forwarded-for': '198.51.100.40', 'user-agent': 'S' };
    const mine = (await loginAs('client@exemplu.ro', h)).body.data.access_token;
    const list = await call('GET', '/api/v1/sessions', { token: mine, headers: h });
    expect(list.status).toBe(200);
    const me = list.body.data.find((s: { is_current: boolean }) => s.is_current);
    expect(JSON.stringify(list.body.data)).not.toMatch(/token/);
    const reg = await call('POST', '/api/v1/auth/register', {
      body: { email: 'probe.other@exemplu.ro', phone_number: '0722000777', first_name: 'Dan', last_name: 'Marin', password: 'Parola-Alt-Client-7', password_confirmation: 'Parola-Alt-Client-7', is_default_password: false, token: '' },
    });
    const other = reg.body.data.access_token;
    expect((await call('DELETE', `/api/v1/sessions/${me.id}`, { token: other })).status).toBe(404);
    expect((await call('GET', '/api/v1/profile', { token: mine, headers: h })).status).toBe(200);
    expect((await call('DELETE', `/api/v1/sessions/${me.id}`, { token: mine, headers: h })).status).toBe(200);
    expect((await call('GET', '/api/v1/profile', { token: mine, headers: h })).status).toBe(401);
  });

  it('change-password mails the owner a notice', async () => {
    const h = { 'x-forwarded-for': '198.51.100.50', 'user-agent': 'C' };
    const email = 'probe.pw@exemplu.ro';
    const reg = await call('POST', '/api/v1/auth/register', {
      body: { email, phone_number: '0722000777', first_name: 'Dan', last_name: 'Marin', password: 'Parola-Veche-77', password_confirmation: 'Parola-Veche-77', is_default_password: false, token: '' }, headers: h,
    });
    const tk = reg.body.data.access_token;
    await outbox(call, email);
    const res = await call('POST', '/api/v1/auth/change-password', {
      token: tk, headers: h, body: { current_password: 'Parola-Veche-77', password: 'Parola-Noua-88x', password_confirmation: 'Parola-Noua-88x' },
    });
    expect(res.status, res.text).toBe(200);
    const mails = await outbox(call, email);
    expect(mails.some((m) => /parol/i.test(m.subject))).toBe(true);
  });

  it('change-password wrong current password is throttled', async () => {
    const h = { 'x-forwarded-for': '198.51.100.60', 'user-agent': 'D' };
    const reg = await call('POST', '/api/v1/auth/register', {
      body: { email: 'probe.pw2@exemplu.ro', phone_number: '0722000777', first_name: 'Dan', last_name: 'Marin', password: 'Parola-Veche-77', password_confirmation: 'Parola-Veche-77', is_default_password: false, token: '' }, headers: h,
    });
    const tk = reg.body.data.access_token;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await call('POST', '/api/v1/auth/change-password', { token: tk, headers: h, body: { current_password: `Gresit-${i}-Abc`, password: 'Parola-Noua-88x', password_confirmation: 'Parola-Noua-88x' } });
      statuses.push(r.status);
      if (r.status === 422) expect(fields(r).current_password).toBeTruthy();
    }
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('recovery codes', () => {
  it('setting the authenticator up again voids the old codes and never shows codes again', async () => {
    const h = { 'x-forwarded-for': '198.51.100.70', 'user-agent': 'E' };
    const email = 'probe.rc@exemplu.ro';
    const reg = await call('POST', '/api/v1/auth/register', {
      body: { email, phone_number: '0722000777', first_name: 'Dan', last_name: 'Marin', password: 'Parola-Veche-77', password_confirmation: 'Parola-Veche-77', is_default_password: false, token: '' }, headers: h,
    });
    const tk = reg.body.data.access_token as string;
    const qr1 = (await call('GET', '/api/v1/auth/two-factor/generate-qr-code', { token: tk, headers: h })).body.data;
    const on = await verify(tk, { secret: qr1.secret, two_factor_code: await freshTotpCode(clock, qr1.secret), provider_code: 'authenticator' }, h);
    expect(on.status, on.text).toBe(200);
    const oldCodes = on.body.data.recovery_codes as string[];
    const qr2 = (await call('GET', '/api/v1/auth/two-factor/generate-qr-code', { token: tk, headers: h })).body.data;
    expect(qr2.secret).not.toBe(qr1.secret);
    const again = await verify(tk, {
      secret: qr2.secret, two_factor_code: await freshTotpCode(clock, qr2.secret), current_recovery_code: oldCodes[0], provider_code: 'authenticator',
    }, h);
    expect(again.status, again.text).toBe(200);
    // The old codes no longer pass a check in a new session.
    const s2 = (await loginAs(email, h, 'Parola-Veche-77')).body.data.access_token;
    expect((await verify(s2, { recovery_code: oldCodes[1] }, h)).status).toBe(422);
    // Nothing read later carries the secret or the codes.
    for (const path of ['/api/v1/auth/user', '/api/v1/profile', '/api/v1/two-factor-auth-providers/user']) {
      const r = await call('GET', path, { token: tk, headers: h });
      expect(r.text).not.toContain(qr2.secret);
      expect(r.text).not.toMatch(/recovery/);
    }
  });
});
