import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { createNonce } from '@/lib/proxy/security-headers';
import { withNonce, type StoredPage } from './page-cache';

const gzipAsync = promisify(gzip);

/** Below this size compression is not worth its time. */
const MIN_GZIP_BYTES = 1024;

export function acceptsGzip(request: Pick<IncomingMessage, 'headers'>): boolean {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string') return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.split(';').map((s) => s.trim());
    if (coding.toLowerCase() !== 'gzip') return false;
    const quality = params.find((p) => p.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}

/** `value` (a Vary header) with Accept-Encoding in it. */
export function withVaryOnEncoding(value: string | string[] | undefined): string {
  const names = (Array.isArray(value) ? value.join(',') : (value ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!names.some((name) => name.toLowerCase() === 'accept-encoding')) names.push('Accept-Encoding');
  return names.join(', ');
}

/** Answers `request` with a stored page under a fresh nonce; gzip when the client takes it. */
export async function sendStoredPage(
  request: IncomingMessage,
  response: ServerResponse,
  page: StoredPage,
  state: 'HIT' | 'STALE',
  gzipLevel: number,
): Promise<void> {
  const { csp, body } = withNonce(page, createNonce());
  let vary: string | string[] | undefined;
  response.statusCode = 200;
  for (const [name, value] of page.headers) {
    if (name === 'vary') vary = value;
    else response.setHeader(name, value);
  }
  response.setHeader('content-security-policy', csp);
  response.setHeader('vary', withVaryOnEncoding(vary));
  response.setHeader('x-page-cache', state);
  const length = body.reduce((sum, part) => sum + part.length, 0);
  if (gzipLevel > 0 && length >= MIN_GZIP_BYTES && acceptsGzip(request)) {
    const payload = await gzipAsync(Buffer.concat(body, length), { level: gzipLevel });
    response.setHeader('content-encoding', 'gzip');
    response.setHeader('content-length', payload.length);
    response.end(payload);
    return;
  }
  response.setHeader('content-length', length);
  response.cork();
  for (const part of body) response.write(part);
  response.end();
  response.uncork();
}
