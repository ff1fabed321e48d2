import type { ServerResponse } from 'node:http';
import { DOCUMENT_FALLBACK_CSP } from '@/lib/proxy/security-headers';
import { headersOf } from './capture-response';

/** Answers a browser would open as a document that can run script. */
const DOCUMENT_TYPE = /^\s*(?:text\/html|application\/xhtml\+xml|image\/svg\+xml|text\/xml|application\/xml)\b/i;

/**
 * Every document answer carries a Content-Security-Policy. proxy.ts gives pages their nonce policy, but it does not
 * run on the paths its matcher skips (the BFF, realtime auth, build check, static files), and Next.js answers an
 * unknown one there with its HTML 404: that page had no policy at all, so anything that ever reached its markup
 * would run. Such an answer gets DOCUMENT_FALLBACK_CSP (no script) when its headers are written; an answer with a
 * policy of its own keeps it.
 */
export function withDocumentPolicy(response: ServerResponse): void {
  const originalWriteHead = response.writeHead;
  response.writeHead = function writeHead(this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    const given = headersOf(rest.find((arg) => typeof arg === 'object' && arg !== null));
    const type = String(given['content-type'] ?? this.getHeader('content-type') ?? '');
    const hasPolicy = given['content-security-policy'] !== undefined || this.hasHeader('content-security-policy');
    if (DOCUMENT_TYPE.test(type) && !hasPolicy && !this.headersSent) this.setHeader('content-security-policy', DOCUMENT_FALLBACK_CSP);
    return (originalWriteHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
  } as ServerResponse['writeHead'];
}
