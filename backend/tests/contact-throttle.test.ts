import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startServer, type Call, type TestServer } from './helpers';

let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({}, undefined, { workers: false });
  call = client(t.url);
});
afterAll(() => t.close());

const send = (email: string, ip: string) =>
  call('POST', '/api/v1/contact-messages', {
    headers: { 'x-forwarded-for': ip },
    body: { name: 'Ana Pop', email, subject: 'Vă câștigați premiul', message: 'Deschideți linkul http://exemplu.invalid acum.', token: '' },
  });
const receipts = (to: string) => t.server.db.prepare('SELECT COUNT(*) FROM mail_queue WHERE to_address = ?').pluck().get(to) as number;
const messages = () => t.server.db.prepare('SELECT COUNT(*) FROM contact_messages').pluck().get() as number;

describe('contact messages are bounded', () => {
  it('one client IP: the 21st message within the hour is refused (429, Retry-After, Romanian message), nothing stored or mailed', async () => {
    for (let i = 0; i < 20; i++) expect((await send(`destinatar${i}@exemplu.ro`, '203.0.113.7')).status).toBe(201);
    const before = messages();
    const refused = await send('altcineva@exemplu.ro', '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'too_many_attempts', pretty_message: 'Ați trimis prea multe mesaje. Încercați din nou peste un minut.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(messages()).toBe(before);
    expect(receipts('altcineva@exemplu.ro')).toBe(0);
    // another client is not held by it
    expect((await send('altcineva@exemplu.ro', '203.0.113.8')).status).toBe(201);
  });

  it('one recipient, from many IPs: at most 5 receipts a day go to an address the sender typed', async () => {
    for (let i = 0; i < 5; i++) expect((await send('victima@exemplu.ro', `198.51.100.${i + 1}`)).status).toBe(201);
    const refused = await send('victima@exemplu.ro', '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(receipts('victima@exemplu.ro')).toBe(5);
    // the email is compared as the form normalises it
    expect((await send(' VICTIMA@exemplu.ro ', '198.51.100.100')).status).toBe(429);
  });
});
