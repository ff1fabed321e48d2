import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, DEMO_PASSWORD, fields, login, outbox, startServer, type Call, type TestServer } from './helpers';

let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({ DEV_GOOGLE_SIGN_IN: 'true' });
  call = client(t.url);
});
afterAll(() => t.close());

describe('login', () => {
  it('accepts multipart/form-data and answers token, user and flags', async () => {
    const form = new FormData();
    form.set('email', 'client@exemplu.ro');
    form.set('password', DEMO_PASSWORD);
    form.set('token', '');
    const res = await call('POST', '/api/v1/auth/login', { form });
    expect(res.status).toBe(200);
    expect(res.body.data.access_token).toMatch(/^[\w-]{40,}$/);
    expect(res.body.data).toMatchObject({ is_two_factor_enabled: false, is_deleted: false });
    expect(res.body.data.user).toMatchObject({ email: 'client@exemplu.ro', first_name: 'Ana', is_two_factor_enabled: false, is_deleted: false });
    expect(Object.keys(res.body.data.user).sort()).toEqual(
      ['created_at', 'email', 'first_name', 'id', 'is_deleted', 'is_two_factor_enabled', 'is_two_factor_required', 'last_name', 'phone_number'],
    );
  });

  it('refuses wrong credentials with the Romanian field map', async () => {
    const res = await call('POST', '/api/v1/auth/login', { body: { email: 'client@exemplu.ro', password: 'Gresit-123' } });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(fields(res)).toEqual({ password: ['Email sau parolă greșită.'] });
    const unknown = await call('POST', '/api/v1/auth/login', { body: { email: 'nimeni@exemplu.ro', password: 'Gresit-123' } });
    expect(fields(unknown)).toEqual({ password: ['Email sau parolă greșită.'] });
  });

  it('answers is_deleted and no token for a deleted account', async () => {
    const res = await call('POST', '/api/v1/auth/login', { body: { email: 'sters@exemplu.ro', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.data.is_deleted).toBe(true);
    expect(res.body.data.access_token).toBeNull();
  });

  it('reports two-factor for the demo account', async () => {
    const res = await call('POST', '/api/v1/auth/login', { body: { email: 'client2fa@exemplu.ro', password: DEMO_PASSWORD } });
    expect(res.body.data.is_two_factor_enabled).toBe(true);
  });
});

describe('register', () => {
  it('validates every field with Romanian messages', async () => {
    const res = await call('POST', '/api/v1/auth/register', {
      body: { email: 'nu-e-email', phone_number: '12345', first_name: '', last_name: 'Pop3', password: 'scurt', password_confirmation: 'altceva', is_default_password: false, token: '' },
    });
    expect(res.status).toBe(422);
    const f = fields(res);
    expect(f.email).toEqual(['Adresa de email nu este validă.']);
    expect(f.phone_number).toEqual(['Numărul de telefon nu este valid (07xxxxxxxx).']);
    expect(f.first_name[0]).toBe('Câmpul este obligatoriu.');
    expect(f.last_name).toEqual(['Folosiți doar litere, spații și cratime.']);
    expect(f.password).toEqual(expect.arrayContaining(['Parola trebuie să aibă cel puțin 8 caractere.', 'Parola trebuie să conțină cel puțin o literă mare.', 'Parola trebuie să conțină cel puțin o cifră.']));
    expect(f.password_confirmation).toEqual(['Parolele nu coincid.']);
    expect(res.body.error.pretty_message).toBe('Adresa de email nu este validă.');
  });

  it('creates the account (201, as login) and refuses the same email again', async () => {
    const body = { email: 'Nou@Exemplu.ro', phone_number: '+40721000111', first_name: 'Ștefan', last_name: 'Țăranu', password: 'Parola-Noua-1', password_confirmation: 'Parola-Noua-1', is_default_password: false, token: '' };
    const res = await call('POST', '/api/v1/auth/register', { body });
    expect(res.status).toBe(201);
    expect(res.body.data.user).toMatchObject({ email: 'nou@exemplu.ro', phone_number: '0721000111', first_name: 'Ștefan' });
    expect(res.body.data.access_token).toBeTruthy();
    const again = await call('POST', '/api/v1/auth/register', { body });
    expect(again.status).toBe(422);
    expect(fields(again)).toEqual({ email: ['Există deja un cont cu acest email.'] });
    expect(await login(call, 'nou@exemplu.ro', 'Parola-Noua-1')).toBeTruthy();
  });
});

describe('email existence check', () => {
  it('tells existing, deleted and unknown emails apart', async () => {
    const e = (email: string) => call('POST', '/api/v1/users/email-existence-check', { body: { email, token: '' } });
    expect((await e('client@exemplu.ro')).body.data).toEqual({ alreadyExists: true, isDeleted: false });
    expect((await e('sters@exemplu.ro')).body.data).toEqual({ alreadyExists: true, isDeleted: true });
    expect((await e('altcineva@exemplu.ro')).body.data).toEqual({ alreadyExists: false, isDeleted: false });
    expect((await e('x')).status).toBe(422);
  });
});

describe('password reset', () => {
  it('mails a link that resets the password once', async () => {
    const sent = await call('POST', '/api/v1/auth/generate-reset-token', { body: { email: 'obligatoriu2fa@exemplu.ro', token: '' } });
    expect(sent.body.data).toEqual({ sent: true });
    const unknown = await call('POST', '/api/v1/auth/generate-reset-token', { body: { email: 'nimeni@exemplu.ro', token: '' } });
    expect(unknown.body.data).toEqual({ sent: true });
    expect(await outbox(call, 'nimeni@exemplu.ro')).toHaveLength(0);

    const [mail] = await outbox(call, 'obligatoriu2fa@exemplu.ro');
    expect(mail.subject).toBe('Resetarea parolei');
    const link = /http:\/\/localhost:3000\/authenticate\?\S+/.exec(mail.text)![0];
    const url = new URL(link);
    const resetToken = url.searchParams.get('reset_token')!;
    expect(url.searchParams.get('email')).toBe('obligatoriu2fa@exemplu.ro');

    const oldToken = await login(call, 'obligatoriu2fa@exemplu.ro');
    const body = { email: 'obligatoriu2fa@exemplu.ro', reset_token: resetToken, password: 'Parola-Resetata-9', password_confirmation: 'Parola-Resetata-9', token: '' };
    const reset = await call('POST', '/api/v1/auth/reset-password', { body });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({ reset: true });
    // other sessions are revoked
    expect((await call('GET', '/api/v1/auth/user', { token: oldToken })).status).toBe(401);
    expect(await login(call, 'obligatoriu2fa@exemplu.ro', 'Parola-Resetata-9')).toBeTruthy();

    const second = await call('POST', '/api/v1/auth/reset-password', { body: { ...body, password: 'Alta-Parola-8', password_confirmation: 'Alta-Parola-8' } });
    expect(second.status).toBe(422);
    expect(fields(second)).toEqual({ reset_token: ['Linkul de resetare a expirat sau a fost deja folosit.'] });
  });
});

describe('store-from-product-page', () => {
  const customer = { email: 'produs@exemplu.ro', first_name: 'Elena', last_name: 'Marin', phone_number: '0745111222' };

  it('creates a customer with a token and mails a set-password link, never a password', async () => {
    const res = await call('POST', '/api/v1/users/store-from-product-page', { body: { customer, product_id: 'rca', token: '' } });
    expect(res.status).toBe(201);
    expect(res.body.data.is_new).toBe(true);
    expect(res.body.data.access_token).toBeTruthy();
    const [mail] = await outbox(call, 'produs@exemplu.ro');
    expect(mail.text).toMatch(/\/authenticate\?reset_token=[\w-]+&email=produs%40exemplu\.ro&purpose=welcome/);
    expect(mail.text).not.toMatch(/parol[aă] generat/i);
  });

  it('refuses an existing email without a bearer, and updates the bearer user', async () => {
    const res = await call('POST', '/api/v1/users/store-from-product-page', { body: { customer: { ...customer, email: 'client@exemplu.ro' }, product_id: 'travel', token: '' } });
    expect(res.status).toBe(422);
    expect(fields(res)).toEqual({ 'customer.email': ['Există deja un cont cu acest email. Autentificați-vă pentru a continua.'] });
    const token = await login(call, 'client@exemplu.ro');
    const upd = await call('POST', '/api/v1/users/store-from-product-page', { token, body: { customer: { ...customer, email: 'client@exemplu.ro', phone_number: '0722123457' }, product_id: 'travel', token: '' } });
    expect(upd.status).toBe(200);
    expect(upd.body.data).toMatchObject({ access_token: null, is_new: false, user: { email: 'client@exemplu.ro', phone_number: '0722123457' } });
    const bad = await call('POST', '/api/v1/users/store-from-product-page', { body: { customer, product_id: 'nimic', token: '' } });
    expect(fields(bad)).toEqual({ product_id: ['Produsul nu există.'] });
  });
});

describe('google sign-in (development token)', () => {
  it('creates or signs in the account from dev-google:<email>:<First>:<Last>', async () => {
    const res = await call('POST', '/api/v1/auth/social/authentications/google', { body: { token: 'dev-google:gmail.user@exemplu.ro:Maria:Dumitrescu' } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ email: 'gmail.user@exemplu.ro', first_name: 'Maria', last_name: 'Dumitrescu' });
    expect(res.body.data.access_token).toBeTruthy();
    const deleted = await call('POST', '/api/v1/auth/social/authentications/google', { body: { token: 'dev-google:sters@exemplu.ro:Radu:Vasilescu' } });
    expect(deleted.body.data).toMatchObject({ access_token: null, is_deleted: true });
    const bad = await call('POST', '/api/v1/auth/social/authentications/google', { body: { token: 'eyJhbGciOi.fake.token' } });
    expect(bad.status).toBe(422);
  });
});

describe('user, logout, sessions and password change', () => {
  it('GET auth/user answers null without a bearer and 401 with a bad one', async () => {
    expect((await call('GET', '/api/v1/auth/user')).body).toEqual({ data: null });
    const bad = await call('GET', '/api/v1/auth/user', { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    expect(bad.body.error.code).toBe('unauthenticated');
  });

  it('logout revokes the token', async () => {
    const token = await login(call, 'client@exemplu.ro');
    expect((await call('GET', '/api/v1/auth/user', { token })).body.data.email).toBe('client@exemplu.ro');
    expect((await call('POST', '/api/v1/auth/logout', { token })).body.data).toEqual({ logged_out: true });
    expect((await call('GET', '/api/v1/auth/user', { token })).status).toBe(401);
  });

  it('lists sessions, revokes one and the others', async () => {
    const a = await login(call, 'client@exemplu.ro');
    const b = await login(call, 'client@exemplu.ro');
    const list = await call('GET', '/api/v1/sessions', { token: a, headers: { 'user-agent': 'TestAgent/1' } });
    expect(list.status).toBe(200);
    const current = list.body.data.filter((s: { is_current: boolean }) => s.is_current);
    expect(current).toHaveLength(1);
    const other = list.body.data.find((s: { is_current: boolean }) => !s.is_current);
    expect(other).toMatchObject({ id: expect.any(Number), user_agent: expect.any(String), ip: expect.any(String) });
    const sessionsOfB = await call('GET', '/api/v1/sessions', { token: b });
    const idOfB = sessionsOfB.body.data.find((s: { is_current: boolean }) => s.is_current).id;
    expect((await call('DELETE', `/api/v1/sessions/${idOfB}`, { token: a })).body.data).toEqual({ revoked: 1 });
    expect((await call('GET', '/api/v1/auth/user', { token: b })).status).toBe(401);
    expect((await call('DELETE', '/api/v1/sessions/999999', { token: a })).status).toBe(404);
    const c = await login(call, 'client@exemplu.ro');
    const revoked = await call('POST', '/api/v1/sessions/revoke-others', { token: a });
    expect(revoked.body.data.revoked).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/v1/auth/user', { token: c })).status).toBe(401);
    expect((await call('GET', '/api/v1/auth/user', { token: a })).status).toBe(200);
  });

  it('changes the password after checking the current one', async () => {
    const token = await login(call, 'nou@exemplu.ro', 'Parola-Noua-1');
    const wrong = await call('POST', '/api/v1/auth/change-password', { token, body: { current_password: 'x', password: 'Parola-Alta-2', password_confirmation: 'Parola-Alta-2' } });
    expect(fields(wrong)).toEqual({ current_password: ['Parola actuală nu este corectă.'] });
    const ok = await call('POST', '/api/v1/auth/change-password', { token, body: { current_password: 'Parola-Noua-1', password: 'Parola-Alta-2', password_confirmation: 'Parola-Alta-2' } });
    expect(ok.body.data).toEqual({ changed: true });
    expect(await login(call, 'nou@exemplu.ro', 'Parola-Alta-2')).toBeTruthy();
    expect((await call('POST', '/api/v1/auth/change-password', { body: {} })).status).toBe(401);
  });
});
