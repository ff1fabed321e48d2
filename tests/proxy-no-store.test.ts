// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';
import { sessionSettings, signSessionState } from '@/lib/session/session';

const ORIGIN = 'http://localhost:3000';

/** A signed-in request whose signed two-factor state lets it through (no backend call). */
async function signedIn(path: string): Promise<NextRequest> {
  const token = 'token-of-a-customer';
  const state = await signSessionState(
    { globalEnabled: true, userEnabled: false, passed: true, required: false, checkedAt: Math.floor(Date.now() / 1000) },
    token,
  );
  const { names } = sessionSettings();
  return new NextRequest(`${ORIGIN}${path}`, { headers: { cookie: `${names.token}=${token}; ${names.state}=${state}` } });
}

describe('pages with one-time secrets are answered with Cache-Control: no-store', () => {
  it.each(['/account/2fa?last_url=%2Faccount%2Fsecurity', '/account/2fa-check', '/account/security', '/account/orders'])(
    'the account page %s',
    async (path) => {
      const response = await proxy(await signedIn(path));
      // Passed on to the page (not a redirect), with the header on the document.
      expect(response.headers.get('x-middleware-next')).toBe('1');
      expect(response.headers.get('cache-control')).toBe('no-store');
    },
  );

  it('the sign-in page, where a mailed set-password or reset link brings its token', async () => {
    for (const path of ['/authenticate?reset_token=Zk3-secret-token&email=ana%40exemplu.ro&purpose=welcome', '/authenticate']) {
      const response = await proxy(new NextRequest(`${ORIGIN}${path}`));
      expect(response.headers.get('x-middleware-next'), path).toBe('1');
      expect(response.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('leaves the other pages to the page cache and Next.js', async () => {
    for (const path of ['/', '/rca', '/faq', '/accounting']) {
      expect((await proxy(new NextRequest(`${ORIGIN}${path}`))).headers.get('cache-control'), path).toBeNull();
    }
  });
});
