/**
 * A page's own scripts are requested once its first frame is on screen, not while it is being drawn.
 *
 * Next.js puts the first-load scripts in `<head>` as `<script async>` (plus a preload of its bootstrap script,
 * which it writes after the body's shell). Chromium holds them while the stylesheet loads, then requests all of
 * them; they arrive and run before the first frame is drawn, so the first paint waits for the framework's start-up
 * on a phone. A bare page (no stylesheet) paints before its scripts arrive. Here every such tag is taken out of the
 * document and one inline loader, in the bootstrap script's place, adds them back when the browser reports the first
 * contentful paint (issue 17, tenth round: Lighthouse mobile LCP of `/` 1,712–2,085 → ~770–1,100 ms through a
 * rewriting proxy; README "Page-load performance").
 *
 * Only page requests are rewritten (GET, no `RSC` header, an HTML answer). Next.js compresses its answers itself, so
 * such a request reaches it without `Accept-Encoding` and the rewritten HTML is compressed here. Once the loader is
 * written, the rest of the answer (streamed Suspense content and its own scripts) passes through untouched; only
 * the document's start is parsed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants, createGzip, type Gzip } from 'node:zlib';
import type { RequestHandler } from './cached-page-handler';
import { headersOf } from './capture-response';
import { acceptsGzip, withVaryOnEncoding } from './send-stored-page';

/** Where the framework's own files are served; only those scripts are deferred. */
const STATIC_PREFIX = '/_next/static/';
/** The first paint is normally reported well before this; the scripts are requested then at the latest. */
export const LOADER_FALLBACK_MS = 2000;

const TAG = /<\/head>|<\/body>|<script\b[^>]*><\/script>|<link\b[^>]*>/g;

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s/>])`, 'i').exec(tag);
  if (!match) return undefined;
  return match[1] ?? '';
}

function decodeAttribute(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** The src of a `<script async src="/_next/static/…">` tag (not a `nomodule` one), else undefined. */
function deferrableScript(tag: string): string | undefined {
  if (!tag.startsWith('<script')) return undefined;
  const src = attribute(tag, 'src');
  if (src === undefined || attribute(tag, 'async') === undefined || attribute(tag, 'nomodule') !== undefined) return undefined;
  const url = decodeAttribute(src);
  return url.startsWith(STATIC_PREFIX) ? url : undefined;
}

/** A `<link rel="preload" as="script" href="/_next/static/…">`: the bootstrap script's early request. */
function isScriptPreload(tag: string): boolean {
  if (!tag.startsWith('<link')) return false;
  const href = attribute(tag, 'href');
  return attribute(tag, 'rel')?.toLowerCase() === 'preload' && attribute(tag, 'as')?.toLowerCase() === 'script' && href !== undefined && decodeAttribute(href).startsWith(STATIC_PREFIX);
}

/**
 * The inline loader: adds the scripts (in document order, each async, as Next.js wrote them) after the first
 * contentful paint has been presented, at once in a tab that is not visible (it does not paint), and after
 * LOADER_FALLBACK_MS at the latest. Scripts it creates are trusted through the policy's `'strict-dynamic'`.
 */
export function loaderScript(sources: string[], nonce: string | undefined): string {
  const list = JSON.stringify(sources).replace(/</g, '\\u003c');
  const body =
    '(function(s){var d=document,w=window,done=0;' +
    'function go(){if(done)return;done=1;for(var i=0;i<s.length;i++){var e=d.createElement("script");e.src=s[i];d.head.appendChild(e)}}' +
    'function hidden(){return d.visibilityState==="hidden"}' +
    'if(hidden())return go();' +
    'd.addEventListener("visibilitychange",function(){if(hidden())go()});' +
    `w.setTimeout(go,${LOADER_FALLBACK_MS});` +
    'var P=w.PerformanceObserver;' +
    'if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){' +
    'new P(function(l){if(l.getEntriesByName("first-contentful-paint").length)w.setTimeout(go,0)}).observe({type:"paint",buffered:true})' +
    '}else{w.requestAnimationFrame(function(){w.requestAnimationFrame(function(){w.setTimeout(go,0)})})}' +
    `})(${list})`;
  return `<script${nonce === undefined ? '' : ` nonce="${escapeAttribute(nonce)}"`}>${body}</script>`;
}

/**
 * The rewrite itself, on the document's text as it streams (latin1: every byte one character, so that a chunk
 * boundary inside a UTF-8 sequence changes nothing). `push` returns what can be sent now; `end` the rest.
 */
export class ScriptDeferral {
  private pending = '';
  private readonly sources: string[] = [];
  private nonce: string | undefined;
  private afterHead = false;
  private finished = false;

  /** True once the loader has been written: from then on the text passes through. */
  get done(): boolean {
    return this.finished;
  }

  push(text: string): string {
    if (this.finished) return text;
    const whole = this.pending + text;
    const cut = safeCut(whole);
    this.pending = whole.slice(cut);
    const out = this.rewrite(whole.slice(0, cut));
    if (!this.finished) return out;
    // The loader is written: what was held back passes through too.
    const rest = this.pending;
    this.pending = '';
    return out + rest;
  }

  end(): string {
    if (this.finished) return '';
    const rest = this.rewrite(this.pending);
    this.pending = '';
    if (this.finished || this.sources.length === 0) return rest;
    // Neither a bootstrap script after the head nor a </body> (not what Next.js writes): the loader goes last.
    this.finished = true;
    return rest + loaderScript(this.sources, this.nonce);
  }

  private rewrite(text: string): string {
    let out = '';
    let from = 0;
    TAG.lastIndex = 0;
    for (let match = TAG.exec(text); match; match = TAG.exec(text)) {
      const tag = match[0];
      if (tag === '</head>') {
        this.afterHead = true;
        continue;
      }
      if (tag === '</body>') {
        if (this.sources.length === 0) continue;
        // No bootstrap script after the head (not what Next.js writes): the loader goes before </body>.
        this.finished = true;
        return out + text.slice(from, match.index) + loaderScript(this.sources, this.nonce) + text.slice(match.index);
      }
      const src = deferrableScript(tag);
      if (src === undefined && !isScriptPreload(tag)) continue;
      out += text.slice(from, match.index);
      from = match.index + tag.length;
      if (src === undefined) continue;
      this.sources.push(src);
      this.nonce ??= attribute(tag, 'nonce');
      if (this.afterHead) {
        // The bootstrap script, written after the body's shell: the loader takes its place.
        this.finished = true;
        return out + loaderScript(this.sources, this.nonce) + text.slice(from);
      }
    }
    return out + text.slice(from);
  }
}

/** Where the text can be cut so that no tag this rewrite looks for is split: before an unfinished `<…` or `<script`. */
function safeCut(text: string): number {
  let cut = text.length;
  const lastOpen = text.lastIndexOf('<');
  if (lastOpen >= 0 && text.indexOf('>', lastOpen) < 0) cut = lastOpen;
  const lastScript = text.lastIndexOf('<script');
  if (lastScript >= 0 && text.indexOf('</script>', lastScript) < 0) cut = Math.min(cut, lastScript);
  return cut;
}

/** Paths that never answer with a page: build files, the BFF, realtime auth, the build check, and files. */
const NOT_A_PAGE = /^\/(?:_next|api|pusher|builds)(?:\/|$|\?)|^[^?]*\.[A-Za-z0-9]+(?:\?|$)/;

/**
 * A request for a page, which Next.js answers with a document: a GET that is not for a file, the BFF or an RSC
 * payload (client navigations and prefetches send `RSC`). Any `Accept`: a page a crawler or a monitor requested
 * may fill the guest page cache that browsers are then answered from. Whether the answer is HTML is decided when
 * its headers are written.
 */
export function isDocumentRequest(request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): boolean {
  if (request.method !== 'GET') return false;
  if (NOT_A_PAGE.test(request.url ?? '')) return false;
  return request.headers.rsc === undefined && request.headers['next-router-prefetch'] === undefined;
}

type Chunk = string | Uint8Array | null | undefined;
type Callback = (error?: Error | null) => void;

function toLatin1(chunk: Chunk, encoding: unknown): string {
  if (chunk === null || chunk === undefined) return '';
  const buffer = typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return buffer.toString('latin1');
}

/**
 * Rewrites `response` (an HTML answer to a navigation) as it is written: scripts after the first paint, and gzip
 * when `gzipLevel` > 0. Any other answer (not HTML, already encoded, no body) is written as it comes.
 */
function deferScriptsInResponse(response: ServerResponse, gzipLevel: number): void {
  const originalWriteHead = response.writeHead;
  const originalWrite = response.write;
  const originalEnd = response.end;
  let mode: 'undecided' | 'pass' | 'rewrite' = 'undecided';
  const deferral = new ScriptDeferral();
  let gzip: Gzip | null = null;

  const send = (text: string) => {
    if (text.length === 0) return;
    const bytes = Buffer.from(text, 'latin1');
    if (gzip) gzip.write(bytes);
    else (originalWrite as (chunk: Buffer) => boolean).call(response, bytes);
  };

  response.writeHead = function writeHead(this: ServerResponse, statusCode: number, ...rest: unknown[]) {
    if (mode !== 'undecided') return (originalWriteHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...rest);
    for (const [name, value] of Object.entries(headersOf(rest.find((arg) => typeof arg === 'object' && arg !== null)))) {
      if (value !== undefined) this.setHeader(name, value);
    }
    const statusMessage = rest.find((arg) => typeof arg === 'string');
    const type = String(this.getHeader('content-type') ?? '');
    const hasBody = statusCode !== 204 && statusCode !== 304 && statusCode >= 200;
    if (!type.toLowerCase().startsWith('text/html') || this.getHeader('content-encoding') !== undefined || !hasBody) {
      mode = 'pass';
    } else {
      mode = 'rewrite';
      this.removeHeader('content-length');
      if (gzipLevel > 0) {
        this.setHeader('content-encoding', 'gzip');
        gzip = createGzip({ level: gzipLevel, flush: constants.Z_SYNC_FLUSH });
        gzip.on('data', (bytes: Buffer) => (originalWrite as (chunk: Buffer) => boolean).call(response, bytes));
        gzip.on('error', (error) => response.destroy(error));
        response.once('close', () => gzip?.destroy());
      }
      this.setHeader('vary', withVaryOnEncoding(this.getHeader('vary') as string | string[] | undefined));
    }
    return (originalWriteHead as (...args: unknown[]) => ServerResponse).call(this, statusCode, ...(statusMessage === undefined ? [] : [statusMessage]));
  } as ServerResponse['writeHead'];

  response.write = function write(this: ServerResponse, chunk: Chunk, ...rest: unknown[]) {
    if (mode === 'undecided' && !this.headersSent) this.writeHead(this.statusCode);
    if (mode !== 'rewrite') return (originalWrite as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    send(deferral.push(toLatin1(chunk, rest[0])));
    const callback = rest.find((arg) => typeof arg === 'function') as Callback | undefined;
    if (callback) process.nextTick(callback);
    return true;
  } as ServerResponse['write'];

  response.end = function end(this: ServerResponse, chunk?: Chunk | Callback, ...rest: unknown[]) {
    if (mode === 'undecided' && !this.headersSent) this.writeHead(this.statusCode);
    if (mode !== 'rewrite') return (originalEnd as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    const callback = [chunk, ...rest].find((arg) => typeof arg === 'function') as Callback | undefined;
    const data = typeof chunk === 'function' ? undefined : chunk;
    send(deferral.push(toLatin1(data, rest[0])) + deferral.end());
    if (gzip) {
      gzip.once('end', () => (originalEnd as (cb?: Callback) => ServerResponse).call(response, callback));
      gzip.end();
    } else {
      (originalEnd as (cb?: Callback) => ServerResponse).call(this, callback);
    }
    return this;
  } as ServerResponse['end'];
}

/** Puts the rewrite in front of `handle` (Next.js) for page requests. */
export function withScriptsAfterFirstPaint(handle: RequestHandler, gzipLevel: number): RequestHandler {
  return (request, response) => {
    if (!isDocumentRequest(request)) return handle(request, response);
    const gzip = acceptsGzip(request);
    delete request.headers['accept-encoding'];
    deferScriptsInResponse(response, gzip ? gzipLevel : 0);
    return handle(request, response);
  };
}
