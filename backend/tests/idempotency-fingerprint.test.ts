import { createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, otherCustomer, startServer, TEST_SECRETS, type Call, type TestServer } from './helpers';

/**
 * The stored request fingerprint of an Idempotency-Key (backend/README.md "Idempotency"): bodies such as
 * change-password hold passwords, so the row must not hold anything a copy of the database could test password
 * guesses against without the server's secret (a bare sha256 of the body could be brute-forced at SHA-256 speed).
 */
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer();
  call = client(t.url);
});
afterAll(async () => {
  await t.close();
});

const PATH = '/api/v1/auth/change-password';
const OLD = 'Parola-Alt-Client-7';
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const digestOf = (raw: string) => sha256(`POST\n${PATH}\n${raw}`);
const keyed = (secret: string, digest: string) =>
  `hmac1:${createHmac('sha256', Buffer.from(hkdfSync('sha256', secret, '', 'broker-backend idempotency request fingerprint v1', 32))).update(digest).digest('hex')}`;
const rowOf = (key: string) =>
  t.server.db.prepare('SELECT request_hash FROM idempotency_keys WHERE key = ?').pluck().get(key) as string | undefined;
const change = (token: string, key: string, body: Record<string, string>) =>
  call('POST', PATH, { token, headers: { 'idempotency-key': key }, raw: JSON.stringify(body) });

describe('idempotency request fingerprints', () => {
  it('a change-password fingerprint is an HMAC under a key derived from the server secret, not sha256 of the body', async () => {
    const token = await otherCustomer(call);
    const body = { current_password: OLD, password: 'Parola-Noua-2026-x', password_confirmation: 'Parola-Noua-2026-x' };
    const raw = JSON.stringify(body);
    const first = await change(token, 'fp-change', body);
    expect(first.status).toBe(200);

    const stored = rowOf('fp-change');
    expect(stored).toBeDefined();
    // Not the unkeyed digest an attacker could recompute for each guess of the two passwords.
    expect(stored).not.toContain(digestOf(raw));
    expect(stored).not.toContain(sha256(raw));
    expect(stored).not.toContain(body.password);
    // Computable only with the secret: the key is HKDF(PAYMENT_SIGNING_SECRET), another secret gives another value.
    expect(stored).toBe(keyed(TEST_SECRETS.PAYMENT_SIGNING_SECRET, digestOf(raw)));
    expect(stored).not.toBe(keyed(randomBytes(32).toString('hex'), digestOf(raw)));

    // Same key, same request: the stored answer (the password is not changed twice: the current one is the new one now).
    const again = await change(token, 'fp-change', body);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    // Same key, another body: the conflict, nothing done.
    const other = await change(token, 'fp-change', { ...body, password: 'Alta-Parola-2026-y', password_confirmation: 'Alta-Parola-2026-y' });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
  });

  it('rows of the old unkeyed format are rewritten at start and still replay the same request, never another', async () => {
    const token = await otherCustomer(call);
    const body = { current_password: OLD, password: 'Parola-Veche-2026-z', password_confirmation: 'Parola-Veche-2026-z' };
    const raw = JSON.stringify(body);
    expect((await change(token, 'fp-legacy', body)).status).toBe(200);
    // A row as an older version wrote it: the bare sha256 of method, URL and body.
    t.server.db.prepare('UPDATE idempotency_keys SET request_hash = ? WHERE key = ?').run(digestOf(raw), 'fp-legacy');

    // Read by a running server (an old process of a rolling upgrade wrote it): the same request replays.
    const replayed = await change(token, 'fp-legacy', body);
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');

    // A restart rewrites it into the keyed format; the same request still replays, another body is the conflict.
    const dir = t.dir;
    await t.server.close();
    t = await startServer({}, undefined, { dir });
    call = client(t.url);
    expect(rowOf('fp-legacy')).toBe(keyed(TEST_SECRETS.PAYMENT_SIGNING_SECRET, digestOf(raw)));
    const afterRestart = await change(token, 'fp-legacy', body);
    expect(afterRestart.status).toBe(200);
    expect(afterRestart.headers.get('idempotent-replayed')).toBe('true');
    const other = await change(token, 'fp-legacy', { ...body, password: 'Alta-Parola-2026-w', password_confirmation: 'Alta-Parola-2026-w' });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
  });
});
