import type { Attributes, IOptions } from 'sanitize-html';

/**
 * The allow-list of the content pages' `body_html` (terms, privacy, cookies, ANPC/SAL, about), for `sanitize-html`.
 * The backend applies it where a page is written (backend/src/modules/content/pages.ts), the web app again where
 * it renders one (lib/content/info-pages.ts, on the server only): HTML that reaches `dangerouslySetInnerHTML`
 * has passed it twice.
 *
 * Kept: headings, paragraphs, lists, links, strong/em, tables, br, hr. Links go to http(s), mailto or a relative
 * address only; `target` is `_blank` or nothing, and a `_blank` link always carries `rel="noopener noreferrer"`.
 * Everything else goes: scripts and styles with their text, iframes, forms, images, `style`, `class`, `id` and
 * every `on*` attribute. A page's own title is its only `h1`: an `h1` in the body becomes an `h2`.
 *
 * Types only here (this module is data): each side imports `sanitize-html` itself, so that it stays out of the
 * browser's bundles and out of the backend's memory until a page is written.
 */
const LINK_REL = 'noopener noreferrer';

function link(tagName: string, attribs: Attributes): { tagName: string; attribs: Attributes } {
  const { target, ...rest } = attribs;
  if (target?.trim().toLowerCase() !== '_blank') return { tagName, attribs: rest };
  const { rel, ...others } = rest;
  const tokens = new Set((rel ?? '').toLowerCase().split(/\s+/).filter(Boolean));
  for (const token of LINK_REL.split(' ')) tokens.add(token);
  return { tagName, attribs: { ...others, target: '_blank', rel: [...tokens].join(' ') } };
}

export const INFO_PAGE_HTML_POLICY: IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'b', 'i', 'br', 'hr',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', { name: 'target', multiple: false, values: ['_blank'] }],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  // `//host/path` leaves the site like an absolute address: write the scheme.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped together with their text (the defaults and more raw-text or foreign elements).
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'noembed', 'noframes', 'template', 'iframe', 'title', 'svg', 'math'],
  parseStyleAttributes: false,
  transformTags: { h1: 'h2', a: link },
};
