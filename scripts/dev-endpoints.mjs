/**
 * Whether `npm start` / `npm run dev` switch on the backend's /dev endpoints (mail outbox with reset links and
 * codes, fault points, clock; opt-in through DEV_ENDPOINTS, backend/src/config.ts) for the backend they start.
 *
 * A local run gets them unless its settings say otherwise (DEV_ENDPOINTS=false keeps them off). A deployment
 * (NODE_ENV=production, or a public origin beyond this machine without NODE_ENV: scripts/deployment.mjs) never
 * does: the backend refuses them there. Nor does a run whose backend listens beyond this machine (BACKEND_HOST
 * not a loopback address): a deployment that forgot NODE_ENV, or a shared machine, where the outbox must not be
 * reachable from elsewhere; it can still say DEV_ENDPOINTS=true itself.
 */
import { isDeployment } from './deployment.mjs';

const LOOPBACK_HOSTS = new Set(['', '127.0.0.1', 'localhost', '::1']);

export function withLocalDevEndpoints(env) {
  if (isDeployment(env)) return env;
  if (env.DEV_ENDPOINTS !== undefined && env.DEV_ENDPOINTS !== '') return env;
  if (!LOOPBACK_HOSTS.has((env.BACKEND_HOST ?? '').trim().toLowerCase())) return env;
  return { ...env, DEV_ENDPOINTS: 'true' };
}
