import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, login, startServer, type Call, type TestServer } from './helpers';

/** Issue 13 item 11: bad input gets a clear 4xx in the contract's error body, never a 500. */
let t: TestServer;
let call: Call;
let token: string;

beforeAll(async () => {
  t = await startServer();
  call = client(t.url);
  token = await login(call, 'client@exemplu.ro');
});
afterAll(() => t.close());

async function raw(path: string, init: RequestInit) {
  const res = await fetch(`${t.url}${path}`, init);
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as { error?: { code: string; pretty_message: string } } };
}

describe('malformed multipart', () => {
  it.each([
    ['no boundary', 'multipart/form-data', 'garbage'],
    ['boundary but no parts', 'multipart/form-data; boundary=abc', 'garbage'],
    ['cut short', 'multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\nx'],
  ])('%s → 400 invalid_multipart', async (_name, type, body) => {
    const res = await raw('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': type }, body });
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe('invalid_multipart');
    expect(res.body.error?.pretty_message).toBe('Cererea nu are un format valid.');
  });

  it.each([
    ['bad part header', 'multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition\r\n\r\nx\r\n--abc--\r\n'],
    ['empty boundary', 'multipart/form-data; boundary=', '----\r\n'],
  ])('%s → a 4xx (no usable field: validation)', async (_name, type, body) => {
    const res = await raw('/api/v1/auth/login', { method: 'POST', headers: { 'content-type': type }, body });
    expect([400, 422]).toContain(res.status);
  });

  it('a well-formed multipart sign-in still works', async () => {
    const form = new FormData();
    form.set('email', 'client@exemplu.ro');
    form.set('password', 'Parola-Demo-2026');
    form.set('token', '');
    const res = await call('POST', '/api/v1/auth/login', { form });
    expect(res.status).toBe(200);
  });

  it('a prototype-polluting field name is plain data', async () => {
    const form = new FormData();
    form.set('__proto__', 'x');
    form.set('email', 'client@exemplu.ro');
    form.set('password', 'wrong-password');
    const res = await call('POST', '/api/v1/auth/login', { form });
    expect(res.status).toBeLessThan(500);
    expect(({} as Record<string, unknown>).email).toBeUndefined();
  });
});

describe('URLs and bodies', () => {
  it.each(['/api/v1/%c0%ae', '/api/v1/products/%c0%ae', '/api/v1/%E0%A4%A', '/api/v1/orders/%ff'])(
    'undecodable path %s → 400 in the contract body',
    async (path) => {
      const res = await raw(path, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe('bad_request');
    },
  );

  it('deeply nested JSON on check-active-session is not a 5xx', async () => {
    for (const depth of [1000, 10_000, 100_000]) {
      const body = `{"user_agent":"x","user_ip":"","a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const res = await call('POST', '/api/v1/auth/two-factor/check-active-session', { token, raw: body });
      expect(res.status).toBeLessThan(500);
    }
  });

  it('a body over 1 MiB → 413 payload_too_large', async () => {
    const res = await call('POST', '/api/v1/auth/login', { raw: JSON.stringify({ email: 'x'.repeat(1024 * 1024 + 10) }) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('invalid UTF-8 in a JSON body is a 4xx', async () => {
    const res = await fetch(`${t.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xc0, 0xae, 0x22, 0x7d]),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
