/**
 * Whether a set of settings describes a deployment, held to every production check (lib/config/env.ts,
 * backend/src/config.ts) and never given generated local secrets, captcha switched off or the /dev endpoints
 * (scripts/local-secrets.mjs, scripts/dev-endpoints.mjs). Plain JavaScript without imports: the launchers, the
 * backend and the web app all read it.
 */

/** True for a host only this machine reaches: `localhost` (and its subdomains), 127.0.0.0/8, `[::1]`. */
export function isLoopbackHost(hostname) {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(host) || host === '[::1]';
}

/**
 * NODE_ENV=production, or NODE_ENV not set while the shop's public origin (WEB_APP_URL) is beyond this machine:
 * a deployment that forgot NODE_ENV must not run with generated secrets and captcha off. An explicit
 * NODE_ENV=development or test stays a local run wherever it is served (a phone on the local network).
 */
export function isDeployment(env) {
  const nodeEnv = env.NODE_ENV ?? '';
  if (nodeEnv === 'production') return true;
  if (nodeEnv !== '') return false;
  const origin = env.WEB_APP_URL ?? '';
  if (origin === '') return false;
  try {
    return !isLoopbackHost(new URL(origin).hostname);
  } catch {
    return true;
  }
}
