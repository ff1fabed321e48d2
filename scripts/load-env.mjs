import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';

/**
 * Reads the KEY=value lines of a .env file (missing file → {}) with Node.js's own parser, the one the backend's
 * process.loadEnvFile uses, and as Next.js's dotenv reads them: `export KEY=value`, quoted values, a comment after a
 * value. (A reader of its own missed `export` lines and kept `"v" # comment` whole: the launcher then decided on
 * other settings than the processes it started.) No expansion of `$NAME`.
 */
export function loadDotEnv(file = '.env') {
  if (!existsSync(file)) return {};
  return { ...parseEnv(readFileSync(file, 'utf8')) };
}
