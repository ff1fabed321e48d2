import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, migrations } from '../src/db/migrations';

/**
 * Several backend processes share one database file (README "Quote storage bound": "every process sharing the
 * database"), and a deployment starts them together. Each runs the migrations at start: one that read the list of
 * applied migrations before another process applied them must not apply them a second time (migration 20's
 * ALTER TABLE failed with "duplicate column name: ordered", the others with a UNIQUE constraint on migrations, and
 * the process exited at start: 8 of 10 rounds of two processes started at once, measured).
 */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every migration after 18, the versions the race applies (19, 20 and any added since). */
const SINCE_18 = migrations.map((m) => m.version).filter((v) => v > 18);

function databaseAt(version: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'broker-migrations-'));
  dirs.push(dir);
  const file = path.join(dir, 'test.sqlite');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)');
  for (const m of migrations.filter((x) => x.version <= version)) {
    db.exec(m.sql);
    db.prepare('INSERT INTO migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, '2026-01-01T00:00:00.000Z');
  }
  const quote = db.prepare("INSERT INTO quotes (id, product_code, partner_code, input, offers, created_at, expires_at) VALUES (?, 'rca', NULL, '{}', '[]', 'a', 'b')");
  for (let i = 0; i < 5; i += 1) quote.run(`q${i}`);
  return { db, file };
}

describe('migrations run by two processes at once', () => {
  it('a process that read the applied list before another applied the rest starts anyway, each migration applied once', () => {
    const { db: other, file } = databaseAt(18);
    const late = new Database(file);
    late.pragma('foreign_keys = ON');
    late.pragma('busy_timeout = 5000');
    // `late` reads the list of applied migrations (up to 18); right after, the other process applies 19 and 20.
    const prepare = late.prepare.bind(late);
    late.prepare = ((sql: string) => {
      const statement = prepare(sql);
      if (sql !== 'SELECT version FROM migrations') return statement;
      return {
        all: () => {
          const rows = statement.all();
          expect(migrate(other)).toEqual(SINCE_18);
          return rows;
        },
      };
    }) as typeof late.prepare;

    expect(() => migrate(late)).not.toThrow();
    late.prepare = prepare;
    expect(late.prepare('SELECT version FROM migrations WHERE version >= 19 ORDER BY version').pluck().all()).toEqual(SINCE_18);
    // Migration 20 counted the quotes once: the counter is exact, and the triggers are there once.
    expect(late.prepare('SELECT unused FROM quote_counts').pluck().get()).toBe(5);
    late.prepare("INSERT INTO quotes (id, product_code, partner_code, input, offers, created_at, expires_at) VALUES ('q9', 'rca', NULL, '{}', '[]', 'a', 'b')").run();
    expect(other.prepare('SELECT unused FROM quote_counts').pluck().get()).toBe(6);
    late.close();
    other.close();
  });
});
