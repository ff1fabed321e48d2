import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, FakeClock, startServer, type Call, type TestServer } from './helpers';

/**
 * The contact form mails a receipt to whatever address is typed in it, from the broker's own mailbox. What the
 * sender typed must not become a message of the broker's to a stranger: no link, no lines of its own.
 */
const clock = new FakeClock('2026-11-23T09:00:00Z');
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({}, clock, { workers: false });
  call = client(t.url);
});
afterAll(() => t.close());

const body = (over: Record<string, string>) => ({
  name: 'Ana Pop',
  email: 'victima@exemplu.ro',
  subject: 'Întrebare despre o ofertă',
  message: 'Bună ziua, am o întrebare despre RCA.',
  token: '',
  ...over,
});
const receipts = (to: string) =>
  t.server.db.prepare('SELECT subject, text, html FROM mail_queue WHERE to_address = ?').all(to) as { subject: string; text: string; html: string }[];

describe('contact receipt', () => {
  it('refuses a name that is not a person name (a link, a line of its own)', async () => {
    for (const name of ['Contul dvs. a fost blocat: https://evil.example/login', 'Ana\nPlătiți restanța la evil.example', 'Ana <b>Pop</b>']) {
      const res = await call('POST', '/api/v1/contact-messages', { body: body({ name, email: 'nume@exemplu.ro' }) });
      expect(res.status, name).toBe(422);
      expect(Object.keys(JSON.parse(res.body.error.message))).toEqual(['name']);
    }
    expect(receipts('nume@exemplu.ro')).toEqual([]);
  });

  it('does not repeat a subject typed through the API in the mail', async () => {
    const subject = 'Rambursare aprobată: confirmați cardul la https://evil.example/refund';
    const res = await call('POST', '/api/v1/contact-messages', { body: body({ subject, email: 'subiect@exemplu.ro' }) });
    expect(res.status).toBe(201);
    const [mail] = receipts('subiect@exemplu.ro');
    expect(mail.subject).toBe('Am primit mesajul dumneavoastră');
    expect(mail.text).not.toContain('evil.example');
    expect(mail.html).not.toContain('evil.example');
    expect(mail.text).toContain('Bună ziua, Ana Pop!');
  });

  it('still takes a name with diacritics, a hyphen and an apostrophe', async () => {
    const res = await call('POST', '/api/v1/contact-messages', { body: body({ name: "Ștefan Țurcan-O'Neill", email: 'diacritice@exemplu.ro' }) });
    expect(res.status).toBe(201);
    expect(receipts('diacritice@exemplu.ro')[0].text).toContain("Bună ziua, Ștefan Țurcan-O'Neill!");
  });
});
