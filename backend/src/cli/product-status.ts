import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, loadDotEnv, type Config } from '../config';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrations';
import { seed } from '../db/seed';
import { flagFromName, writeProductFlags, type ProductFlag } from '../modules/admin/service';
import type { ProductStatus } from '../../../contract/types';
import { callRunningServer } from './admin-client';

/** Parses `rca=off travel=on ro_vignette=on` into flag columns. */
export function parseFlagArgs(args: string[]): Partial<Record<ProductFlag, boolean>> {
  const flags: Partial<Record<ProductFlag, boolean>> = {};
  for (const arg of args) {
    const m = /^([\w-]+)=(on|off|true|false|1|0)$/i.exec(arg);
    const flag = m ? flagFromName(m[1]) : null;
    if (!m || !flag) throw new Error(`Unknown argument "${arg}". Use e.g. rca=off travel=on house-insurance=on ro_vignette=on hu_vignette=off`);
    flags[flag] = ['on', 'true', '1'].includes(m[2].toLowerCase());
  }
  return flags;
}

export async function setProductFlags(config: Config, flags: Partial<Record<ProductFlag, boolean>>): Promise<{ status: ProductStatus; via: 'server' | 'database' }> {
  const fromServer = await callRunningServer(config, 'PUT', '/admin/product-statuses', flags);
  if (fromServer) return { status: fromServer as ProductStatus, via: 'server' };
  const db = openDatabase(config.databasePath);
  try {
    migrate(db);
    seed(db);
    return { status: writeProductFlags(db, flags, new Date()).status, via: 'database' };
  } finally {
    db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  loadDotEnv();
  try {
    const flags = parseFlagArgs(process.argv.slice(2));
    setProductFlags(loadConfig(), flags)
      .then(({ status, via }) => console.log(`Product statuses (via ${via}):\n${JSON.stringify(status, null, 2)}`))
      .catch((err) => {
        console.error(err instanceof Error ? err.message : err);
        process.exit(1);
      });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  }
}
