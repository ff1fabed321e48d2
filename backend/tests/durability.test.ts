import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers';

/**
 * What the customer was told succeeded survives a power cut or a kernel crash, not only a process crash: in WAL mode
 * with `synchronous = NORMAL` SQLite does not sync the log at each commit, so the last transactions before such a
 * crash (a payment confirmed, an order placed, a password changed) roll back when the database is opened again.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startServer({}, undefined, { workers: false });
});
afterAll(() => t.close());

describe('database durability', () => {
  it('runs in WAL mode and syncs the log at every commit (synchronous = FULL)', () => {
    expect(t.server.db.pragma('journal_mode', { simple: true })).toBe('wal');
    // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
    expect(t.server.db.pragma('synchronous', { simple: true })).toBeGreaterThanOrEqual(2);
  });
});
