import { expect, test } from '@playwright/test';

/**
 * Attacks that must fail (issue 7): proxy bypass headers and RSC/prefetch URLs, hostile route parameters,
 * cross-site writes to the BFF, and the security headers every page carries.
 */

const ACCOUNT_PAGES = ['/account/orders', '/account/policies', '/account/vignettes', '/account/profile', '/account/security'];

test.describe('security headers', () => {
  test('every page carries a nonce CSP and the hardening headers', async ({ request }) => {
    const nonces = new Set<string>();
    for (const path of ['/', '/rca', '/authenticate', '/faq']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const headers = res.headers();
      const csp = headers['content-security-policy'];
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      nonces.add(/'nonce-([^']+)'/.exec(csp)![1]);
      expect(headers['strict-transport-security']).toContain('max-age=');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      // Every inline script of the page carries this response's nonce.
      const html = await res.text();
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
      for (const tag of inlineScripts) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(4);
  });

  test('API responses carry the static hardening headers', async ({ request }) => {
    const res = await request.get('/api/v1/maintenances/status');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(res.headers()['strict-transport-security']).toContain('max-age=');
  });

  test('an HTML answer outside the proxy (a 404 under /api, /images, /_next/static, /robots.txt) runs no script', async ({ request }) => {
    // proxy.ts, which gives pages their nonce policy, skips these paths; Next.js still answers them with its HTML 404.
    for (const path of ['/api/nope', '/api/%3Cimg%20src=x%3E', '/images/nope.html', '/fonts/nope', '/builds/nope', '/pusher/nope', '/_next/static/nope.html', '/robots.txt', '/healthzx']) {
      const res = await request.get(path);
      const headers = res.headers();
      if (!String(headers['content-type'] ?? '').startsWith('text/html')) continue;
      const csp = headers['content-security-policy'] ?? '';
      expect(csp, path).toContain("default-src 'none'");
      expect(csp, path).not.toMatch(/script-src/);
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("base-uri 'none'");
      expect(csp, path).toContain("object-src 'none'");
    }
  });

  test('hashed build files carry nosniff and long caching, not the page-only headers (issue 17)', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const script = /<script src="(\/_next\/static\/chunks\/[^"]+\.js)"/.exec(html)![1];
    const res = await request.get(script);
    expect(res.status()).toBe(200);
    const headers = res.headers();
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['cache-control']).toContain('immutable');
    for (const pageOnly of ['strict-transport-security', 'x-frame-options', 'referrer-policy', 'permissions-policy', 'x-request-id']) {
      expect(headers[pageOnly], pageOnly).toBeUndefined();
    }
  });
});

test.describe('proxy cannot be skipped', () => {
  for (const path of ACCOUNT_PAGES) {
    test(`${path} stays closed with bypass headers and RSC/prefetch URLs`, async ({ request }) => {
      const attempts: Array<{ url: string; headers: Record<string, string> }> = [
        { url: path, headers: { 'x-middleware-subrequest': 'middleware:middleware:middleware:middleware:middleware' } },
        { url: path, headers: { 'x-middleware-subrequest': 'proxy:proxy:proxy:proxy:proxy' } },
        { url: path, headers: { 'x-middleware-subrequest': 'src/middleware:src/middleware:src/middleware:src/middleware:src/middleware' } },
        { url: `${path}?_rsc=abc12`, headers: { RSC: '1' } },
        { url: path, headers: { RSC: '1', 'Next-Router-Prefetch': '1' } },
        { url: `${path}.rsc`, headers: { RSC: '1' } },
        { url: path, headers: { 'x-invoke-path': '/account/orders', 'x-matched-path': '/' } },
      ];
      for (const { url, headers } of attempts) {
        const res = await request.get(url, { headers, maxRedirects: 0 });
        const label = `${url} ${JSON.stringify(headers)}`;
        if (res.status() >= 300 && res.status() < 400) {
          expect(res.headers()['location'], label).toContain('/authenticate');
        } else {
          // Anything else must not be the account page's content.
          expect([404, 400, 403], label).toContain(res.status());
        }
        const body = await res.text();
        expect(body, label).not.toContain('Comenzile mele');
        expect(body, label).not.toContain('Polițele mele');
      }
    });
  }

  test('a client cannot forge the proxy-only request headers', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'x-partner-code': 'forged', 'x-theme': 'partner', 'x-pathname': '/evil' });
    await page.goto('/rca');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'partner');
    await expect(page.getByText('forged')).toHaveCount(0);
  });
});

test.describe('hostile route parameters are escaped', () => {
  const payloads = ['<script>window.__pwned=1</script>', '"><img src=x onerror="window.__pwned=1">', "'-alert(1)-'"];

  for (const payload of payloads) {
    test(`payload ${JSON.stringify(payload)} in plate, VIN, partner and slug`, async ({ page }) => {
      const dialogs: string[] = [];
      page.on('dialog', async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });
      const encoded = encodeURIComponent(payload);
      for (const url of [
        `/rca/${encoded}`,
        `/rca/B123ABC/${encoded}`,
        `/rca-${encoded}/B123ABC`,
        `/travel-${encoded}`,
        `/info/${encoded}`,
      ]) {
        const res = await page.goto(url);
        expect(res, url).not.toBeNull();
        expect(res!.status(), url).toBeLessThan(500);
        const pwned = await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned);
        expect(pwned, url).toBeUndefined();
        const html = await page.content();
        expect(html, url).not.toContain('<img src="x" onerror');
        expect(html, url).not.toContain('<script>window.__pwned');
      }
      expect(dialogs).toEqual([]);
    });
  }
});

test.describe('cross-site requests to the BFF', () => {
  test('a write from another origin is refused', async ({ request }) => {
    const res = await request.post('/api/v1/users/email-existence-check', {
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      data: { email: 'client@exemplu.ro', token: '' },
    });
    expect(res.status()).toBe(403);
  });

  test('a write without the XSRF token is refused', async ({ playwright, baseURL }) => {
    const fresh = await playwright.request.newContext({ baseURL });
    const res = await fresh.post('/api/v1/users/email-existence-check', {
      headers: { 'Content-Type': 'application/json' },
      data: { email: 'client@exemplu.ro', token: '' },
    });
    expect(res.status()).toBe(403);
    await fresh.dispose();
  });

  test('a development Google token signs nobody in on a local run (dev endpoints on, as npm start)', async ({ playwright, baseURL }) => {
    const fresh = await playwright.request.newContext({ baseURL });
    const res = await fresh.post('/api/v1/auth/social/authentications/google', {
      headers: { cookie: 'XSRF-TOKEN=e2e-xsrf', 'x-xsrf-token': 'e2e-xsrf', origin: baseURL!, 'content-type': 'application/json' },
      data: { token: 'dev-google:client@exemplu.ro' },
    });
    expect(res.status()).toBe(403);
    expect((await res.json()).error.code).toBe('google_sign_in_unavailable');
    expect((await (await fresh.get('/api/v1/auth/user')).json()).data).toBeNull();
    await fresh.dispose();
  });

  test('a form post from a foreign page cannot sign anyone in', async ({ page, baseURL }) => {
    // A page on another origin auto-submits a login form to the BFF.
    await page.route('https://evil.example/', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form id="f" method="post" enctype="multipart/form-data" action="${baseURL}/api/v1/auth/login">
          <input name="email" value="client@exemplu.ro"><input name="password" value="Parola-Demo-2026"></form>
          <script>document.getElementById('f').submit()</script>`,
      }),
    );
    const response = page.waitForResponse((r) => r.url().includes('/api/v1/auth/login'));
    await page.goto('https://evil.example/');
    expect((await response).status()).toBe(403);
    const cookies = await page.context().cookies(baseURL);
    expect(cookies.find((c) => c.name.endsWith('bs_session'))).toBeUndefined();
  });
});
