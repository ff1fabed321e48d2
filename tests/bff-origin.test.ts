import { describe, expect, it } from 'vitest';
import { originAllowed } from '@/lib/bff/csrf';

/** A write as the web server sees it behind a TLS-terminating balancer: http inside, the public host outside. */
function write(origin: string | null): Request {
  const headers: Record<string, string> = { host: 'shop.example' };
  if (origin !== null) headers.origin = origin;
  return new Request('http://127.0.0.1:3000/api/v1/orders', { method: 'POST', headers });
}

describe('originAllowed', () => {
  const publicOrigin = 'https://shop.example';

  it('accepts the public origin, and the request host under the public scheme', () => {
    expect(originAllowed(write('https://shop.example'), publicOrigin)).toBe(true);
    expect(originAllowed(write('https://shop.example'), 'https://www.shop.example')).toBe(true);
  });

  it('refuses the same host over http when the shop is https (a page a network attacker served there)', () => {
    expect(originAllowed(write('http://shop.example'), publicOrigin)).toBe(false);
  });

  it('refuses other hosts, ports, null and garbage', () => {
    for (const origin of ['https://evil.example', 'https://shop.example:8443', 'https://sub.shop.example', 'null', '%%%']) {
      expect(originAllowed(write(origin), publicOrigin), origin).toBe(false);
    }
  });

  it('leaves a write without Origin to the XSRF token check', () => {
    expect(originAllowed(write(null), publicOrigin)).toBe(true);
  });
});
