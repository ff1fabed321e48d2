import { api, unwrap, type Envelope } from './client';
import type { CookieConsentChoice, MaintenanceStatus } from '@/contract/types';

let maintenanceInFlight: Promise<MaintenanceStatus> | null = null;

/** GET /api/v1/maintenances/status. Concurrent callers share one request (SPEC §4). */
export function getMaintenanceStatus(): Promise<MaintenanceStatus> {
  maintenanceInFlight ??= api
    .get<Envelope<MaintenanceStatus>>('/api/v1/maintenances/status')
    .then(unwrap)
    .finally(() => {
      maintenanceInFlight = null;
    });
  return maintenanceInFlight;
}

/** POST /api/v1/cookie-consents {consent, token}. The BFF adds the bearer (if signed in) and X-FORWARDED-FOR. */
export async function sendCookieConsent(consent: CookieConsentChoice, token = ''): Promise<{ id: number; consent: CookieConsentChoice }> {
  return unwrap(await api.post('/api/v1/cookie-consents', { consent, token }));
}

/** Plausible Events API body (backend/README.md). */
export type AnalyticsEvent = { name: string; url: string; domain: string; referrer?: string | null; props?: Record<string, string> };

/**
 * POST /api/event: analytics (the BFF forwards it). Callers check the analytics setting and consent. The page and
 * referrer addresses go without the secrets of mailed links (reset token, renewal token, the reset link's email).
 */
export async function sendAnalyticsEvent(event: AnalyticsEvent): Promise<void> {
  // Loaded with the first event: analytics waits for consent, and every page's first load carries this module.
  const { withoutSecretParams } = await import('@/lib/proxy/secret-links');
  await api.post('/api/event', { ...event, url: withoutSecretParams(event.url), referrer: withoutSecretParams(event.referrer) });
}
