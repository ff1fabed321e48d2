import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, fields, startServer, type Call, type TestServer } from './helpers';

const clock = new FakeClock('2026-11-23T09:00:00Z');
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({}, clock, { workers: false });
  call = client(t.url);
});
afterAll(() => t.close());

const event = (ip: string, extra: Record<string, unknown> = {}) =>
  call('POST', '/api/event', { headers: { 'x-forwarded-for': ip }, body: { name: 'pageview', url: 'http://localhost:3000/', domain: 'localhost', ...extra } });
const stored = () => t.server.db.prepare('SELECT COUNT(*) FROM analytics_events').pluck().get() as number;

describe('POST /api/event is bounded', () => {
  it('refuses props larger than the string form allows (a 1 MB body cannot become one stored row)', async () => {
    const before = stored();
    const big = await event('192.0.2.1', { props: { blob: 'x'.repeat(900_000) } });
    expect(big.status).toBe(422);
    expect(fields(big).props).toEqual(['Valoarea nu este validă.']);
    const many = await event('192.0.2.1', { props: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, 'v'])) });
    expect(many.status).toBe(422);
    expect(stored()).toBe(before);
    expect((await event('192.0.2.1', { props: { partner: 'abc', plan: 'rca' } })).status).toBe(202);
  });

  it('one client IP: at most 120 events a minute are stored; then 429 with Retry-After until the minute is over', async () => {
    clock.advance(60_000);
    const before = stored();
    for (let i = 0; i < 120; i++) expect((await event('192.0.2.2')).status).toBe(202);
    const refused = await event('192.0.2.2');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(stored()).toBe(before + 120);
    expect((await event('192.0.2.3')).status).toBe(202);
    clock.advance(60_000);
    expect((await event('192.0.2.2')).status).toBe(202);
  });
});
