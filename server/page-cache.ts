import type { OutgoingHttpHeaders } from 'node:http';

/**
 * A micro-cache of guest pages with per-response nonces.
 *
 * Every page carries a Content-Security-Policy with a fresh nonce, which makes Next.js render every request.
 * A guest's public page is the same for every guest, though, so the web server keeps the last render of each
 * page for `ttlMs` and answers from it with a new nonce put in place of the render's (header and body): the
 * policy stays per response, the render happens about once per page per `ttlMs`.
 *
 * - Single flight: while one request renders a page, others for it wait for that render (or get the previous
 *   one, if it is at most `staleMs` past its freshness) instead of rendering too. The render is done when it has
 *   been written (capture-response.ts), not when its own client has read it.
 * - Only a clean answer is kept: 200, HTML, no Set-Cookie, a nonce in the policy, and no backend failure while
 *   rendering (decided by the caller). Anything else drops the entry, so an error or a maintenance redirect is
 *   never hidden behind an older page.
 * - Bounded: at most `maxEntries` pages (least recently used out) of at most `maxBodyBytes` each.
 */
export type PageCacheSettings = { ttlMs: number; staleMs: number; maxEntries: number; maxBodyBytes: number };

export type StoredPage = {
  /** Response headers to send again (per-response ones removed); the policy is kept apart in `csp`. */
  headers: Array<[string, string | string[]]>;
  /** The policy header split at the render's nonce. */
  csp: string[];
  /** The HTML split at the render's nonce (bytes: an answer is written without building one big string). */
  body: Buffer[];
  bytes: number;
  storedAt: number;
};

export type CapturedResponse = { status: number; headers: OutgoingHttpHeaders; body: Buffer };

export type Lookup =
  | { kind: 'fresh'; page: StoredPage }
  | { kind: 'stale'; page: StoredPage }
  | { kind: 'wait'; page: Promise<StoredPage | null> }
  | { kind: 'render'; done: (page: StoredPage | null) => void };

/** Headers that belong to one response and are never replayed. */
const PER_RESPONSE_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'content-security-policy',
  'x-page-cache',
  'x-request-id',
]);

const NONCE_IN_POLICY = /'nonce-([A-Za-z0-9+/=_-]{16,})'/;

/** A stored page from a captured answer, or null when the answer must not be shared. */
export function toStoredPage(captured: CapturedResponse, now: number, maxBodyBytes: number): StoredPage | null {
  if (captured.status !== 200 || captured.body.length > maxBodyBytes) return null;
  const header = (name: string) => captured.headers[name];
  if (header('set-cookie') !== undefined) return null;
  if (!String(header('content-type') ?? '').startsWith('text/html')) return null;
  if (header('content-encoding') !== undefined) return null;
  const policy = header('content-security-policy');
  const nonce = typeof policy === 'string' ? NONCE_IN_POLICY.exec(policy)?.[1] : undefined;
  if (!nonce || typeof policy !== 'string') return null;

  const headers: StoredPage['headers'] = [];
  for (const [name, value] of Object.entries(captured.headers)) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
    headers.push([name, Array.isArray(value) ? value : String(value)]);
  }
  return {
    headers,
    csp: policy.split(nonce),
    body: splitBuffer(captured.body, Buffer.from(nonce)),
    bytes: captured.body.length,
    storedAt: now,
  };
}

function splitBuffer(buffer: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = buffer.indexOf(separator); at >= 0; at = buffer.indexOf(separator, from)) {
    parts.push(buffer.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(buffer.subarray(from));
  return parts;
}

/** The page's policy and HTML (as the pieces to write, in order) with `nonce` in place of the render's. */
export function withNonce(page: StoredPage, nonce: string): { csp: string; body: Buffer[] } {
  const value = Buffer.from(nonce);
  const body: Buffer[] = [];
  page.body.forEach((part, i) => {
    if (i > 0) body.push(value);
    body.push(part);
  });
  return { csp: page.csp.join(nonce), body };
}

type Slot = { page: StoredPage | null; refreshing: Promise<StoredPage | null> | null };

export class PageCache {
  private readonly slots = new Map<string, Slot>();

  constructor(private readonly settings: PageCacheSettings) {}

  get enabled(): boolean {
    return this.settings.ttlMs > 0 && this.settings.maxEntries > 0;
  }

  get size(): number {
    return this.slots.size;
  }

  get maxBodyBytes(): number {
    return this.settings.maxBodyBytes;
  }

  /** What to do with a request for `key`: answer from a page, wait for a render, or render (then call done). */
  lookup(key: string, now: number): Lookup {
    const slot = this.slots.get(key);
    if (slot) {
      // Most recently used last: re-insert.
      this.slots.delete(key);
      this.slots.set(key, slot);
    }
    const age = slot?.page ? now - slot.page.storedAt : Infinity;
    if (slot?.page && age < this.settings.ttlMs) return { kind: 'fresh', page: slot.page };
    if (slot?.refreshing) {
      if (slot.page && age < this.settings.ttlMs + this.settings.staleMs) return { kind: 'stale', page: slot.page };
      return { kind: 'wait', page: slot.refreshing };
    }

    const current: Slot = slot ?? { page: null, refreshing: null };
    let settle!: (page: StoredPage | null) => void;
    current.refreshing = new Promise((resolve) => (settle = resolve));
    this.slots.set(key, current);
    this.evict();
    let settled = false;
    return {
      kind: 'render',
      done: (page) => {
        if (settled) return;
        settled = true;
        current.refreshing = null;
        current.page = page;
        if (!page && this.slots.get(key) === current) this.slots.delete(key);
        settle(page);
      },
    };
  }

  clear(): void {
    this.slots.clear();
  }

  private evict() {
    for (const [key, slot] of this.slots) {
      if (this.slots.size <= this.settings.maxEntries) return;
      if (slot.refreshing) continue;
      this.slots.delete(key);
    }
  }
}
