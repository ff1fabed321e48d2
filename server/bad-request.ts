import type { IncomingMessage, ServerResponse } from 'node:http';
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
export function sendMethodNotAllowed(url: string | undefined, response: ServerResponse): void {
  response.setHeader('allow', METHODS.join(', '));
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
