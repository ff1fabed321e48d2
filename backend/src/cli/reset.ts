import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rmSync } from 'node:fs';
import { loadConfig, loadDotEnv } from '../config';
import { openDatabase } from '../db/connection';
import { migrate } from '../db/migrations';
import { seed } from '../db/seed';

/** Deletes the database file (and its WAL files) and recreates it with demo data. */
export function resetDatabase(file: string, now = new Date()): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  const db = openDatabase(file);
  try {
    migrate(db, () => now);
    seed(db, now);
  } finally {
    db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  loadDotEnv();
  const config = loadConfig();
  resetDatabase(config.databasePath);
  console.log(`Database recreated with demo data: ${config.databasePath}`);
  console.log('Stop and start a running backend to use it.');
}
