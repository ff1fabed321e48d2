import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, startServer, type Call, type TestServer } from './helpers';

const clock = new FakeClock('2026-11-23T09:00:00Z');
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({}, clock, { workers: false });
  call = client(t.url);
});
afterAll(() => t.close());

const consent = (ip: string) =>
  call('POST', '/api/v1/cookie-consents', { headers: { 'x-forwarded-for': ip, 'user-agent': 'x'.repeat(500) }, body: { consent: 'all', token: '' } });
const stored = () => t.server.db.prepare('SELECT COUNT(*) FROM cookie_consents').pluck().get() as number;

describe('POST /api/v1/cookie-consents is bounded', () => {
  it('one client IP: at most 60 records in 10 minutes; then 429 with Retry-After until the window is over', async () => {
    const before = stored();
    for (let i = 0; i < 60; i++) expect((await consent('192.0.2.10')).status).toBe(201);
    const refused = await consent('192.0.2.10');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'too_many_requests', pretty_message: 'Prea multe cereri. Încercați din nou în curând.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(stored()).toBe(before + 60);
    expect((await consent('192.0.2.11')).status).toBe(201);
    clock.advance(10 * 60_000);
    expect((await consent('192.0.2.10')).status).toBe(201);
  });
});
