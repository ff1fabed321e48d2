import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, loadDotEnv, type Config } from '../config';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrations';
import { seed } from '../db/seed';
import { writeMaintenance } from '../modules/admin/service';
import type { MaintenanceStatus } from '../../../contract/types';
import { callRunningServer } from './admin-client';

/**
 * Switches maintenance. A running server is told through its admin API (so it publishes
 * `maintenance.changed` at once); otherwise the database is written directly.
 */
export async function setMaintenance(config: Config, isActive: boolean, message: string | null = null): Promise<{ state: MaintenanceStatus; via: 'server' | 'database' }> {
  const fromServer = await callRunningServer(config, 'POST', '/admin/maintenance', { is_active: isActive, message });
  if (fromServer) return { state: fromServer as MaintenanceStatus, via: 'server' };
  const db = openDatabase(config.databasePath);
  try {
    migrate(db);
    seed(db);
    return { state: writeMaintenance(db, { is_active: isActive, message }, new Date()), via: 'database' };
  } finally {
    db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  loadDotEnv();
  const [arg, ...rest] = process.argv.slice(2);
  if (arg !== 'on' && arg !== 'off') {
    console.error('Usage: npm run backend:maintenance -- on|off ["message"]');
    process.exit(2);
  }
  setMaintenance(loadConfig(), arg === 'on', rest.join(' ') || null)
    .then(({ state, via }) => console.log(`Maintenance ${state.is_active ? 'ON' : 'OFF'} (via ${via}).`))
    .catch((err) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    });
}
