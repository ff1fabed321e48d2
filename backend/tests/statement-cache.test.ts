import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../src/db/connection';

/** openDatabase compiles each SQL text once and reuses its statement, without one caller's row shape leaking to the next. */
let dir: string;
let db: DB;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'statement-cache-'));
  db = openDatabase(path.join(dir, 'test.sqlite'));
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO t (name) VALUES ('a'), ('b')");
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('statement cache', () => {
  it('hands back the same compiled statement for the same SQL text', () => {
    const sql = 'SELECT name FROM t WHERE id = ?';
    expect(db.prepare(sql)).toBe(db.prepare(sql));
    expect(db.prepare(sql)).not.toBe(db.prepare('SELECT id FROM t WHERE id = ?'));
  });

  it("keeps a caller's pluck, raw or expand to its own call", () => {
    const sql = 'SELECT id, name FROM t WHERE id = ?';
    expect(db.prepare(sql).pluck().get(1)).toBe(1);
    expect(db.prepare(sql).get(1)).toEqual({ id: 1, name: 'a' });
    expect(db.prepare(sql).raw().get(2)).toEqual([2, 'b']);
    expect(db.prepare(sql).get(2)).toEqual({ id: 2, name: 'b' });
    expect(db.prepare(sql).expand().get(2)).toEqual({ t: { id: 2, name: 'b' } });
    expect(db.prepare(sql).get(2)).toEqual({ id: 2, name: 'b' });
  });

  it('hands a statement still being iterated to no one else: another caller of its text gets one of its own', () => {
    // better-sqlite3 refuses to run (or change the row shape of) a statement while an iterator of it is open.
    const sql = 'SELECT id, name FROM t ORDER BY id';
    const rows = db.prepare(sql).iterate();
    expect(rows.next().value).toEqual({ id: 1, name: 'a' });
    expect(db.prepare(sql).pluck().all()).toEqual([1, 2]);
    expect(db.prepare(sql).all()).toEqual([{ id: 1, name: 'a' }, { id: 2, name: 'b' }]);
    expect(rows.next().value).toEqual({ id: 2, name: 'b' });
    expect(rows.next().done).toBe(true);
    // Once the iteration is over, the cached statement is handed out again.
    expect(db.prepare(sql)).toBe(db.prepare(sql));
  });

  it("keeps a caller's safeIntegers to its own call, for readers and writers", () => {
    const read = 'SELECT id FROM t WHERE id = ?';
    expect(db.prepare(read).safeIntegers().get(1)).toEqual({ id: 1n });
    expect(db.prepare(read).get(1)).toEqual({ id: 1 });
    const insert = 'INSERT INTO t (name) VALUES (?)';
    expect(typeof db.prepare(insert).safeIntegers().run('c').lastInsertRowid).toBe('bigint');
    expect(db.prepare(insert).run('d').lastInsertRowid).toBe(4);
  });

  it('reuses writers and sees the rows they wrote', () => {
    const insert = 'INSERT INTO t (name) VALUES (?)';
    db.prepare(insert).run('c');
    db.prepare(insert).run('d');
    expect(db.prepare('SELECT name FROM t ORDER BY id').pluck().all()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('stops caching past its bound but still prepares every text', () => {
    for (let i = 0; i < 600; i++) expect(db.prepare(`SELECT ${i} AS n`).get()).toEqual({ n: i });
    const late = 'SELECT 599 AS n';
    expect(db.prepare(late)).not.toBe(db.prepare(late));
  });
});
