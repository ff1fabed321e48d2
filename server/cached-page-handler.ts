import type { IncomingMessage, ServerResponse } from 'node:http';
import { backendFailureCount } from '@/lib/server/render-health';
import { captureResponse } from './capture-response';
import { guestPageKey } from './guest-page-key';
import { toStoredPage, type PageCache } from './page-cache';
import { sendStoredPage } from './send-stored-page';

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

    // This request renders the page for everyone: uncompressed, so that its copy can take a new nonce.
    const { done } = lookup;
    delete request.headers['accept-encoding'];
    const failuresBefore = backendFailureCount();
    captureResponse(response, cache.maxBodyBytes, (captured) => {
      const clean = captured !== null && backendFailureCount() === failuresBefore;
      done(clean ? toStoredPage(captured, Date.now(), cache.maxBodyBytes) : null);
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
