import { getServerEnv } from '@/lib/config/env';
import { callBackend } from '@/lib/net/backend-call';

/**
 * Maintenance status as the proxy sees it: fetched from the backend at most once per TTL,
 * concurrent callers share one request (SPEC §4), failures count as "not in maintenance".
 */
const TTL_MS = 2000;
/** A hung backend must not hold every page for the whole backend timeout just to learn about maintenance. */
const STATUS_TIMEOUT_MS = 3000;
/** Once an answer is known, a refresh slower than this serves the last answer instead of holding the page. */
const STALE_AFTER_MS = 300;

let cached: { value: boolean; at: number } | null = null;
let inFlight: Promise<boolean> | null = null;

/**
 * For tests: forgets the module state.
 * @testSeam
 */
export function resetMaintenanceCache() {
  cached = null;
  inFlight = null;
}

export async function isMaintenanceActive(backendUrl: string, now = Date.now(), requestId?: string | null): Promise<boolean> {
  if (cached && now - cached.at < TTL_MS) return cached.value;
  const timeoutMs = Math.min(STATUS_TIMEOUT_MS, getServerEnv().BACKEND_TIMEOUT_MS);
  inFlight ??= callBackend(`${backendUrl}/api/v1/maintenances/status`, {}, { requestId, timeoutMs })
    .then(async (res) => {
      if (!res.ok) {
        await res.body?.cancel();
        return false;
      }
      const body = (await res.json()) as { data?: { is_active?: boolean } };
      return body.data?.is_active === true;
    })
    .catch(() => false)
    .then((value) => {
      cached = { value, at: Date.now() };
      inFlight = null;
      return value;
    });
  if (!cached) return inFlight;
  // A slow backend must not add its delay to every page before the page's own calls even start: after a
  // short wait the last known answer serves (the refresh goes on and lands in the cache).
  const last = cached.value;
  return Promise.race([inFlight, new Promise<boolean>((resolve) => setTimeout(() => resolve(last), STALE_AFTER_MS).unref())]);
}
