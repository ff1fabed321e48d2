import { cache } from 'react';
import { getServerEnv } from '@/lib/config/env';
import { noteBackendFailure } from '@/lib/server/render-health';

export type InfoPage = { slug: string; title: string; body_html: string; updated_at: string };
export type InfoPageSummary = { slug: string; title: string };

/** Thrown for a backend failure; the route's error.tsx shows the Internal Server Error page. */
export class BackendError extends Error {
  constructor(
    public readonly status: number,
    path: string,
  ) {
    super(`Backend answered ${status} for ${path}`);
    this.name = 'BackendError';
  }
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,99}$/;

/**
 * One content page from the backend (`GET /api/v1/info-pages/{slug}`): null when it does not exist
 * (404 or a malformed slug), throws on any other failure. Deduplicated per request (page + metadata).
 */
export const getInfoPage = cache(async (slug: string): Promise<InfoPage | null> => {
  if (!SLUG.test(slug)) return null;
  const path = `/api/v1/info-pages/${encodeURIComponent(slug)}`;
  const res = await fetch(`${getServerEnv().BACKEND_API_URL}${path}`, {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  }).catch((error: unknown) => {
    noteBackendFailure();
    throw error;
  });
  if (res.status === 404) return null;
  if (!res.ok) {
    noteBackendFailure();
    throw new BackendError(res.status, path);
  }
  return ((await res.json()) as { data: InfoPage }).data;
});

/** The list of content pages, or null when the backend cannot answer (the index page degrades gracefully). */
export const listInfoPages = cache(async (): Promise<InfoPageSummary[] | null> => {
  try {
    const res = await fetch(`${getServerEnv().BACKEND_API_URL}/api/v1/info-pages`, {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (!res.ok) throw new BackendError(res.status, '/api/v1/info-pages');
    return ((await res.json()) as { data: InfoPageSummary[] }).data;
  } catch {
    noteBackendFailure(); // the degraded index must not be shared as if it were complete
    return null;
  }
});
