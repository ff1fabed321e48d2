import path from 'node:path';
import { isDeployment } from './deployment.mjs';
import { withLocalDevEndpoints } from './dev-endpoints.mjs';
import { loadDotEnv } from './load-env.mjs';
import { LOCAL_SECRETS_FILE, withLocalSecrets } from './local-secrets.mjs';

/**
 * The settings `npm start` / `npm run dev` (scripts/start.mjs) run with, and what each of its two processes gets.
 */

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

/**
 * The files of settings, first wins: those Next.js reads in the web process (`.env.{mode}.local`, `.env.local`,
 * `.env.{mode}`, `.env`; @next/env), so that the launcher, the backend and the web app decide on the same settings.
 * With `.env` alone here, a deployment that kept its public WEB_APP_URL in `.env.production` or `.env.local` (where
 * Next.js documents them) was launched as a local run: generated secrets, captcha switched off and the /dev endpoints
 * for the backend, while the web app, reading the file itself, served the public origin.
 */
function settingsFiles(dev) {
  const mode = dev ? 'development' : 'production';
  return [`.env.${mode}.local`, '.env.local', `.env.${mode}`, '.env'];
}

/**
 * `env`: the settings (the environment wins, then settingsFiles in order); `backend` and `web`: each child's environment.
 * A local run gets the generated local secrets and captcha switched off explicitly unless keys are set
 * (scripts/local-secrets.mjs), and URLs that follow its ports; a deployment (NODE_ENV=production, or a public
 * WEB_APP_URL without NODE_ENV: scripts/deployment.mjs) sets its own and the processes refuse to start without them.
 */
export function launchEnvironments({ dev = false, processEnv = process.env, dir = '.', secretsFile = path.join(dir, LOCAL_SECRETS_FILE) } = {}) {
  const fromFiles = Object.assign({}, ...settingsFiles(dev).reverse().map((file) => loadDotEnv(path.join(dir, file))));
  const settings = { ...fromFiles, ...processEnv, NEXT_TELEMETRY_DISABLED: '1' };
  const env = isDeployment(settings) ? settings : withLocalSecrets(withLocalPorts(settings), secretsFile);
  return {
    env,
    // The backend's opt-in /dev endpoints: on for a local run whose backend listens on this machine only.
    backend: withLocalDevEndpoints(env),
    // DEV_ENDPOINTS and DEV_GOOGLE_SIGN_IN are the backend's (which refuses them in production): the web app in
    // production mode would refuse to start with them on.
    web: { ...env, NODE_ENV: dev ? 'development' : 'production', DEV_ENDPOINTS: '', DEV_GOOGLE_SIGN_IN: '' },
  };
}
