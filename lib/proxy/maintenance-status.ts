/**
 * Maintenance status as the proxy sees it: fetched from the backend at most once per TTL,
 * concurrent callers share one request (SPEC §4), failures count as "not in maintenance".
 */
const TTL_MS = 2000;

let cached: { value: boolean; at: number } | null = null;
let inFlight: Promise<boolean> | null = null;

export function resetMaintenanceCache() {
  cached = null;
  inFlight = null;
}

export async function isMaintenanceActive(backendUrl: string, now = Date.now()): Promise<boolean> {
  if (cached && now - cached.at < TTL_MS) return cached.value;
  inFlight ??= fetch(`${backendUrl}/api/v1/maintenances/status`, { cache: 'no-store' })
    .then(async (res) => {
      if (!res.ok) return false;
      const body = (await res.json()) as { data?: { is_active?: boolean } };
      return body.data?.is_active === true;
    })
    .catch(() => false)
    .then((value) => {
      cached = { value, at: Date.now() };
      inFlight = null;
      return value;
    });
  return inFlight;
}
