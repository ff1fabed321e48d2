// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import nextConfig from '@/next.config';
import { sendAnalyticsEvent } from '@/lib/api/system';
import { proxy } from '@/proxy';
import { fakeApi } from './helpers/fake-adapter';

const fake = await fakeApi();
afterEach(() => fake.restore());

const RESET_PAGE = 'http://localhost:3000/authenticate?reset_token=Zk3-secret-token&email=ana%40exemplu.ro&purpose=welcome';

describe('the token of a mailed link leaves the page neither in a Referer nor in analytics', () => {
  it('a page view of the reset page is recorded without the token and the email; so is a referrer', async () => {
    fake.answer([{ status: 202, data: { data: { ok: true } } }]);
    await sendAnalyticsEvent({ name: 'pageview', url: RESET_PAGE, domain: 'broker.test', referrer: 'http://localhost:3000/rca?reinnoire=Renew-Token-9&x=1' });
    await sendAnalyticsEvent({ name: 'pageview', url: 'http://localhost:3000/rca', domain: 'broker.test', referrer: null });
    const [first, second] = fake.calls.map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);
    expect(first.url).toBe('http://localhost:3000/authenticate?purpose=welcome');
    expect(first.referrer).toBe('http://localhost:3000/rca?x=1');
    expect(JSON.stringify(first)).not.toMatch(/secret-token|Renew-Token|exemplu/);
    expect(second).toMatchObject({ url: 'http://localhost:3000/rca', referrer: null });
  });

  it('nor when a redirect carries the link in last_url (second factor owed, maintenance): the token and email go, the rest stays', async () => {
    fake.answer([{ status: 202, data: { data: { ok: true } } }]);
    // A signed-in customer who still owes the second factor opens a renewal link; a reset link opened during maintenance.
    const check = `http://localhost:3000/account/2fa-check?last_url=${encodeURIComponent('/rca?reinnoire=Renew-Token-9&x=1')}`;
    const maintenance = `http://localhost:3000/maintenance?last_url=${encodeURIComponent('/authenticate?reset_token=Zk3-secret-token&email=ana%40exemplu.ro')}`;
    await sendAnalyticsEvent({ name: 'pageview', url: check, domain: 'broker.test', referrer: maintenance });
    const [sent] = fake.calls.map((c) => JSON.parse(String(c.data)) as Record<string, unknown>);
    expect(JSON.stringify(sent)).not.toMatch(/secret-token|Renew-Token|exemplu/);
    expect(sent.url).toBe(`http://localhost:3000/account/2fa-check?last_url=${encodeURIComponent('/rca?x=1')}`);
    expect(sent.referrer).toBe(`http://localhost:3000/maintenance?last_url=${encodeURIComponent('/authenticate')}`);
  });

  it('the reset page is answered with a Referrer-Policy that sends no path or query', async () => {
    const response = await proxy(new NextRequest(RESET_PAGE));
    expect(response.headers.get('referrer-policy')).toBe('strict-origin');
    const plain = await proxy(new NextRequest('http://localhost:3000/authenticate'));
    expect(plain.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('next.config.ts sends the same policy on pages with a secret link parameter, after the site-wide one', async () => {
    const rules = await nextConfig.headers!();
    const site = rules.findIndex((r) => !r.has && r.headers.some((h) => h.key === 'Referrer-Policy'));
    for (const key of ['reset_token', 'reinnoire']) {
      const rule = rules.findIndex((r) => r.has?.some((h) => h.type === 'query' && h.key === key));
      expect(rule).toBeGreaterThan(site);
      expect(rules[rule].headers).toEqual([{ key: 'Referrer-Policy', value: 'strict-origin' }]);
    }
  });
});
