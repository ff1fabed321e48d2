import { cache } from 'react';
import sanitizeHtml from 'sanitize-html';
import { INFO_PAGE_HTML_POLICY } from '@/contract/info-page-html';
import { isApiError } from '@/lib/api/errors';
import { backendFetch } from '@/lib/api/server';

/**
 * HTML reduced to the content pages' allow-list (contract/info-page-html.ts) on this server: the only HTML
 * components/content/info-page-body.tsx inserts. `sanitize-html` runs here, in a module of the server's data
 * access (next to lib/api/server.ts and its request cookies), never in a browser bundle.
 */
export type SanitizedHtml = string & { readonly __sanitized: unique symbol };
export type InfoPage = { slug: string; title: string; body_html: SanitizedHtml; updated_at: string };
type InfoPageAnswer = Omit<InfoPage, 'body_html'> & { body_html: string };
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
 * One content page from the backend (`GET /api/v1/info-pages/{slug}`), its `body_html` sanitised: null when it
 * does not exist (404 or a malformed slug), throws on any other failure. Deduplicated per request (page + metadata).
 */
export const getInfoPage = cache(async (slug: string): Promise<InfoPage | null> => {
  if (!SLUG.test(slug)) return null;
  const path = `/api/v1/info-pages/${encodeURIComponent(slug)}`;
  try {
    const page = await backendFetch<InfoPageAnswer>(path, { token: null });
    // The backend keeps the allow-list where pages are written; sanitised again here, where they become markup
    // (a page that reached the database another way, an older backend).
    return { ...page, body_html: sanitizeHtml(String(page.body_html ?? ''), INFO_PAGE_HTML_POLICY) as SanitizedHtml };
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
