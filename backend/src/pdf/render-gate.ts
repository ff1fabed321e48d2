import { createHash } from 'node:crypto';
import type { AppContext } from '../context';
import { errors } from '../lib/errors';

/** The cache key of a document: its kind and a hash of everything its PDF is rendered from. */
export function pdfKey(kind: string, content: unknown): string {
  return `${kind}:${createHash('sha256').update(typeof content === 'string' ? content : JSON.stringify(content)).digest('hex')}`;
}

/**
 * The downloads' PDF renders (policy and invoice documents, GET routes): rendering is CPU on the event loop, and a
 * customer (or a stolen session) looping downloads would otherwise render on every one.
 *
 * - The rendered bytes are kept per document content (`pdfKey`: a hash of everything the PDF is made from), least
 *   recently used first out past `cacheBytes`: the same document is rendered once, and a document whose content
 *   changes (a policy's data, the broker's details, a product's name) has another key, so a stale PDF is never served.
 * - At most `maxRenders` renders run at once; past it a download is refused with 503 `pdf_busy` and Retry-After
 *   (never queued: a flood must not pile up). Downloads of a document being rendered wait for that render.
 */
export class PdfRenderGate {
  private running = 0;
  private readonly pending = new Map<string, Promise<Buffer>>();
  private readonly cache = new Map<string, Buffer>();
  private cachedBytes = 0;
  /** Renders started (for tests and logs). */
  renders = 0;

  constructor(
    private readonly maxRenders: number,
    private readonly cacheBytes: number,
  ) {}

  async render(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const hit = this.cache.get(key);
    if (hit) {
      // Most recently used last.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const same = this.pending.get(key);
    if (same) return same;
    if (this.running >= this.maxRenders) throw errors.pdfBusy();
    this.running += 1;
    this.renders += 1;
    const done = (async () => {
      try {
        const bytes = await render();
        this.keep(key, bytes);
        return bytes;
      } finally {
        this.running -= 1;
        this.pending.delete(key);
      }
    })();
    this.pending.set(key, done);
    return done;
  }

  private keep(key: string, bytes: Buffer) {
    if (bytes.length > this.cacheBytes) return;
    const old = this.cache.get(key);
    if (old) this.cachedBytes -= old.length;
    this.cache.delete(key);
    this.cache.set(key, bytes);
    this.cachedBytes += bytes.length;
    for (const [oldest, value] of this.cache) {
      if (this.cachedBytes <= this.cacheBytes) break;
      this.cache.delete(oldest);
      this.cachedBytes -= value.length;
    }
  }
}

const gates = new WeakMap<AppContext, PdfRenderGate>();

/** The server's gate (one per AppContext), sized by PDF_MAX_CONCURRENT_RENDERS and PDF_CACHE_MB. */
export function pdfGate(ctx: AppContext): PdfRenderGate {
  let gate = gates.get(ctx);
  if (!gate) {
    gate = new PdfRenderGate(ctx.config.pdf.maxConcurrentRenders, ctx.config.pdf.cacheBytes);
    gates.set(ctx, gate);
  }
  return gate;
}
