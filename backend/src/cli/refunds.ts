import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, loadDotEnv, type Config } from '../config';
import type { AppContext } from '../context';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrations';
import { seed } from '../db/seed';
import { systemClock } from '../lib/clock';
import { listRefunds, markRefunded } from '../modules/payments/service';
import { formatLeiFromBani } from '../../../contract/money';
import { callRunningServer } from './admin-client';

type Refund = ReturnType<typeof listRefunds>[number];

/**
 * Refunds to make (second charges of paid orders, charges the shop cannot honour): through the running server's
 * admin API (GET /admin/refunds, POST /admin/refunds/{id}/refunded), or from the database when no server answers.
 */
export async function refunds(config: Config, command: { list: 'due' | 'refunded' | 'all' } | { refunded: number }): Promise<{ rows: Refund[]; via: 'server' | 'database' }> {
  const fromServer =
    'list' in command
      ? await callRunningServer(config, 'GET', `/admin/refunds?status=${command.list}`, undefined)
      : await callRunningServer(config, 'POST', `/admin/refunds/${command.refunded}/refunded`, {});
  if (fromServer) return { rows: (Array.isArray(fromServer) ? fromServer : [fromServer]) as Refund[], via: 'server' };
  const db = openDatabase(config.databasePath);
  try {
    migrate(db);
    seed(db);
    // The service functions read only the database and the clock.
    const ctx = { db, clock: systemClock } as unknown as AppContext;
    if ('list' in command) return { rows: listRefunds(ctx, command.list), via: 'database' };
    const row = markRefunded(ctx, command.refunded);
    if (!row) throw new Error(`No refund ${command.refunded}.`);
    return { rows: [row], via: 'database' };
  } finally {
    db.close();
  }
}

export function formatRefunds(rows: Refund[]): string {
  if (rows.length === 0) return 'No refunds.';
  const lines = rows.map((r) =>
    [`#${r.id}`, r.status, formatLeiFromBani(r.amount_bani), r.order_number ?? '-', r.customer_email ?? '-', r.reason, `payment ${r.payment_id}`, r.created_at].join('  '),
  );
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  loadDotEnv();
  const [arg, id] = process.argv.slice(2);
  let command: Parameters<typeof refunds>[1] | null = null;
  if (arg === undefined || arg === 'due') command = { list: 'due' };
  else if (arg === 'all' || arg === 'refunded') command = { list: arg };
  else if (arg === 'done' && /^\d+$/.test(id ?? '')) command = { refunded: Number(id) };
  if (!command) {
    console.error('Usage: npm run backend:refunds [-- due|refunded|all]  |  npm run backend:refunds -- done <id>');
    process.exit(2);
  }
  refunds(loadConfig(), command)
    .then(({ rows, via }) => console.log(`Refunds (via ${via}):\n${formatRefunds(rows)}`))
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
