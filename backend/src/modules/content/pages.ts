import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';
import { INFO_PAGE_HTML_POLICY } from '../../../../contract/info-page-html';
import type { DB } from '../../db/connection';

export type InfoPageInput = { slug: string; title: string; body_html: string };

/**
 * `sanitize-html` (with postcss and htmlparser2, ~11 MB of resident memory) is loaded the first time a page is
 * written, not with the server: pages are written only by the seed of an empty database.
 */
let sanitizer: typeof SanitizeHtml | null = null;

/** `body_html` reduced to the allow-list of contract/info-page-html.ts. */
function sanitizeInfoPageHtml(html: string): string {
  sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
  return sanitizer(html, INFO_PAGE_HTML_POLICY);
}

/**
 * Writes the content pages (terms, privacy, cookies, ANPC/SAL, about), in this order. The only writer of
 * `info_pages` (the seed: first start, `backend:reset`). The web app inserts `body_html` into its pages as HTML,
 * so only the allow-list is stored: a script, an event handler or a `javascript:` link never reaches the API.
 */
export function writeInfoPages(db: DB, pages: readonly InfoPageInput[], at: string): void {
  const insert = db.prepare('INSERT INTO info_pages (slug, title, body_html, sort, updated_at) VALUES (?, ?, ?, ?, ?)');
  pages.forEach((p, n) => insert.run(p.slug, p.title, sanitizeInfoPageHtml(p.body_html), n, at));
}
