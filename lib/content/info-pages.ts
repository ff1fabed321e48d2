import { cache } from 'react';
import { isApiError } from '@/lib/api/errors';
import { backendFetch } from '@/lib/api/server';

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
  try {
    return await backendFetch<InfoPage>(path, { token: null });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw new BackendError(isApiError(error) ? error.status : 502, path);
  }
});

/** The list of content pages, or null when the backend cannot answer (the index page degrades gracefully). */
export const listInfoPages = cache(async (): Promise<InfoPageSummary[] | null> => {
  try {
    return await backendFetch<InfoPageSummary[]>('/api/v1/info-pages', { token: null });
  } catch {
    return null;
  }
});
