import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { buildServer, type BuiltServer } from '../src/server';
import { client, login, TEST_CONFIG_ENV, type Call } from './helpers';

/** What the backend logs (issue 15 item 4): never a credential, even when a request fails. */
let dir: string;
let server: BuiltServer;
let call: Call;
const lines: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'broker-logging-'));
  const config = loadConfig({
    ...TEST_CONFIG_ENV, NODE_ENV: 'test', BACKEND_HOST: '127.0.0.1', BACKEND_PORT: '0',
    DATABASE_PATH: path.join(dir, 'test.sqlite'), LOG_LEVEL: 'info',
  });
  server = await buildServer(config, { workers: false, logStream: { write: (line: string) => void lines.push(line) } });
  call = client(await server.listen());
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('backend logs', () => {
  it('a request that fails (the disk, the database) is logged without the token of its query string', async () => {
    const token = await login(call, 'client@exemplu.ro');
    const prepare = server.db.prepare.bind(server.db);
    const spy = vi.spyOn(server.db, 'prepare').mockImplementation(((sql: string) => {
      if (sql.includes('FROM sessions WHERE token_hash')) throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      return prepare(sql);
    }) as typeof server.db.prepare);
    lines.length = 0;
    try {
      const res = await call('GET', `/api/v1/two-factor-auth-providers/user?token=${token}`, { headers: { 'x-request-id': 'log-test-1' } });
      expect(res.status).toBe(500);
      expect(res.text).not.toContain('SQLITE');
      expect(res.text).not.toContain(token);
    } finally {
      spy.mockRestore();
    }
    const failed = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request failed');
    expect(failed).toMatchObject({ request_id: 'log-test-1', url: '/api/v1/two-factor-auth-providers/user' });
    expect(lines.join('\n')).not.toContain(token);
  });
});

describe('a mailed link\'s token in the path', () => {
  it('a renewal link\'s token is never in a log line (the path is logged by its route)', async () => {
    const token = 'Rw7-cheie-de-reinnoire-0123456789abcdef';
    lines.length = 0;
    const res = await call('GET', `/api/v1/renewals/${token}`, { headers: { 'x-request-id': 'log-test-renewal' } });
    expect(res.status).toBe(404);
    // The one request line is written once the answer is sent.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const line = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.request_id === 'log-test-renewal' && l.msg === 'request');
    expect(line).toMatchObject({ url: '/api/v1/renewals/:token', status: 404 });
    expect(lines.join('\n')).not.toContain(token);
  });
});

describe('readiness failures', () => {
  it('/readyz names the failed check with a generic reason; the database error is logged with the request id', async () => {
    const prepare = server.db.prepare.bind(server.db);
    const spy = vi.spyOn(server.db, 'prepare').mockImplementation(((sql: string) => {
      if (sql.includes('readiness_probe')) throw Object.assign(new Error('disk I/O error at /secret/path/broker.sqlite'), { code: 'SQLITE_IOERR' });
      return prepare(sql);
    }) as typeof server.db.prepare);
    lines.length = 0;
    try {
      const res = await call('GET', '/readyz', { headers: { 'x-request-id': 'ready-test-1' } });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'not_ready', checks: { database: { ok: false, reason: 'write_failed' }, migrations: { ok: true } } });
      expect(res.text).not.toMatch(/disk|secret|SQLITE/);
    } finally {
      spy.mockRestore();
    }
    const logged = lines.map((l) => JSON.parse(l) as { msg: string; request_id?: string; check?: string; err?: { message: string } }).find((l) => l.msg === 'readiness check failed');
    expect(logged).toMatchObject({ request_id: 'ready-test-1', check: 'database', err: { message: expect.stringContaining('disk I/O error') } });
  });
});
