#!/usr/bin/env node
/**
 * `npm start`: builds the web app when no build exists, then runs the reference backend and the web server
 * (server/main.ts: Next.js behind the guest page cache) together (Ctrl-C stops both). `npm run dev` runs the same
 * web server with `--dev` (Next.js in development mode, no page cache): the same client IP from the socket,
 * request ids, JSON logs, health checks and supervision as `npm start`.
 * Each child is the server process itself, so its PID is the one to signal.
 *
 * No orphans: the children get an IPC channel to this supervisor and drain and exit when it closes, which the
 * kernel does when the supervisor dies by any means (SIGKILL included). SIGTERM/SIGINT here stop the web server
 * first and the backend once the web server has drained (its last calls and logout revocations need the backend),
 * each within SHUTDOWN_DRAIN_MS (scripts/supervisor.mjs); the supervisor exits when both are gone.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { buildBackend } from './build-backend.mjs';
import { buildServer } from './build-server.mjs';
import { buildWeb } from './build-web.mjs';
import { launchEnvironments } from './launch-env.mjs';
import { stopChildren } from './supervisor.mjs';

const dev = process.argv.includes('--dev');
// The settings, and each child's environment (scripts/launch-env.mjs: local secrets, ports, /dev endpoints).
const { env, backend: backendEnv, web: webEnv } = launchEnvironments({ dev });
const port = env.PORT || '3000';

if (!dev && !existsSync('.next/BUILD_ID')) {
  console.log('[start] no build found: building the web app…');
  const status = buildWeb(env);
  if (status !== 0) process.exit(status);
}

const backendBundle = await buildBackend();
const webArgs = [await buildServer(), ...(dev ? ['--dev'] : []), '-p', port];
// 'ipc': the channel the children watch (server/drain.ts, backend/src/main.ts).
const stdio = ['inherit', 'inherit', 'inherit', 'ipc'];
const children = [
  ['backend', spawn(process.execPath, [backendBundle], { stdio, env: backendEnv })],
  [
    'web',
    spawn(process.execPath, webArgs, {
      stdio,
      env: webEnv,
    }),
  ],
];
const drainMs = Number(env.SHUTDOWN_DRAIN_MS || 15000);

let stopping = false;
// 0 when asked to stop (Ctrl-C, SIGTERM); otherwise the status of the child that stopped first, never 0: a process
// that refused its settings or crashed makes `npm start` fail, whatever status the others end with.
let exitStatus = 0;
function stopAll(status) {
  if (stopping) return;
  stopping = true;
  exitStatus = status;
  // The web server drains first, then the backend (scripts/supervisor.mjs); each for up to SHUTDOWN_DRAIN_MS.
  stopChildren(children, { drainMs, exit: () => process.exit(exitStatus) });
}
for (const [name, child] of children) {
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} stopped (${signal ?? code}); stopping the rest.`);
      stopAll(code || 1);
    }
    if (children.every(([, c]) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitStatus);
  });
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
console.log(`[start] web app on http://localhost:${port}, reference backend on http://${env.BACKEND_HOST || '127.0.0.1'}:${env.BACKEND_PORT || '4000'}`);
