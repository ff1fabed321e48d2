import type Database from 'better-sqlite3';
import type { DB } from './connection';

/** Why the storage refused a write: no room, a read-only file (system), a failing disk. */
export type StorageFailure = 'storage_full' | 'read_only' | 'io_error';

/**
 * The storage itself refused the write: `SQLITE_FULL` (a full disk or quota), `SQLITE_READONLY*` (a file system
 * remounted read-only, a file without write permission), `SQLITE_IOERR*` (a failing disk). The statement and its
 * transaction did not apply. Null for any other error (a constraint, a lock: SQLITE_BUSY is not the storage's fault).
 */
export function storageFailureOf(err: unknown): StorageFailure | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'SQLITE_FULL') return 'storage_full';
  if (code.startsWith('SQLITE_READONLY')) return 'read_only';
  if (code.startsWith('SQLITE_IOERR')) return 'io_error';
  return null;
}

/**
 * The outcome of this connection's last write, for /readyz (modules/health/routes.ts): a write the storage refused
 * is current until a later write commits a change or `windowMs` passes. Every write of the process is seen
 * (`trackWrites`): the requests', the background jobs', and the readiness probe's, whose success does not count (it
 * updates one row in place and needs no room, so it succeeds on a full disk).
 */
export class WriteHealth {
  private failure: { reason: StorageFailure; at: number } | null = null;
  private probing = 0;

  constructor(private readonly now: () => number) {}

  failed(err: unknown): void {
    const reason = storageFailureOf(err);
    if (reason) this.failure = { reason, at: this.now() };
  }

  succeeded(): void {
    if (this.probing === 0) this.failure = null;
  }

  /** A failure is on record (not yet cleared or outlived): a committed transaction is then checked for changes. */
  get failing(): boolean {
    return this.failure !== null;
  }

  /** The failure of the last write, when it is younger than `windowMs` and no write committed since; else null. */
  current(windowMs: number): StorageFailure | null {
    if (!this.failure) return null;
    const now = this.now();
    // A clock set back restarts the window rather than keeping the failure until the clock catches up.
    if (now < this.failure.at) this.failure.at = now;
    if (now - this.failure.at <= windowMs) return this.failure.reason;
    this.failure = null;
    return null;
  }

  /** Runs a write that proves nothing about room (the readiness probe): its failure counts, its success does not. */
  probe<T>(fn: () => T): T {
    this.probing += 1;
    try {
      return fn();
    } finally {
      this.probing -= 1;
    }
  }
}

type Statement = Database.Statement;
type Method = 'run' | 'get' | 'all';

/**
 * Watches every write on `db` and reports its outcome to the returned WriteHealth: a statement that may write (not
 * `readonly`) reports the storage's refusals from `run`, `get` and `all` (`RETURNING`), and a change it committed on
 * its own (outside a transaction); a transaction (`db.transaction`, every variant) reports a refusal at any of its
 * statements or at the commit, and its commit when it changed rows. Costs a try/catch per write; only while a
 * failure is on record does a transaction count the connection's changes (two reads of `total_changes()`).
 */
export function trackWrites(db: DB, now: () => number): WriteHealth {
  const health = new WriteHealth(now);
  const prepare = db.prepare.bind(db) as DB['prepare'];
  const tracked = new WeakSet<Statement>();
  // Compiled here once and used only here (pluck() stays set: no one else prepares this text).
  const totalChanges = prepare('SELECT total_changes()').pluck();
  const changes = () => totalChanges.get() as number;

  const watch = (statement: Statement, method: Method) => {
    const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
    (statement as unknown as Record<Method, unknown>)[method] = (...args: unknown[]) => {
      try {
        const result = original(...args);
        if (method === 'run' && !db.inTransaction && (result as Database.RunResult).changes > 0) health.succeeded();
        return result;
      } catch (err) {
        health.failed(err);
        throw err;
      }
    };
  };

  db.prepare = ((sql: string) => {
    const statement = prepare(sql);
    if (!statement.readonly && !tracked.has(statement)) {
      tracked.add(statement);
      watch(statement, 'run');
      if (statement.reader) {
        watch(statement, 'get');
        watch(statement, 'all');
      }
    }
    return statement;
  }) as DB['prepare'];

  const transaction = db.transaction.bind(db) as DB['transaction'];
  db.transaction = ((fn: (...args: unknown[]) => unknown) => {
    const tx = transaction(fn);
    const wrap = (variant: (...args: unknown[]) => unknown) =>
      function (this: unknown, ...args: unknown[]) {
        const outermost = !db.inTransaction;
        const before = outermost && health.failing ? changes() : null;
        try {
          const result = variant.apply(this, args);
          if (before !== null && changes() > before) health.succeeded();
          return result;
        } catch (err) {
          health.failed(err);
          throw err;
        }
      };
    const wrapped = wrap(tx) as unknown as typeof tx;
    Object.defineProperties(wrapped, {
      default: { value: wrap(tx.default) },
      deferred: { value: wrap(tx.deferred) },
      immediate: { value: wrap(tx.immediate) },
      exclusive: { value: wrap(tx.exclusive) },
      database: { value: db },
    });
    return wrapped;
  }) as DB['transaction'];

  return health;
}
