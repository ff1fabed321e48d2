import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

export type DB = Database.Database;

export function openDatabase(file: string): DB {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // FULL: the log is synced at every commit, so a write answered 2xx (an order, a confirmed payment, a password)
  // survives a power cut or a kernel crash too. NORMAL only survives a process crash: the last commits before a
  // power cut roll back when the database is opened again.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * SQLite could not take the lock it needed within the busy timeout (another process or connection holds the
 * database): `SQLITE_BUSY` and its extended codes. The statement (and a transaction it was in) did not apply.
 */
export function isBusyError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}
