#!/usr/bin/env node
/**
 * `npm run test:e2e`: builds the production web app, then runs Playwright, which starts a fresh reference
 * backend (own database) and the web server (server/main.ts) on test ports (playwright.config.ts).
 * With E2E_BASE_URL set, runs against servers that are already up and skips the build.
 */
import { spawnSync } from 'node:child_process';
import { buildBackend } from './build-backend.mjs';
import { buildServer } from './build-server.mjs';
import { buildWeb } from './build-web.mjs';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
if (!env.E2E_BASE_URL && env.E2E_SKIP_BUILD !== '1') {
  const status = buildWeb(env);
  if (status !== 0) process.exit(status);
}
if (!env.E2E_BASE_URL) await Promise.all([buildBackend(), buildServer()]);
const run = spawnSync(
  process.execPath,
  ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)],
  { stdio: 'inherit', env },
);
process.exit(run.status ?? 1);
