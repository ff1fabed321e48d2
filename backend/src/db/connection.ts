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
  cacheStatements(db);
  return db;
}

/** Distinct SQL texts kept compiled; the code has about two hundred, so a text built from data cannot grow it for good. */
const STATEMENT_CACHE_SIZE = 512;

/**
 * `db.prepare` compiles its SQL on every call, and the code calls it where it runs (a read of an order list prepared
 * five statements per order): compiling was 15% of the backend's busy time serving `GET /api/v1/orders`. Each SQL text
 * is compiled once per connection now and its statement reused. A statement still in use (an open `iterate()`) is
 * handed to no one else: another caller of its text gets a statement of its own, as without the cache (better-sqlite3
 * refuses to run a busy statement or change its row shape). A reused statement is handed back with the default shape
 * (`safeIntegers` off, as the code never turns it on for the database; for a reader, no `pluck()`, `raw()` nor
 * `expand()`): a caller's choice applies to its own call only, so a caller that keeps a statement with one of them
 * must be the only one to prepare its text (lib/site-state.ts, modules/retention/service.ts).
 */
function cacheStatements(db: DB): void {
  const compile = db.prepare.bind(db);
  const statements = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    const cached = statements.get(sql);
    if (cached && !cached.busy) {
      cached.safeIntegers(false);
      if (cached.reader) cached.pluck(false).expand(false).raw(false);
      return cached;
    }
    const statement = compile(sql);
    if (!cached && statements.size < STATEMENT_CACHE_SIZE) statements.set(sql, statement);
    return statement;
  }) as DB['prepare'];
}

/**
 * SQLite could not take the lock it needed within the busy timeout (another process or connection holds the
 * database): `SQLITE_BUSY` and its extended codes. The statement (and a transaction it was in) did not apply.
 */
export function isBusyError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}
