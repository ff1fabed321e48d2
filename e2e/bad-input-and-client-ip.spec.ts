import http from 'node:http';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { signUpThroughApi, uniqueEmail, xsrfToken } from './fixtures/auth';

/**
 * Issue 13 items 7 and 11 against the real web server (server/main.ts) and reference backend: a client cannot
 * choose the IP it is recorded under, and bad input gets a 4xx, never a 500 or 502.
 */

type SessionRow = { ip: string; is_current: boolean };

async function currentSessionIp(request: APIRequestContext): Promise<string> {
  const res = await request.get('/api/v1/sessions');
  expect(res.status()).toBe(200);
  const sessions = ((await res.json()) as { data: SessionRow[] }).data;
  return sessions.find((s) => s.is_current)!.ip;
}

async function writeHeaders(context: BrowserContext, request: APIRequestContext, baseURL: string) {
  return { 'X-XSRF-TOKEN': await xsrfToken(context, request), Origin: new URL(baseURL).origin };
}

test.describe('client IP', () => {
  test('a forged X-Forwarded-For (or X-Client-IP) through the web app does not change the IP the backend records', async ({ page }) => {
    const forged = { 'X-Forwarded-For': '203.0.113.66, 198.51.100.9', 'X-Client-IP': '203.0.113.67', 'X-Real-IP': '203.0.113.68' };
    const token = await xsrfToken(page.context(), page.request);
    const password = 'Parola-Test-2026';
    const res = await page.request.post('/api/v1/auth/register', {
      headers: { 'X-XSRF-TOKEN': token, ...forged },
      data: {
        email: uniqueEmail('ip'), phone_number: '0722123456', last_name: 'Ionescu', first_name: 'Ana',
        password, password_confirmation: password, is_default_password: false, token: '',
      },
    });
    expect(res.status()).toBe(201);
    const ip = await currentSessionIp(page.request);
    // The test talks to the web server over loopback: that socket address is the client IP (TRUSTED_PROXY_HOPS=0).
    expect(['127.0.0.1', '::1']).toContain(ip);
    expect(ip).not.toMatch(/203\.0\.113|198\.51\.100/);
  });

  test('a script in X-Forwarded-For is never stored as a session IP', async ({ page }) => {
    await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': '<script>alert(1)</script>' });
    await signUpThroughApi(page);
    const ip = await currentSessionIp(page.request);
    expect(['127.0.0.1', '::1']).toContain(ip);
  });
});

test.describe('bad input gets a 4xx', () => {
  for (const path of ['/%c0%ae', '/rca/%c0%ae', '/account/%c0%ae', '/api/v1/%c0%ae', '/api/v1/products/%c0%ae', '/%E0%A4%A']) {
    test(`undecodable path ${path} → 400`, async ({ request }) => {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status()).toBe(400);
      if (path.startsWith('/api/')) expect(((await res.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    });
  }

  test('a request target that is not this server\'s path → 400: never a redirect to another host, never a 500', async ({ baseURL }) => {
    const { hostname, port } = new URL(baseURL!);
    const send = (target: string) =>
      new Promise<{ status: number; location?: string }>((resolve, reject) => {
        // node:http sends the target as given: the absolute and asterisk forms a browser never sends.
        const req = http.request({ host: hostname, port, method: target === '*' ? 'OPTIONS' : 'GET', path: target, headers: { host: `${hostname}:${port}` } }, (res) => {
          res.resume();
          resolve({ status: res.statusCode!, location: res.headers.location });
        });
        req.on('error', reject);
        req.end();
      });
    // This server's own absolute-form with a `//` path (`/\` becomes `//` in the URL parser) is refused too.
    const own = `http://${hostname}:${port}`;
    for (const target of ['http://evil.example/faq', '*', `${own}//evil.example/faq`, `${own}/\\evil.example`]) {
      const answer = await send(target);
      expect(answer.status, target).toBe(400);
      expect(answer.location).toBeUndefined();
    }
    // A link with a slash too many (`https://shop//rca`, sent as `//rca`) goes to its path on this server.
    expect(await send('//evil.example/faq')).toEqual({ status: 308, location: '/evil.example/faq' });
    expect(await send('//\\evil.example/faq')).toEqual({ status: 308, location: '/evil.example/faq' });
    // Absolute-form naming this server itself is served (HTTP/1.1 servers must accept it).
    expect((await send(`http://${hostname}:${port}/faq`)).status).toBe(200);
  });

  test('a method the app does not serve → 405, never 500', async ({ request }) => {
    for (const path of ['/', '/rca', '/api/v1/products', '/api/xsrf']) {
      for (const method of ['TRACE', 'PROPFIND']) {
        const res = await request.fetch(path, { method, maxRedirects: 0 });
        expect(res.status(), `${method} ${path}`).toBe(405);
      }
    }
  });

  test('a static file with a range it cannot satisfy, a failed If-Match or a write method is never a 500', async ({ request }) => {
    const html = await (await request.get('/faq')).text();
    const script = html.match(/\/_next\/static\/[^"]+\.js/)![0];
    for (const path of ['/favicon.ico', script]) {
      const whole = await request.get(path);
      expect(whole.status(), path).toBe(200);
      const size = (await whole.body()).length;
      const farRange = await request.get(path, { headers: { range: 'bytes=999999999-' } });
      expect(farRange.status(), `far range ${path}`).toBe(200);
      expect((await farRange.body()).length).toBe(size);
      expect((await request.get(path, { headers: { 'if-match': '"nu-este"' } })).status(), `if-match ${path}`).toBe(200);
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const res = await request.fetch(path, { method, maxRedirects: 0 });
        expect(res.status(), `${method} ${path}`).toBe(405);
        expect(res.headers().allow).toBe('GET, HEAD');
      }
    }
  });

  test('malformed multipart sign-in through the BFF → 400', async ({ page, baseURL }) => {
    const headers = await writeHeaders(page.context(), page.request, baseURL!);
    for (const [type, body] of [
      ['multipart/form-data', 'garbage'],
      ['multipart/form-data; boundary=abc', 'garbage'],
      ['multipart/form-data; boundary=abc', '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\nx'],
    ]) {
      const res = await page.request.post('/api/v1/auth/login', { headers: { ...headers, 'Content-Type': type }, data: Buffer.from(body) });
      expect(res.status(), `${type}: ${body}`).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid_multipart');
    }
  });

  test('deeply nested JSON on check-active-session is not a 5xx', async ({ page, baseURL }) => {
    await signUpThroughApi(page);
    const headers = await writeHeaders(page.context(), page.request, baseURL!);
    for (const depth of [5_000, 200_000]) {
      const body = `{"user_agent":"x","a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
      const res = await page.request.post('/api/v1/auth/two-factor/check-active-session', {
        headers: { ...headers, 'Content-Type': 'application/json' },
        data: Buffer.from(body),
      });
      expect(res.status(), `depth ${depth}`).toBe(200);
    }
  });

  test('a declared Content-Length over 1 MiB → 413 before the body is read', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const token = await xsrfToken(page.context(), page.request);
    // Declares 200 MiB and sends 64 KiB only: a server that waited for the body would never answer.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${origin}/api/v1/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': String(200 * 1024 * 1024),
          cookie: `XSRF-TOKEN=${token}`,
          'x-xsrf-token': token,
          origin,
        },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write(Buffer.alloc(64 * 1024, 0x20));
    });
    expect(status).toBe(413);
  });

  test('a page refuses a declared body over 1 MiB with 413 too', async ({ request }) => {
    const res = await request.post('/rca', { headers: { 'Content-Type': 'text/plain' }, data: Buffer.alloc(1024 * 1024 + 1, 0x20) });
    expect(res.status()).toBe(413);
  });

  test('a chunked body without Content-Length is cut off at 1 MiB with 413', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const token = await xsrfToken(page.context(), page.request);
    const { status, sent } = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const req = http.request(`${origin}/api/v1/orders`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'transfer-encoding': 'chunked',
          cookie: `XSRF-TOKEN=${token}`,
          'x-xsrf-token': token,
          origin,
        },
      });
      req.on('response', (res) => {
        answered = true;
        res.resume();
        resolve({ status: res.statusCode ?? 0, sent });
        req.destroy();
      });
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      // Keeps sending (up to 64 MiB) until the server answers; the server must answer long before the end.
      const pump = () => {
        while (!answered && sent < 64 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        if (!answered) req.end();
      };
      pump();
    });
    expect(status).toBe(413);
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });
});
