// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { INFO_PAGES } from '@/backend/src/db/seed-data';
import { DANGEROUS_MARKUP, HOSTILE_HTML } from './helpers/hostile-html';

vi.mock('next/headers', () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));

/**
 * The content pages insert the backend's `body_html` as HTML (components/content/info-page-body.tsx). The backend
 * sanitises where pages are written; the web app does it again on the server, where it reads them
 * (lib/content/info-pages.ts): a page that reached the database some other way, or a backend that does not
 * sanitise, still renders only the allow-list. The demo pages render exactly as written.
 */
let body_html = '';
const backend = http.createServer((req, res) => {
  const slug = (req.url ?? '').split('/').pop();
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ data: { slug, title: 'Pagină', body_html, updated_at: '2026-01-15T10:00:00.000Z' } }));
});

let resetPublicReads: typeof import('@/lib/api/server').resetPublicReads;
let getInfoPage: typeof import('@/lib/content/info-pages').getInfoPage;
let InfoPageBody: typeof import('@/components/content/info-page-body').InfoPageBody;
let renderToStaticMarkup: typeof import('react-dom/server').renderToStaticMarkup;

beforeAll(async () => {
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  vi.stubEnv('BACKEND_API_URL', url);
  vi.stubEnv('PRODUCTS_API_URL', url);
  ({ resetPublicReads } = await import('@/lib/api/server'));
  ({ getInfoPage } = await import('@/lib/content/info-pages'));
  ({ InfoPageBody } = await import('@/components/content/info-page-body'));
  ({ renderToStaticMarkup } = await import('react-dom/server'));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  backend.closeAllConnections();
  await new Promise((resolve) => backend.close(resolve));
});

/** The content page as the server renders it, and the HTML inside its body container. */
async function rendered(slug: string, html: string): Promise<string> {
  body_html = html;
  // Anonymous reads are shared for a second: each case reads its own answer.
  resetPublicReads();
  const page = await getInfoPage(slug);
  expect(page).not.toBeNull();
  const markup = renderToStaticMarkup(<InfoPageBody page={page!} />);
  const body = /<div class="prose-content max-w-3xl">([\s\S]*?)<\/div><section/.exec(markup);
  expect(body, markup).not.toBeNull();
  return body![1];
}

describe('content pages: the web app renders only the allow-list', () => {
  it.each(HOSTILE_HTML)('hostile markup from the backend ($name) is not rendered', async ({ html, clean }) => {
    const body = await rendered('ostil', html);
    expect(body).toBe(clean);
    expect(body).not.toMatch(DANGEROUS_MARKUP);
  });

  it.each(INFO_PAGES.map((p) => [p.slug, p.body_html]))('the demo page %s renders exactly as written', async (slug, html) => {
    expect(await rendered(slug, html)).toBe(html);
  });
});
