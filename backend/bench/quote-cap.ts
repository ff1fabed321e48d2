/**
 * npm run bench:quote-cap — what the bound on stored quotes no order uses (QUOTES_MAX_UNUSED, migration 20,
 * modules/quotes/service.ts) costs an insert on a table at the cap, and that it holds across processes.
 *
 * 1. A temporary database with QUOTE_CAP_ROWS (200,000) unused quotes of ~6.6 KB (an RCA quote's size) and the
 *    production pragmas: the median of a quote insert in its own IMMEDIATE transaction (synchronous = FULL: one
 *    fsync each) with the bound's check, without it (migration 20's triggers dropped), the check's reads alone, the
 *    make-room delete at the cap, and a count of the unused quotes (what a check without the counter would read).
 * 2. Three backend processes on one database with QUOTES_MAX_UNUSED=500: 900 concurrent quote requests, 300 through
 *    each; exactly 500 are stored and the counter says so.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/db/connection';
import { migrate } from '../src/db/migrations';
import { withLocalSecrets } from '../../scripts/local-secrets.mjs';
import { listeningUrl } from './listening-url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ROWS = Number(process.env.QUOTE_CAP_ROWS ?? 200_000);
const SAMPLES = 400;
const DAY = 86_400_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const timed = (fn: () => void) => {
  const start = performance.now();
  fn();
  return performance.now() - start;
};

function storageCost(dir: string) {
  const file = path.join(dir, 'cap.sqlite');
  const db = openDatabase(file);
  migrate(db);
  const payload = JSON.stringify({ offers: 'x'.repeat(6_400) });
  const insert = db.prepare("INSERT INTO quotes (id, product_code, partner_code, input, offers, created_at, expires_at) VALUES (?, 'rca', NULL, '{}', ?, ?, ?)");
  const now = Date.parse('2026-06-02T07:00:00Z');
  db.pragma('synchronous = OFF');
  const fill = db.transaction((from: number, to: number) => {
    // Half of them expired (the make-room delete has rows to take), all unused.
    for (let i = from; i < to; i++) {
      const created = new Date(now - (i < ROWS / 2 ? 2 * DAY : 0) + i).toISOString();
      insert.run(`fill-${i}`, payload, created, new Date(Date.parse(created) + DAY).toISOString());
    }
  });
  for (let i = 0; i < ROWS; i += 10_000) fill(i, Math.min(ROWS, i + 10_000));
  db.pragma('synchronous = FULL');
  const counter = db.prepare('SELECT unused FROM quote_counts WHERE id = 1').pluck();
  const nowIso = new Date(now).toISOString();
  const makeRoom = db.prepare(`DELETE FROM quotes WHERE rowid IN (
      SELECT rowid FROM quotes INDEXED BY quotes_unused_expires
      WHERE ordered = 0 AND expires_at < ? AND NOT EXISTS (SELECT 1 FROM orders WHERE orders.quote_id = quotes.id)
      ORDER BY expires_at LIMIT 16)`);
  const oldest = db.prepare('SELECT MIN(expires_at) FROM quotes INDEXED BY quotes_unused_expires WHERE ordered = 0').pluck();
  let n = 0;
  // As the quote call does: at the cap, the make-room transaction (modules/quotes/service.ts, makeRoomForQuote), then
  // the insert's, which reads the count first.
  const one = (check: boolean, room = false) => {
    const id = `bench-${n++}`;
    return timed(() => {
      if (room && (counter.get() as number) >= ROWS) {
        db.transaction(() => {
          if ((counter.get() as number) >= ROWS) makeRoom.run(nowIso);
        }).immediate();
      }
      db.transaction(() => {
        if (check) counter.get();
        insert.run(id, payload, nowIso, new Date(now + DAY).toISOString());
      }).immediate();
    });
  };
  const results: Record<string, string> = {};
  const ms = (x: number) => `${x.toFixed(3)} ms`;
  const us = (x: number) => `${(x * 1000).toFixed(1)} µs`;
  results.rows = `${counter.get()} unused quotes, ${(statSync(file).size / 1024 ** 3).toFixed(2)} GiB`;
  results['the check: counter read'] = us(median(Array.from({ length: 20_000 }, () => timed(() => counter.get()))));
  results['the refusal: counter read + oldest expiry'] = us(median(Array.from({ length: 20_000 }, () => timed(() => { counter.get(); oldest.get(); }))));
  // With and without the bound in alternating rounds (the machine's fsync times drift), with and without the fsync.
  const triggers = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'quote_counts_%'").pluck().all() as string[];
  for (const sync of ['FULL', 'OFF']) {
    db.pragma(`synchronous = ${sync}`);
    const withBound: number[] = [];
    const without: number[] = [];
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < SAMPLES / 4; i++) withBound.push(one(true));
      db.exec('DROP TRIGGER quote_counts_insert; DROP TRIGGER quote_counts_delete; DROP TRIGGER quote_counts_ordered;');
      for (let i = 0; i < SAMPLES / 4; i++) without.push(one(false));
      for (const sql of triggers) db.exec(sql);
    }
    results[`insert, synchronous ${sync}: with the bound (check + trigger)`] = ms(median(withBound));
    results[`insert, synchronous ${sync}: without (no check, no trigger)`] = ms(median(without));
  }
  db.pragma('synchronous = FULL');
  results['at the cap: the make-room transaction (16 expired), then the insert'] = ms(median(Array.from({ length: 100 }, () => one(true, true))));
  const countUnused = db.prepare('SELECT COUNT(*) FROM quotes INDEXED BY quotes_unused_expires WHERE ordered = 0').pluck();
  results['a COUNT of the unused quotes instead (partial index)'] = ms(median(Array.from({ length: 20 }, () => timed(() => countUnused.get()))));
  const countJoin = db.prepare('SELECT COUNT(*) FROM quotes WHERE NOT EXISTS (SELECT 1 FROM orders WHERE orders.quote_id = quotes.id)').pluck();
  results['a COUNT without migration 20 (NOT EXISTS orders)'] = ms(median(Array.from({ length: 5 }, () => timed(() => countJoin.get()))));
  db.close();
  return results;
}

async function startBackend(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'backend/src/main.ts')], {
    cwd: root,
    env: {
      ...withLocalSecrets(process.env, path.join(root, '.data/local-secrets.env')),
      NODE_ENV: 'development', BACKEND_HOST: '127.0.0.1', BACKEND_PORT: '0', DATABASE_PATH: path.join(dir, 'shared.sqlite'),
      LOG_LEVEL: 'info', CAPTCHA_ENABLED: 'false', QUOTES_MAX_UNUSED: '500',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { url: await listeningUrl(child), child };
}

function bucharestDay(offset: number): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Bucharest', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

async function acrossProcesses(dir: string) {
  // The first one creates and seeds the database; the others open it.
  const first = await startBackend(dir);
  const servers = [first, ...(await Promise.all([startBackend(dir), startBackend(dir)]))];
  try {
    const input = {
      registration_plate: 'B123ABC',
      vin: 'WVWZZZ1JZXW000001',
      vehicle: { category: 'car', make: 'Volkswagen', model: 'Golf', fuel: 'petrol', year: 2018, max_mass_kg: 1750, engine_cc: 1395, power_kw: 110, seats: 5, use_type: 'personal' },
      owner: { type: 'person', cnp: '1850615400011', driving_licence_date: '2005-07-01' },
      start_date: bucharestDay(1),
      period_months: 12,
    };
    const statuses = await Promise.all(
      Array.from({ length: 900 }, (_, i) =>
        fetch(`${servers[i % 3].url}/api/v1/quotes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${i >> 8}.${i & 255}.1` },
          body: JSON.stringify({ product_code: 'rca', input }),
        }).then(async (r) => (r.status === 201 || r.status === 503 ? r.status : `${r.status} ${await r.text()}`)),
      ),
    );
    const tally: Record<string, number> = {};
    for (const s of statuses) tally[s] = (tally[s] ?? 0) + 1;
    const db = openDatabase(path.join(dir, 'shared.sqlite'));
    const stored = db.prepare('SELECT COUNT(*) FROM quotes WHERE ordered = 0').pluck().get();
    const counter = db.prepare('SELECT unused FROM quote_counts').pluck().get();
    db.close();
    return { answers: tally, stored, counter };
  } finally {
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((resolve) => (s.child.exitCode !== null ? resolve(null) : s.child.once('exit', resolve)))));
  }
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'broker-quote-cap-'));
  try {
    console.log('quote storage bound, per insert:', storageCost(dir));
    console.log('three processes, QUOTES_MAX_UNUSED=500, 900 requests:', await acrossProcesses(dir));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
