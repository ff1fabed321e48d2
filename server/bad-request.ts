import { readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { BODY_LIMIT_BYTES, PAYLOAD_TOO_LARGE } from '@/contract/http';

/**
 * Requests the web server refuses before Next.js sees them: a method it does not answer (405); a path that is not valid percent-encoded UTF-8
 * (`/%c0%ae`) makes Next.js's routing throw (a 500 otherwise); a declared body over 1 MiB is never needed (no
 * uploads; the BFF and Next.js's server actions stop at 1 MiB), so it is refused before a byte is read.
 */
/** The methods the app answers; Next.js throws on others (TRACE was a 500). */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export function isSupportedMethod(method: string | undefined): boolean {
  return method !== undefined && METHODS.includes(method);
}

export function declaresTooLargeBody(request: IncomingMessage): boolean {
  const declared = request.headers['content-length'];
  return declared !== undefined && Number(declared) > BODY_LIMIT_BYTES;
}

/**
 * The request target in origin form (`/path?query`, the form browsers send), or null when it cannot be this
 * server's: absolute-form naming another host (`GET http://evil.example/faq` made Next.js answer a 308 to it),
 * the asterisk form (`OPTIONS *` was a 500), authority form, or a path starting with `//`. Absolute-form naming
 * this request's own Host is accepted (HTTP/1.1 requires it) and reduced to its path, unless that starts with `//`.
 */
export function originFormTarget(url: string | undefined, host: string | undefined): string | null {
  if (url === undefined || url.startsWith('//')) return null;
  if (url.startsWith('/')) return url;
  if (!/^https?:\/\//i.test(url) || !host) return null;
  try {
    const target = new URL(url);
    // The Host header compared as the target's authority is: its scheme's default port dropped (`shop.example:80`
    // names `http://shop.example/`), an IPv6 literal in its canonical form, letters in lower case.
    const own = new URL(`${target.protocol}//${host}`);
    const path = `${target.pathname}${target.search}`;
    // Its path is held to the origin form's rule: `http://host//evil.example/x` (or `/\evil.example`, which the
    // URL parser turns into `//evil.example`) must not hand Next.js the `//` target refused above.
    return target.host === own.host && !target.username && !target.password && !own.username && !own.password && !path.startsWith('//')
      ? path
      : null;
  } catch {
    return null;
  }
}

/**
 * Where a path starting with `//` is sent instead (a link written with one slash too many, `https://shop.example//rca`,
 * which a browser sends as `//rca`): the same path with every run of slashes (and backslashes, which browsers read as
 * slashes) made one, as Next.js redirected it before the origin-form check refused it. Always a path of this server,
 * never `//host` (an address on another host). Null for any other target.
 */
export function repeatedSlashLocation(url: string | undefined): string | null {
  if (url === undefined || !url.startsWith('//')) return null;
  const queryAt = url.indexOf('?');
  const pathPart = queryAt < 0 ? url : url.slice(0, queryAt);
  const query = queryAt < 0 ? '' : url.slice(queryAt);
  return `${pathPart.replace(/\\/g, '/').replace(/\/{2,}/g, '/')}${query}`;
}

/** 308 to `location` (a path of this server): the method and body are kept, as Next.js's own redirect of `//`. */
export function sendRepeatedSlashRedirect(location: string, response: ServerResponse): void {
  response.statusCode = 308;
  response.setHeader('location', location);
  response.setHeader('cache-control', 'no-store');
  response.setHeader('content-type', 'text/plain; charset=utf-8');
  response.end(location);
}

export function hasDecodablePath(url: string | undefined): boolean {
  const queryAt = (url ?? '/').indexOf('?');
  const path = queryAt < 0 ? (url ?? '/') : (url ?? '/').slice(0, queryAt);
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/** 400 for an undecodable path: the API's error body for `/api/*`, a short Romanian text otherwise. */
export function sendBadPath(url: string | undefined, response: ServerResponse): void {
  send(url, response, 400, 'bad_request', 'Malformed URL.', 'Adresa cerută nu este validă. Verificați adresa sau mergeți la pagina principală.');
}

/** 405 for a method the app does not answer. */
export function sendMethodNotAllowed(url: string | undefined, response: ServerResponse, allowed: readonly string[] = METHODS): void {
  response.setHeader('allow', allowed.join(', '));
  send(url, response, 405, 'method_not_allowed', 'Method not allowed.', 'Cererea nu este acceptată.');
}

/** 413 for a declared body over the limit (Node.js discards the rest of the body as it arrives). */
export function sendTooLarge(url: string | undefined, response: ServerResponse): void {
  send(url, response, 413, PAYLOAD_TOO_LARGE.code, PAYLOAD_TOO_LARGE.message, PAYLOAD_TOO_LARGE.pretty_message);
}

function send(url: string | undefined, response: ServerResponse, status: number, code: string, message: string, pretty: string) {
  response.statusCode = status;
  response.setHeader('cache-control', 'no-store');
  response.setHeader('x-content-type-options', 'nosniff');
  if ((url ?? '').startsWith('/api/')) {
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.end(JSON.stringify({ error: { code, message, pretty_message: pretty } }));
  } else {
    response.setHeader('content-type', 'text/plain; charset=utf-8');
    response.end(pretty);
  }
}

/** The methods a file Next.js serves itself answers. */
export const STATIC_FILE_METHODS = ['GET', 'HEAD'] as const;

/** The files of public/ (paths as a URL names them, `/favicon.ico`, `/images/broker/logo.svg`), read once at start. */
export function listPublicFiles(dir: string): Set<string> {
  const files = new Set<string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    files.add(`/${relative}`);
  }
  return files;
}

/** A request for a file Next.js serves itself: the build's hashed files or a file of public/. */
export function isStaticFileRequest(url: string | undefined, publicFiles: ReadonlySet<string>): boolean {
  const raw = url ?? '/';
  const queryAt = raw.indexOf('?');
  const pathname = queryAt < 0 ? raw : raw.slice(0, queryAt);
  if (pathname.startsWith('/_next/static/')) return true;
  try {
    return publicFiles.has(decodeURIComponent(pathname));
  } catch {
    return false;
  }
}

/**
 * A static file is answered whole. Next.js answers an unsatisfiable Range or a failed If-Match /
 * If-Unmodified-Since on one with a 500 (it renders a /416 or /412 error page that does not exist); RFC 9110
 * lets a server ignore Range, and these files are immutable or public, so a precondition adds nothing.
 */
export function dropStaticFilePreconditions(request: IncomingMessage): void {
  for (const name of ['range', 'if-range', 'if-match', 'if-unmodified-since']) delete request.headers[name];
}
