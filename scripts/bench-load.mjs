#!/usr/bin/env node
/**
 * `npm run bench:load`: 60 s of autocannon at 100 connections on / and on /rca against the production web
 * app and the reference backend, then the web server's memory compared with its start (issue 7: no errors,
 * memory back within 20% of its start after the load). Prints figures; never a timed test.
 * Options (environment): LOAD_DURATION (s, default 60), LOAD_CONNECTIONS (default 100), LOAD_SETTLE (s, default 30).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildBackend } from './build-backend.mjs';
import { buildServer } from './build-server.mjs';
import { buildWeb } from './build-web.mjs';
import { withLocalSecrets } from './local-secrets.mjs';

const PORT_OFFSET = Number(process.env.BENCH_PORT_OFFSET || 0);
const WEB_PORT = 3250 + PORT_OFFSET;
const BACKEND_PORT = 4250 + PORT_OFFSET;
const WEB = `http://localhost:${WEB_PORT}`;
const BACKEND = `http://127.0.0.1:${BACKEND_PORT}`;
const DURATION = Number(process.env.LOAD_DURATION || 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS || 100);
const SETTLE = Number(process.env.LOAD_SETTLE || 30);
// Production mode with this checkout's generated local secrets and captcha off (scripts/local-secrets.mjs).
const env = { ...withLocalSecrets(process.env), NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
const children = [];

function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
}

async function waitFor(url) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

function cannon(url) {
  return new Promise((resolve, reject) =>
    autocannon({ url, connections: CONNECTIONS, duration: DURATION }, (err, r) =>
      err
        ? reject(err)
        : resolve({
            target: url.replace(WEB, ''),
            reqPerSec: Math.round(r.requests.average),
            p50Ms: r.latency.p50,
            p99Ms: r.latency.p99,
            requests: r.requests.total,
            errors: r.errors + r.timeouts,
            non2xx: r.non2xx,
          }),
    ),
  );
}

async function main() {
  if (!existsSync('.next/BUILD_ID')) {
    if (buildWeb(env) !== 0) throw new Error('build failed');
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'broker-load-'));
  const backend = spawn(process.execPath, [await buildBackend()], {
    env: { ...env, BACKEND_PORT: String(BACKEND_PORT), DATABASE_PATH: path.join(dir, 'db.sqlite'), LOG_LEVEL: 'error' },
    stdio: 'ignore',
  });
  children.push(backend);
  await waitFor(`${BACKEND}/api/v1/maintenances/status`);
  const web = spawn(process.execPath, [await buildServer(), '-p', String(WEB_PORT)], {
    env: { ...env, BACKEND_API_URL: BACKEND, PRODUCTS_API_URL: BACKEND, WEB_APP_URL: WEB, PUSHER_WS_PORT: String(BACKEND_PORT) },
    stdio: 'ignore',
  });
  children.push(web);
  await waitFor(`${WEB}/`);
  // Warm both pages once so the start figure is the server's steady state, not its first compile of a route.
  for (let i = 0; i < 20; i++) await Promise.all([fetch(`${WEB}/`), fetch(`${WEB}/rca`)]);
  await new Promise((r) => setTimeout(r, 2000));
  const startMb = rssMb(web.pid);

  const runs = [];
  let peakMb = startMb;
  const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(web.pid))), 500);
  for (const target of [`${WEB}/`, `${WEB}/rca`]) {
    process.stdout.write(`[load] ${target}: ${CONNECTIONS} connections for ${DURATION} s…\n`);
    runs.push(await cannon(target));
  }
  clearInterval(sampler);
  const afterLoadMb = rssMb(web.pid);
  await new Promise((r) => setTimeout(r, SETTLE * 1000));
  const settledMb = rssMb(web.pid);

  console.log(`\nLoad (${CONNECTIONS} connections, ${DURATION} s each)`);
  console.table(runs);
  const ratio = settledMb / startMb;
  console.log('\nWeb server memory (RSS, MB)');
  console.table([
    {
      start: startMb.toFixed(1),
      peak: peakMb.toFixed(1),
      afterLoad: afterLoadMb.toFixed(1),
      [`after ${SETTLE} s idle`]: settledMb.toFixed(1),
      'idle / start': ratio.toFixed(2),
      'target (≤ 1.20)': ratio <= 1.2 ? 'met' : 'not met',
    },
  ]);
  rmSync(dir, { recursive: true, force: true });
}

main()
  .catch((e) => {
    console.error(`[load] ${e.message}`);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  });
