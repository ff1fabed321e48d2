import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { backendFailureCount } from '@/lib/server/render-health';
import { captureResponse } from './capture-response';
import { guestPageKey } from './guest-page-key';
import { toStoredPage, type CapturedResponse, type PageCache } from './page-cache';
import { acceptsGzip, sendStoredPage } from './send-stored-page';

/** The captured answer as plain bytes (the client may have been sent gzip); null when it cannot be decoded. */
export function decodeCaptured(captured: CapturedResponse): CapturedResponse | null {
  const encoding = captured.headers['content-encoding'];
  if (encoding === undefined) return captured;
  if (encoding !== 'gzip') return null;
  try {
    const headers = { ...captured.headers };
    delete headers['content-encoding'];
    return { ...captured, headers, body: gunzipSync(captured.body) };
  } catch {
    return null;
  }
}

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<unknown> | unknown;

/**
 * Puts the guest page cache in front of a request handler (Next.js): answers a guest's public page from the
 * cache when it can, lets one request render it when it cannot, and keeps that render only if it is clean
 * (see page-cache.ts). Every other request goes straight to `handle`.
 */
export function withGuestPageCache(handle: RequestHandler, cache: PageCache, gzipLevel: number): RequestHandler {
  return async (request, response) => {
    const key = cache.enabled ? guestPageKey(request) : null;
    if (!key) return handle(request, response);

    const lookup = cache.lookup(key, Date.now());
    if (lookup.kind === 'fresh' || lookup.kind === 'stale') {
      return sendStoredPage(request, response, lookup.page, lookup.kind === 'fresh' ? 'HIT' : 'STALE', gzipLevel);
    }
    if (lookup.kind === 'wait') {
      const page = await lookup.page;
      if (page) return sendStoredPage(request, response, page, 'HIT', gzipLevel);
      return handle(request, response);
    }

    // This request renders the page for everyone. Its client still gets it compressed (a first visit is the
    // slowest one: 50 KB of HTML on a phone network costs about half a second more than its 10 KB of gzip), but
    // only as gzip, which the copy is decoded from before it is kept with its nonce replaceable.
    const { done } = lookup;
    if (acceptsGzip(request)) request.headers['accept-encoding'] = 'gzip';
    else delete request.headers['accept-encoding'];
    const failuresBefore = backendFailureCount();
    captureResponse(response, cache.maxBodyBytes, (captured) => {
      const clean = captured !== null && backendFailureCount() === failuresBefore;
      const decoded = clean ? decodeCaptured(captured) : null;
      done(decoded ? toStoredPage(decoded, Date.now(), cache.maxBodyBytes) : null);
    });
    response.setHeader('x-page-cache', 'MISS');
    try {
      return await handle(request, response);
    } catch (error) {
      done(null);
      throw error;
    }
  };
}
