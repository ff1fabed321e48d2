import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, outbox, startServer, type Call, type TestServer } from './helpers';

/**
 * A password changed from /account/security ends the owner's other sessions: without a mail the owner, signed out
 * elsewhere, never learns that someone holding a session and the password took the account over.
 */
let t: TestServer;
let call: Call;
const clock = new FakeClock('2026-03-10T10:00:05Z');

beforeAll(async () => {
  t = await startServer({}, clock);
  call = client(t.url);
});
afterAll(() => t.close());

const EMAIL = 'schimbare.parola@exemplu.ro';
const OLD = 'Parola-Veche-77';
const NEW = 'Parola-Noua-88x';

describe('auth/change-password', () => {
  it('mails the owner that the password was changed, without the password', async () => {
    const reg = await call('POST', '/api/v1/auth/register', {
      body: { email: EMAIL, phone_number: '0722000777', first_name: 'Dan', last_name: 'Marin', password: OLD, password_confirmation: OLD, is_default_password: false, token: '' },
    });
    expect(reg.status, reg.text).toBe(201);
    const token = reg.body.data.access_token as string;
    await outbox(call, EMAIL);
    const before = (await outbox(call, EMAIL)).length;

    const refused = await call('POST', '/api/v1/auth/change-password', {
      token, body: { current_password: 'Gresita-Parola-1', password: NEW, password_confirmation: NEW },
    });
    expect(refused.status).toBe(422);
    expect(await outbox(call, EMAIL)).toHaveLength(before);

    const res = await call('POST', '/api/v1/auth/change-password', {
      token, body: { current_password: OLD, password: NEW, password_confirmation: NEW },
    });
    expect(res.status, res.text).toBe(200);
    const mails = await outbox(call, EMAIL);
    expect(mails).toHaveLength(before + 1);
    expect(mails[0].subject).toBe('Parola contului a fost schimbată');
    expect(mails[0].text).toContain('10 martie 2026');
    expect(mails[0].text).toContain('„Am uitat parola”');
    expect(mails[0].text).not.toContain(NEW);
  });
});
