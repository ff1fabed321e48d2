import { callBackend } from '@/lib/net/backend-call';

/**
 * The partner registry as the web app sees it (backend `GET /api/v1/partners`): fetched at most once per TTL,
 * concurrent callers share one request. When the backend does not answer, the last list stays in use; with no
 * list at all every code counts as unknown (the plain shop: no theme, no badge, no attribution).
 */
export type Partner = { code: string; name: string; theme_enabled: boolean };

export const PARTNER_REGISTRY_TTL_MS = 60_000;

let cached: { partners: Map<string, Partner>; at: number } | null = null;
let inFlight: Promise<Map<string, Partner>> | null = null;

/**
 * For tests: forgets the module state.
 * @testSeam
 */
export function resetPartnerRegistryCache() {
  cached = null;
  inFlight = null;
}

async function load(backendUrl: string): Promise<Map<string, Partner>> {
  // Bounded like every call to the backend: proxy.ts awaits this before a partner route's page.
  const res = await callBackend(`${backendUrl}/api/v1/partners`);
  if (!res.ok) throw new Error(`partners: ${res.status}`);
  const body = (await res.json()) as { data?: Partner[] };
  const partners = new Map<string, Partner>();
  for (const p of body.data ?? []) {
    if (typeof p?.code === 'string' && typeof p.name === 'string') {
      partners.set(p.code.toLowerCase(), { code: p.code.toLowerCase(), name: p.name, theme_enabled: p.theme_enabled === true });
    }
  }
  return partners;
}

/** The registered, active partner with this code (case-insensitive), or null. */
export async function findPartner(backendUrl: string, code: string, now = Date.now()): Promise<Partner | null> {
  let partners: Map<string, Partner>;
  if (cached && now - cached.at < PARTNER_REGISTRY_TTL_MS) {
    partners = cached.partners;
  } else {
    inFlight ??= load(backendUrl)
      .then((list) => {
        cached = { partners: list, at: Date.now() };
        return list;
      })
      .catch(() => cached?.partners ?? new Map<string, Partner>())
      .finally(() => {
        inFlight = null;
      });
    partners = await inFlight;
  }
  return partners.get(code.toLowerCase()) ?? null;
}
