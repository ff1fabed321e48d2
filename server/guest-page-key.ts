import type { IncomingHttpHeaders } from 'node:http';
import { sessionCookieNames } from '@/lib/session/cookies';

/**
 * Which requests may be answered from the guest page cache, and under which key.
 *
 * Only a guest's full-page GET of a public catalogue or content page qualifies: no session (signed-in pages
 * are personal), no React Server Components or prefetch request (those are not HTML), no internal Next.js
 * header. Everything that changes such a page for a guest is in the key: host (with the forwarded host and
 * protocol a reverse proxy adds, so no request can plant a page for another origin), path and query, and the
 * partner that started the visit (its theme and code). Partner routes (`/rca-abc`) set the partner cookie on
 * every answer, so they are never stored.
 *
 * The cookies are read as raw pairs, never through a parser that keeps one value per name: Next.js keeps the last
 * of repeated cookies (`bs_session=; bs_session=<token>` is signed in there) and reads only one of the two cookie
 * names, so any session cookie with a value anywhere in the header makes the request a session's, and every
 * partner cookie pair goes into the key as sent.
 */
const PUBLIC_PAGE = /^\/(?:rca(?:\/[^/]+){0,2}|travel|house|tire|michelin-tiresecureplus|rovinieta|vigneta-ungaria|faq|contact-us|info(?:\/[^/]+)?)?$/;

const NOT_A_PAGE_REQUEST = [
  'rsc',
  'next-router-prefetch',
  'next-router-state-tree',
  'next-router-segment-prefetch',
  'next-action',
  'next-url',
  'x-middleware-subrequest',
  'x-middleware-prefetch',
  'authorization',
];

const MAX_URL_LENGTH = 2048;

const secureNames = sessionCookieNames(true);
const plainNames = sessionCookieNames(false);
const SESSION_COOKIES = new Set([secureNames.token, secureNames.state, plainNames.token, plainNames.state]);
const PARTNER_COOKIES = new Set([secureNames.partner, plainNames.partner]);

export type PageRequest = { method?: string; url?: string; headers: IncomingHttpHeaders };

/** The cache key of a request, or null when it must go to Next.js. */
export function guestPageKey(request: PageRequest): string | null {
  if (request.method !== 'GET' || !request.url || request.url.length > MAX_URL_LENGTH) return null;
  if (NOT_A_PAGE_REQUEST.some((name) => request.headers[name] !== undefined)) return null;
  const queryAt = request.url.indexOf('?');
  const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
  if (!PUBLIC_PAGE.test(pathname)) return null;
  if (queryAt >= 0 && new URLSearchParams(request.url.slice(queryAt + 1)).has('_rsc')) return null;

  const partner: string[] = [];
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    // Trimmed for the comparison (a superset of the names Next.js matches), kept as sent in the key.
    const name = (eq < 0 ? pair : pair.slice(0, eq)).trim();
    // Next.js reads a name without `=` as "true", and keeps a value's spaces.
    if (SESSION_COOKIES.has(name) && (eq < 0 || eq < pair.length - 1)) return null;
    if (PARTNER_COOKIES.has(name)) partner.push(pair.replace(/^ +/, ''));
  }
  const { host = '', 'x-forwarded-host': forwardedHost = '', 'x-forwarded-proto': forwardedProto = '' } = request.headers;
  return `${host} ${forwardedHost} ${forwardedProto}\n${request.url}\n${partner.join('; ')}`;
}
