import { parseCookie } from 'cookie';
import { BODY_LIMIT_BYTES } from '@/contract/http';

/** Small request helpers shared by the BFF route handlers (plain Web Request: callable from tests). */

/**
 * The request's cookies by name (the `cookie` package's parser: the first of a repeated name wins, a value that
 * is not valid percent-encoding is kept as sent). For a plain Request or Node headers; where a NextRequest is at
 * hand, read `request.cookies` instead.
 */
export function parseCookies(header: string | null): Map<string, string> {
  const jar = new Map<string, string>();
  if (!header) return jar;
  for (const [name, value] of Object.entries(parseCookie(header))) {
    if (name && value !== undefined) jar.set(name, value);
  }
  return jar;
}

export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function jsonError(status: number, code: string, message: string, prettyMessage: string): Response {
  return Response.json({ error: { code, message, pretty_message: prettyMessage } }, { status, headers: { 'cache-control': 'no-store' } });
}

export class BodyTooLargeError extends Error {
  constructor() {
    super('Request body too large.');
  }
}

/**
 * The request body, at most `limit` bytes: a declared Content-Length over the limit is refused before anything
 * is read, and a body without one (chunked) is counted while it streams and abandoned as soon as it passes the
 * limit. Throws BodyTooLargeError; null for no body.
 */
export async function readBodyWithin(request: Request, limit = BODY_LIMIT_BYTES): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) throw new BodyTooLargeError();
  if (!request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError();
    }
    chunks.push(value);
  }
  if (total === 0) return null;
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
