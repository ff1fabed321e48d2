import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, fields, outbox, startServer, type Call, type TestServer } from './helpers';

/**
 * `auth/reset-password` checked the new password against the account holder's name before anything else (no
 * captcha, no throttle, no valid link): a password made of a guessed surname answered "made of your name" for an
 * address with an account of that name and "the link has expired" for any other. That told, without limit, which
 * addresses have accounts (deleted ones too) and the holder's name. The holder's names are used only once a valid
 * link has proven the account.
 */
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer();
  call = client(t.url);
});
afterAll(() => t.close());

const RESET_INVALID = 'Linkul de resetare a expirat sau a fost deja folosit.';
const PERSONAL = 'Parola nu poate fi formată din numele sau adresa dumneavoastră de email. Alegeți alta.';

const reset = (email: string, resetToken: string, password: string) =>
  call('POST', '/api/v1/auth/reset-password', {
    body: { email, reset_token: resetToken, password, password_confirmation: password, token: '' },
    headers: { 'x-forwarded-for': '203.0.113.60' },
  });

describe('reset-password without a valid link tells nothing about the account', () => {
  it('a surname-made password gets the same answer for an account of that name, a deleted one and no account', async () => {
    // client@exemplu.ro is Ana Popescu, sters@exemplu.ro (deleted) Radu Vasilescu.
    for (const [email, password] of [
      ['client@exemplu.ro', 'Popescu#2026'],
      ['sters@exemplu.ro', 'Vasilescu#2026'],
      ['nimeni.altcineva@exemplu.ro', 'Popescu#2026'],
    ]) {
      const res = await reset(email, 'nu-este-un-link-valid', password);
      expect(res.status, email).toBe(422);
      expect(fields(res), email).toEqual({ reset_token: [RESET_INVALID] });
    }
  });

  it('with a valid link, a password made of the holder\'s name is still refused, and the link still works', async () => {
    await call('POST', '/api/v1/auth/generate-reset-token', { body: { email: 'client@exemplu.ro', token: '' } });
    const [mail] = await outbox(call, 'client@exemplu.ro');
    const link = new URL(/http:\/\/localhost:3000\/authenticate\?\S+/.exec(mail.text)![0]);
    const resetToken = link.searchParams.get('reset_token')!;
    const refused = await reset('client@exemplu.ro', resetToken, 'AnaPopescu#2026');
    expect(refused.status).toBe(422);
    expect(fields(refused)).toEqual({ password: [PERSONAL] });
    const ok = await reset('client@exemplu.ro', resetToken, 'Zambet-Verde-2026');
    expect(ok.status).toBe(200);
  });
});
