import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, outbox, startServer, type Call, type TestServer } from './helpers';

/**
 * `auth/generate-reset-token` mails a link to whatever address is typed. Unbounded, anyone could send the broker's
 * reset mail to a customer without end (each one voiding the link before it) or to any list of addresses, from one
 * client. It is bounded per address (known or not, so the bound tells nothing about which addresses have accounts)
 * and per client IP; the waits never outlast a link's 60 minutes, so the owner always has a usable link at hand.
 */
const MINUTE = 60_000;
const clock = new FakeClock('2026-06-02T07:00:05Z');
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({}, clock);
  call = client(t.url);
});
afterAll(() => t.close());

const ask = (email: string, ip = '203.0.113.7') =>
  call('POST', '/api/v1/auth/generate-reset-token', { body: { email, token: '' }, headers: { 'x-forwarded-for': ip } });

describe('reset links mailed to one address', () => {
  it('three in a row are sent; more wait, with the same answers for an address with or without an account', async () => {
    for (const [email, ip] of [['client@exemplu.ro', '203.0.113.7'], ['nimeni.aici@exemplu.ro', '203.0.113.8']]) {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await ask(email, `${ip.slice(0, -1)}${i}`));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429, 429, 429]);
      const refused = answers[3];
      expect(refused.body.error.code).toBe('too_many_attempts');
      expect(refused.body.error.pretty_message).toBe('Ați cerut prea multe linkuri de resetare. Încercați din nou peste 5 minute.');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(300);
    }
    const mails = (await outbox(call, 'client@exemplu.ro')).filter((m) => /parol/i.test(m.subject));
    expect(mails).toHaveLength(3);

    // The wait ends (never longer than a link lives): the next request is sent.
    clock.advance(5 * MINUTE + 1000);
    expect((await ask('client@exemplu.ro', '203.0.113.99')).status).toBe(200);
  });
});

describe('reset links asked from one client IP', () => {
  it('at most 20 addresses in a row, then the IP waits', async () => {
    const statuses = [];
    for (let i = 0; i < 22; i++) statuses.push((await ask(`adresa.${i}@exemplu.ro`, '198.51.100.4')).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    // Another client is not held.
    expect((await ask('adresa.noua@exemplu.ro', '198.51.100.5')).status).toBe(200);
  });
});
