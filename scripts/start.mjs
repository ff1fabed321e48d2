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
import { loadDotEnv } from './load-env.mjs';
import { stopChildren } from './supervisor.mjs';
import { withLocalSecrets } from './local-secrets.mjs';
import { withLocalDevEndpoints } from './dev-endpoints.mjs';
import { isDeployment } from './deployment.mjs';

const dev = process.argv.includes('--dev');
const settings = { ...loadDotEnv('.env'), ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

/**
 * A local run on other ports than 3000 and 4000 stays wired together: unless they are set, the web app's backend
 * URLs and realtime port follow BACKEND_PORT, and the backend's links back to the shop (WEB_APP_URL) follow PORT.
 * Without this, `PORT=3800 BACKEND_PORT=4800 npm start` served pages whose every backend call went to port 4000.
 */
function withLocalPorts(values) {
  const out = { ...values };
  const unset = (name) => out[name] === undefined || out[name] === '';
  if (!unset('BACKEND_PORT')) {
    const host = unset('BACKEND_HOST') || ['0.0.0.0', '::'].includes(out.BACKEND_HOST) ? '127.0.0.1' : out.BACKEND_HOST;
    // An IPv6 address goes in brackets in a URL (BACKEND_HOST=::1).
    const backend = `http://${host.includes(':') ? `[${host}]` : host}:${out.BACKEND_PORT}`;
    for (const name of ['BACKEND_API_URL', 'PRODUCTS_API_URL']) if (unset(name)) out[name] = backend;
    if (unset('PUSHER_WS_PORT')) out.PUSHER_WS_PORT = out.BACKEND_PORT;
  }
  if (!unset('PORT') && unset('WEB_APP_URL')) out.WEB_APP_URL = `http://localhost:${out.PORT}`;
  return out;
}

// A local run gets the generated local secrets and captcha switched off explicitly unless keys are set
// (scripts/local-secrets.mjs), and URLs that follow its ports; a deployment (NODE_ENV=production, or a public
// WEB_APP_URL without NODE_ENV: scripts/deployment.mjs) sets its own and the processes refuse to start without them.
const env = isDeployment(settings) ? settings : withLocalSecrets(withLocalPorts(settings));
// The backend's opt-in /dev endpoints: on for a local run whose backend listens on this machine only.
const backendEnv = withLocalDevEndpoints(env);
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
      // DEV_ENDPOINTS and DEV_GOOGLE_SIGN_IN are the backend's (which refuses them in production): the web app in
      // production mode would refuse to start with them on.
      env: { ...env, NODE_ENV: dev ? 'development' : 'production', DEV_ENDPOINTS: '', DEV_GOOGLE_SIGN_IN: '' },
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
