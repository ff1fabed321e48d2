import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, startServer, type Call, type TestServer } from './helpers';

/**
 * The vehicle register lookup answers anyone, without a session, with a vehicle's VIN and registration-certificate
 * (CIV) series from its plate alone: unbounded, one client could walk the plates of a county and copy the register.
 */
const MINUTE = 60_000;
/** backend/README.md: 60 lookups a minute per client IP (IPv6: its /64). */
const VEHICLE_LOOKUPS_PER_WINDOW = 60;
const clock = new FakeClock('2026-06-02T07:00:05Z');
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({}, clock);
  call = client(t.url);
});
afterAll(() => t.close());

const lookup = (ip: string, plate = 'B123ABC') =>
  call('GET', `/api/v1/vehicles/lookup?registration_plate=${plate}`, { headers: { 'x-forwarded-for': ip } });

describe('vehicle lookups of one client IP', () => {
  it(`at most ${VEHICLE_LOOKUPS_PER_WINDOW} a minute, misses included; another client is not held; the next minute works again`, async () => {
    const statuses: number[] = [];
    // Misses count too: walking plates mostly misses.
    for (let i = 0; i < VEHICLE_LOOKUPS_PER_WINDOW; i++) statuses.push((await lookup('198.51.100.70', i % 2 ? 'B123ABC' : 'CJ99ZZZ')).status);
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);
    const refused = await lookup('198.51.100.70');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_requests');
    expect(refused.body.data).toBeUndefined();
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await lookup('198.51.100.71')).status).toBe(200);
    clock.advance(MINUTE);
    expect((await lookup('198.51.100.70')).status).toBe(200);
  });

  it('an IPv6 client is counted by its /64', async () => {
    for (let i = 0; i < VEHICLE_LOOKUPS_PER_WINDOW; i++) {
      expect((await lookup(`2001:db8:77:1::${(i + 1).toString(16)}`)).status).toBe(200);
    }
    expect((await lookup('2001:db8:77:1::ffff')).status).toBe(429);
    expect((await lookup('2001:db8:77:2::1')).status).toBe(200);
  });
});
