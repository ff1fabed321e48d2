#!/usr/bin/env node
/**
 * The production build of the web app: `next build`, then the compile hints on the start-up and on-demand chunks
 * (scripts/compile-hints.mjs). Every script that builds the app (npm run build, npm start, the e2e run and the
 * benches) goes through here, so what is tested and measured is what is served.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { addCompileHints } from './compile-hints.mjs';

/** Builds the app in the current directory; returns the process exit status (0 on success). */
export function buildWeb(env = process.env) {
  const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
    stdio: 'inherit',
    env: { ...env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) return build.status ?? 1;
  const changed = addCompileHints('.next');
  console.log(`[build] ${changed.length} chunk(s) marked for eager compilation`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exit(buildWeb());
}
