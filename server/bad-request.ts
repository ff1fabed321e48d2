import type { ServerResponse } from 'node:http';

/**
 * Requests the web server answers with 400 before Next.js sees them: a path that is not valid percent-encoded
 * UTF-8 (`/%c0%ae`) makes Next.js's routing throw (a 500 otherwise).
 */
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

/** 400 in the API's error body for `/api/*`, a short Romanian text otherwise. */
export function sendBadPath(url: string | undefined, response: ServerResponse): void {
  response.statusCode = 400;
  response.setHeader('cache-control', 'no-store');
  response.setHeader('x-content-type-options', 'nosniff');
  const pretty = 'Adresa cerută nu este validă.';
  if ((url ?? '').startsWith('/api/')) {
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.end(JSON.stringify({ error: { code: 'bad_request', message: 'Malformed URL.', pretty_message: pretty } }));
  } else {
    response.setHeader('content-type', 'text/plain; charset=utf-8');
    response.end(`${pretty} Verificați adresa sau mergeți la pagina principală.`);
  }
}
