import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, fields, login, outbox, startServer, type Call, type TestServer } from './helpers';

let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({ DEV_GOOGLE_SIGN_IN: 'true' });
  call = client(t.url);
});
afterAll(() => t.close());

const RESET_INVALID = 'Linkul de resetare a expirat sau a fost deja folosit.';

async function register(email: string, password: string): Promise<string> {
  const res = await call('POST', '/api/v1/auth/register', {
    body: { email, phone_number: '0722000999', first_name: 'Vlad', last_name: 'Tepes', password, password_confirmation: password, is_default_password: false, token: '' },
  });
  expect(res.status).toBe(201);
  return res.body.data.access_token as string;
}

/** The reset_token of the newest set-password link mailed to `email`. */
async function mailedResetToken(email: string): Promise<string> {
  const [mail] = await outbox(call, email);
  const link = /http:\/\/localhost:3000\/authenticate\?\S+/.exec(mail.text)![0];
  return new URL(link).searchParams.get('reset_token')!;
}

describe('password change and outstanding set-password links', () => {
  it('a password change voids a reset link mailed before it', async () => {
    const email = 'schimbare.parola@exemplu.ro';
    const token = await register(email, 'Parola-Initiala-71');
    expect((await call('POST', '/api/v1/auth/generate-reset-token', { body: { email, token: '' } })).status).toBe(200);
    const resetToken = await mailedResetToken(email);

    // The owner changes the password (say, after noticing the mailbox or the link was exposed).
    const changed = await call('POST', '/api/v1/auth/change-password', {
      token, body: { current_password: 'Parola-Initiala-71', password: 'Parola-Schimbata-72', password_confirmation: 'Parola-Schimbata-72' },
    });
    expect(changed.body.data).toEqual({ changed: true });

    // The older link no longer sets a password.
    const reset = await call('POST', '/api/v1/auth/reset-password', {
      body: { email, reset_token: resetToken, password: 'Parola-Atacator-73', password_confirmation: 'Parola-Atacator-73', token: '' },
    });
    expect(reset.status).toBe(422);
    expect(fields(reset)).toEqual({ reset_token: [RESET_INVALID] });
    expect(await login(call, email, 'Parola-Schimbata-72')).toBeTruthy();
  });
});

describe('an account opened by someone else before the owner signs in with Google', () => {
  it('the first Google sign-in ends the sessions and the password set before the mailbox was proven', async () => {
    const email = 'victima.google@exemplu.ro';
    // Nobody proves the mailbox at register: anyone who knows the address can open the account first.
    const attackerSession = await register(email, 'Parola-Atacator-81');

    // The owner of the (Google-verified) address signs in with Google and lands in that account.
    const google = await call('POST', '/api/v1/auth/social/authentications/google', { body: { token: `dev-google:${email}:Ana:Pop` } });
    expect(google.status).toBe(200);
    const ownerSession = google.body.data.access_token as string;
    expect((await call('GET', '/api/v1/auth/user', { token: ownerSession })).body.data.email).toBe(email);

    // Whoever opened it before keeps neither the session nor the password.
    expect((await call('GET', '/api/v1/auth/user', { token: attackerSession })).status).toBe(401);
    const again = await call('POST', '/api/v1/auth/login', { body: { email, password: 'Parola-Atacator-81', token: '' } });
    expect(again.status).toBe(422);
    expect(again.body.data?.access_token).toBeUndefined();

    // Later Google sign-ins leave the owner's other sessions alone.
    const second = await call('POST', '/api/v1/auth/social/authentications/google', { body: { token: `dev-google:${email}:Ana:Pop` } });
    expect(second.status).toBe(200);
    expect((await call('GET', '/api/v1/auth/user', { token: ownerSession })).status).toBe(200);
  });

  it('the same for an account a stranger opened at guest checkout with the owner’s address', async () => {
    const email = 'victima.ghid@exemplu.ro';
    const guest = await call('POST', '/api/v1/users/store-from-product-page', {
      body: { customer: { email, first_name: 'Ion', last_name: 'Pop', phone_number: '0745111333' }, product_id: 'rca', token: '' },
    });
    expect(guest.status).toBe(201);
    const strangerSession = guest.body.data.access_token as string;
    const google = await call('POST', '/api/v1/auth/social/authentications/google', { body: { token: `dev-google:${email}:Ion:Pop` } });
    expect(google.status).toBe(200);
    expect((await call('GET', '/api/v1/auth/user', { token: strangerSession })).status).toBe(401);
  });
});

describe('account writes take only their own fields (mass assignment)', () => {
  const extra = {
    id: 1, user_id: 1, email: 'alt@exemplu.ro', is_deleted: true, is_two_factor_required: true, is_two_factor_enabled: true,
    two_factor_provider: 'authenticator', google_sub: 'g-123', password_hash: 'x', created_at: '2000-01-01T00:00:00.000Z',
  };

  it('register, profile and preferences ignore every field outside their schema', async () => {
    const email = 'campuri.extra@exemplu.ro';
    const res = await call('POST', '/api/v1/auth/register', {
      body: { ...extra, email, phone_number: '0722000888', first_name: 'Ana', last_name: 'Pop', password: 'Parola-Campuri-61', password_confirmation: 'Parola-Campuri-61', token: '' },
    });
    expect(res.status).toBe(201);
    const token = res.body.data.access_token as string;
    const created = res.body.data.user;
    expect(created).toMatchObject({ email, is_deleted: false, is_two_factor_required: false, is_two_factor_enabled: false });
    expect(created.id).not.toBe(1);
    expect(created.created_at).not.toBe(extra.created_at);

    const profile = await call('PUT', '/api/v1/profile', { token, body: { ...extra, first_name: 'Ioana', last_name: 'Pop', phone_number: '0722000887', address: null } });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ email, first_name: 'Ioana' });
    const prefs = await call('PUT', '/api/v1/preferences', { token, body: { ...extra, marketing_email: true } });
    expect(prefs.status).toBe(200);
    expect(Object.keys(prefs.body.data).sort()).toEqual(['date_locale', 'is_dark_theme', 'marketing_email', 'marketing_sms', 'notify_expiry_email', 'notify_expiry_sms']);

    const me = (await call('GET', '/api/v1/auth/user', { token })).body.data;
    expect(me).toEqual({ ...created, first_name: 'Ioana', phone_number: '0722000887' });
    // The demo customer (id 1…) is untouched, and the password was not replaced.
    expect(await login(call, 'client@exemplu.ro')).toBeTruthy();
    expect(await login(call, email, 'Parola-Campuri-61')).toBeTruthy();
  });
});
