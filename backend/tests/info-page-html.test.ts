import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startServer, type Call, type TestServer } from './helpers';
import { INFO_PAGES } from '../src/db/seed-data';
import { writeInfoPages } from '../src/modules/content/pages';
import { DANGEROUS_MARKUP, HOSTILE_HTML } from '../../tests/helpers/hostile-html';

/**
 * The content pages' `body_html` is inserted into the page as HTML by the web app: the backend keeps only the
 * allow-list of contract/info-page-html.ts where pages are written (the seed), so hostile markup never reaches
 * the API, and the demo pages pass through unchanged.
 */
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer();
  call = client(t.url);
});
afterAll(() => t.close());

describe('content pages: the write path sanitises body_html', () => {
  it('the seeded demo pages are stored and served exactly as written', async () => {
    for (const page of INFO_PAGES) {
      const res = await call('GET', `/api/v1/info-pages/${page.slug}`);
      expect(res.status).toBe(200);
      expect(res.body.data.body_html).toBe(page.body_html);
    }
  });

  it.each(HOSTILE_HTML)('a page written with hostile markup ($name) is served without it', async ({ name, html, clean }) => {
    const slug = `ostil-${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
    writeInfoPages(t.server.db, [{ slug, title: 'Pagină de test', body_html: html }], new Date().toISOString());
    const res = await call('GET', `/api/v1/info-pages/${slug}`);
    expect(res.status).toBe(200);
    expect(res.body.data.body_html).toBe(clean);
    expect(res.body.data.body_html).not.toMatch(DANGEROUS_MARKUP);
  });
});
