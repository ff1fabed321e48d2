import { readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The id of the build this server runs (next.config.ts's generateBuildId): BUILD_ID from the environment,
 * else `.next/BUILD_ID`, else 'development'. Read once per process.
 */
let cached: Promise<string> | null = null;

export function currentBuildId(): Promise<string> {
  cached ??= (async () => {
    if (process.env.BUILD_ID) return process.env.BUILD_ID;
    try {
      return (await readFile(path.join(process.cwd(), '.next', 'BUILD_ID'), 'utf8')).trim() || 'development';
    } catch {
      return 'development';
    }
  })();
  return cached;
}

/**
 * For tests: forgets the module state.
 * @testSeam
 */
export function resetBuildId() {
  cached = null;
}
