// @vitest-environment node
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCookies } from '@/lib/bff/request';

describe('parseCookies (plain Request and Node headers)', () => {
  it('reads names and percent-decoded values, trimming the spaces around them', () => {
    expect([...parseCookies(' a=1 ;b=x%20y; XSRF-TOKEN=t%3Dk ')]).toEqual([
      ['a', '1'],
      ['b', 'x y'],
      ['XSRF-TOKEN', 't=k'],
    ]);
  });

  it('keeps the first of a repeated name, keeps a value that is not valid percent-encoding as sent, skips nameless pairs', () => {
    const jar = parseCookies('token=first; token=second; bad=%E0%A4%A; =orphan; flag');
    expect(jar.get('token')).toBe('first');
    expect(jar.get('bad')).toBe('%E0%A4%A');
    expect(jar.has('')).toBe(false);
    expect(jar.has('flag')).toBe(false);
  });

  it('is empty without a Cookie header', () => {
    expect(parseCookies(null).size).toBe(0);
    expect(parseCookies('').size).toBe(0);
  });
});

describe('GET /api/xsrf', () => {
  let GET: typeof import('@/app/api/xsrf/route').GET;
  beforeAll(async () => {
    process.env.WEB_APP_URL = 'http://localhost:3000';
    process.env.SESSION_SECRET = 'test-secret-0123456789abcdef';
    ({ GET } = await import('@/app/api/xsrf/route'));
  });

  it('issues the XSRF-TOKEN cookie to a browser that has none', () => {
    const response = GET(new NextRequest('http://localhost:3000/api/xsrf', { headers: { cookie: 'other=1' } }));
    expect(response.status).toBe(204);
    expect(response.cookies.get('XSRF-TOKEN')?.value).toMatch(/.{16,}/);
  });

  it('leaves an existing XSRF-TOKEN cookie alone', () => {
    const response = GET(new NextRequest('http://localhost:3000/api/xsrf', { headers: { cookie: 'other=1; XSRF-TOKEN=kept' } }));
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});
