// @vitest-environment node
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import vm from 'node:vm';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withGuestPageCache, type RequestHandler } from '@/server/cached-page-handler';
import { PageCache } from '@/server/page-cache';
import { isDocumentRequest, LOADER_FALLBACK_MS, loaderScript, ScriptDeferral, withScriptsAfterFirstPaint } from '@/server/scripts-after-first-paint';

const N = 'bm9uY2Utbm9uY2Utbm9uY2U=';

/** The shape of what Next.js 16 writes for a page (head, shell, bootstrap, then streamed content). */
function nextDocument(nonce = N) {
  const head =
    '<!DOCTYPE html><html lang="ro"><head><meta charSet="utf-8"/>' +
    '<link rel="preload" href="/images/broker/logo.svg" as="image"/>' +
    `<link rel="stylesheet" href="/_next/static/chunks/app.css" nonce="${nonce}" data-precedence="next"/>` +
    `<link rel="preload" as="script" fetchPriority="low" nonce="${nonce}" href="/_next/static/chunks/main.js"/>` +
    `<script src="/_next/static/chunks/react-dom.js" async="" nonce="${nonce}"></script>` +
    `<script src="/_next/static/chunks/page.js?dpl=a&amp;b=1" async="" nonce="${nonce}"></script>` +
    `<script src="https://www.google.com/recaptcha/api.js" async="" nonce="${nonce}"></script>` +
    `<title>Asigurări – ȘȚășț</title><script nonce="${nonce}">document.documentElement.dataset.theme="x"</script>` +
    `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${nonce}"></script></head>`;
  const shell =
    '<body><header>Broker</header><main><h1>Asigurare RCA în câteva minute</h1><p>Prețuri de la 20 de asigurători.</p></main>' +
    `<script nonce="${nonce}" id="_R_">(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push({"otherChunks":["static/chunks/main.js"]})</script>` +
    `<script src="/_next/static/chunks/main.js" nonce="${nonce}" async=""></script>`;
  const streamed =
    `<script nonce="${nonce}">(self.__next_f=self.__next_f||[]).push([0])</script>` +
    `<script src="/_next/static/chunks/late.js" async="" nonce="${nonce}"></script>` +
    `<div hidden id="S:0"><p>Oferte</p></div><script nonce="${nonce}">$RC("B:0","S:0")</script></body></html>`;
  return { head, shell, streamed, whole: head + shell + streamed };
}

const SOURCES = ['/_next/static/chunks/react-dom.js', '/_next/static/chunks/page.js?dpl=a&b=1', '/_next/static/chunks/main.js'];

/** What the rewrite must produce for nextDocument(): the tags gone, the loader in the bootstrap script's place. */
function expectedDocument(nonce = N) {
  const { whole } = nextDocument(nonce);
  return whole
    .replace(`<link rel="preload" as="script" fetchPriority="low" nonce="${nonce}" href="/_next/static/chunks/main.js"/>`, '')
    .replace(`<script src="/_next/static/chunks/react-dom.js" async="" nonce="${nonce}"></script>`, '')
    .replace(`<script src="/_next/static/chunks/page.js?dpl=a&amp;b=1" async="" nonce="${nonce}"></script>`, '')
    .replace(`<script src="/_next/static/chunks/main.js" nonce="${nonce}" async=""></script>`, loaderScript(SOURCES, nonce));
}

const latin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const utf8 = (text: string) => Buffer.from(text, 'latin1').toString('utf8');

function rewrite(chunks: string[]): string {
  const deferral = new ScriptDeferral();
  let out = '';
  for (const chunk of chunks) out += deferral.push(chunk);
  return out + deferral.end();
}

describe('ScriptDeferral', () => {
  it("takes the framework's async scripts and their preload out of the document and puts the loader where the bootstrap script was", () => {
    const { whole } = nextDocument();
    const out = utf8(rewrite([latin1(whole)]));
    expect(out).toBe(expectedDocument());
    // Left as they were: the stylesheet, the image preload, inline scripts, a third-party script, the nomodule
    // polyfill, and a script streamed after the loader.
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/app.css"');
    expect(out).toContain('<script src="https://www.google.com/recaptcha/api.js" async=""');
    expect(out).toContain('<script src="/_next/static/chunks/polyfills.js" noModule=""');
    expect(out).toContain('<script src="/_next/static/chunks/late.js" async=""');
    expect(out).toContain('Asigurări – ȘȚășț');
    expect(out.match(/<script src="\/_next\/static\/chunks\/(react-dom|page|main)/g)).toBeNull();
    expect(out.indexOf('id="_R_"')).toBeLessThan(out.indexOf('(function(s)'));
  });

  it('gives the same document however the stream is cut, UTF-8 sequences and tags included', () => {
    const text = latin1(nextDocument().whole);
    const expected = latin1(expectedDocument());
    for (let at = 1; at < text.length; at += 1) {
      expect(rewrite([text.slice(0, at), text.slice(at)]), `cut at ${at}`).toBe(expected);
    }
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let round = 0; round < 200; round += 1) {
      const chunks: string[] = [];
      for (let from = 0; from < text.length; ) {
        const size = 1 + Math.floor(random() * 40);
        chunks.push(text.slice(from, from + size));
        from += size;
      }
      expect(rewrite(chunks)).toBe(expected);
    }
  });

  it('passes everything after the loader through untouched, and sends the head as soon as its tags are complete', () => {
    const { head, shell, streamed } = nextDocument();
    const deferral = new ScriptDeferral();
    const first = deferral.push(latin1(head));
    expect(first).toContain('</head>');
    expect(first).not.toContain('react-dom.js');
    expect(deferral.done).toBe(false);
    deferral.push(latin1(shell));
    expect(deferral.done).toBe(true);
    expect(deferral.push(streamed)).toBe(streamed);
    expect(deferral.end()).toBe('');
  });

  it('holds back only an unfinished tag at a chunk boundary', () => {
    const deferral = new ScriptDeferral();
    expect(deferral.push('<html><head><title>A</title><scr')).toBe('<html><head><title>A</title>');
    expect(deferral.push('ipt src="/_next/static/chunks/a.js" async="">')).toBe('');
    expect(deferral.push('</script><meta charSet="utf-8"/>')).toBe('<meta charSet="utf-8"/>');
  });

  it('writes the loader before </body> when no bootstrap script follows the head', () => {
    const html = `<html><head><script src="/_next/static/chunks/a.js" async="" nonce="${N}"></script></head><body><p>x</p></body></html>`;
    expect(rewrite([html])).toBe(`<html><head></head><body><p>x</p>${loaderScript(['/_next/static/chunks/a.js'], N)}</body></html>`);
    // Nothing to defer: the document is unchanged.
    const plain = '<html><head><title>t</title></head><body><p>x</p></body></html>';
    expect(rewrite([plain])).toBe(plain);
  });

  it('keeps a source from closing the loader script', () => {
    const html = `<head><script src="/_next/static/chunks/a.js?x=&lt;/script&gt;&lt;b&gt;" async="" nonce="${N}"></script></head><body><script src="/_next/static/chunks/m.js" async=""></script></body>`;
    const out = rewrite([html]);
    expect(out).toContain('"/_next/static/chunks/a.js?x=\\u003c/script>\\u003cb>"');
    expect(out.match(/<\/script>/g)).toHaveLength(1);
  });
});

type Listener = (...args: unknown[]) => void;

/** Runs the loader in a small browser stand-in; returns what it appended and the hooks to drive it. */
function runLoader(options: { visibility?: 'visible' | 'hidden'; paintTiming?: boolean }) {
  const appended: string[] = [];
  const documentListeners: Record<string, Listener> = {};
  let observerCallback: Listener | undefined;
  let observed: unknown;
  const frames: Listener[] = [];
  const document = {
    visibilityState: options.visibility ?? 'visible',
    createElement: () => ({ src: '' }),
    head: { appendChild: (element: { src: string }) => appended.push(element.src) },
    addEventListener: (type: string, listener: Listener) => (documentListeners[type] = listener),
  };
  class PerformanceObserver {
    static supportedEntryTypes = options.paintTiming === false ? ['navigation'] : ['navigation', 'paint'];
    constructor(callback: Listener) {
      observerCallback = callback;
    }
    observe(init: unknown) {
      observed = init;
    }
  }
  const window = {
    setTimeout: (fn: Listener, ms: number) => setTimeout(fn, ms),
    requestAnimationFrame: (fn: Listener) => frames.push(fn),
    PerformanceObserver,
  };
  const script = loaderScript(['/a.js', '/b.js'], N).replace(/^<script[^>]*>|<\/script>$/g, '');
  vm.runInNewContext(script, { document, window, setTimeout });
  const paint = (name: string) => observerCallback?.({ getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) });
  return { appended, documentListeners, paint, frames, get observed() {
    return observed;
  }, document };
}

describe('the loader', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('adds the scripts once, in order, after the first contentful paint has been reported', () => {
    vi.useFakeTimers();
    const tab = runLoader({});
    expect(tab.observed).toEqual({ type: 'paint', buffered: true });
    vi.advanceTimersByTime(100);
    tab.paint('first-paint');
    vi.advanceTimersByTime(10);
    expect(tab.appended).toEqual([]);
    tab.paint('first-contentful-paint');
    expect(tab.appended).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(tab.appended).toEqual(['/a.js', '/b.js']);
    tab.paint('first-contentful-paint');
    vi.advanceTimersByTime(LOADER_FALLBACK_MS);
    expect(tab.appended).toEqual(['/a.js', '/b.js']);
  });

  it(`adds them after ${LOADER_FALLBACK_MS} ms when no paint is reported`, () => {
    vi.useFakeTimers();
    const tab = runLoader({});
    vi.advanceTimersByTime(LOADER_FALLBACK_MS - 1);
    expect(tab.appended).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(tab.appended).toEqual(['/a.js', '/b.js']);
  });

  it('adds them at once in a tab that is not shown, or when the tab is hidden before the paint', () => {
    vi.useFakeTimers();
    expect(runLoader({ visibility: 'hidden' }).appended).toEqual(['/a.js', '/b.js']);
    const tab = runLoader({});
    expect(tab.appended).toEqual([]);
    tab.document.visibilityState = 'hidden';
    tab.documentListeners.visibilitychange();
    expect(tab.appended).toEqual(['/a.js', '/b.js']);
  });

  it('waits for two frames where the browser has no paint timing', () => {
    vi.useFakeTimers();
    const tab = runLoader({ paintTiming: false });
    expect(tab.observed).toBeUndefined();
    tab.frames.shift()?.();
    tab.frames.shift()?.();
    expect(tab.appended).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(tab.appended).toEqual(['/a.js', '/b.js']);
  });
});

describe('isDocumentRequest', () => {
  const request = (url: string, headers: IncomingHttpHeaders = { accept: 'text/html,application/xhtml+xml' }, method = 'GET') => ({ method, url, headers });
  it('is a GET of a page, whatever it accepts (a crawler may fill the guest page cache), not of a file, the BFF or an RSC payload', () => {
    expect(isDocumentRequest(request('/'))).toBe(true);
    expect(isDocumentRequest(request('/account/policies?x=1'))).toBe(true);
    expect(isDocumentRequest(request('/', { accept: '*/*' }))).toBe(true);
    expect(isDocumentRequest(request('/', {}))).toBe(true);
    expect(isDocumentRequest(request('/apis-page'))).toBe(true);
    expect(isDocumentRequest(request('/rca/B123ABC/WVWZZZ1JZXW000001?plate=a.b'))).toBe(true);
    expect(isDocumentRequest(request('/', { accept: 'text/html', rsc: '1' }))).toBe(false);
    expect(isDocumentRequest(request('/', { accept: 'text/html', 'next-router-prefetch': '1' }))).toBe(false);
    for (const path of ['/api/v1/products', '/api', '/_next/static/chunks/a.js', '/_next/image?url=x', '/pusher/auth', '/builds/latest.json', '/builds?x=1', '/favicon.ico', '/icons/rca.svg', '/robots.txt?x=1']) {
      expect(isDocumentRequest(request(path)), path).toBe(false);
    }
    expect(isDocumentRequest(request('/', undefined, 'HEAD'))).toBe(false);
    expect(isDocumentRequest(request('/', undefined, 'POST'))).toBe(false);
  });
});

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(handler: RequestHandler): Promise<number> {
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server!.address() as AddressInfo).port;
}

function get(port: number, path: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const NAVIGATION = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br' };

describe('withScriptsAfterFirstPaint', () => {
  /** Stands in for Next.js: streams nextDocument() in pieces, as it compresses itself only when asked to. */
  const seen: IncomingHttpHeaders[] = [];
  const fakeNext: RequestHandler = (req, res) => {
    seen.push({ ...req.headers });
    const nonce = (req.headers['x-test-nonce'] as string) ?? N;
    if (req.url === '/data') {
      res.setHeader('content-type', 'application/json');
      return void res.end('{"ok":true}');
    }
    const { head, shell, streamed } = nextDocument(nonce);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('vary', 'rsc');
    res.setHeader('content-security-policy', `script-src 'nonce-${nonce}' 'strict-dynamic'`);
    if (req.url === '/static') {
      // A prerendered page: headers and length in writeHead, the body in one end().
      const body = Buffer.from(head + shell + streamed);
      res.writeHead(200, { 'content-length': String(body.length), etag: '"e1"' });
      return void res.end(body);
    }
    const bytes = Buffer.from(head + shell + streamed);
    res.write(bytes.subarray(0, 301));
    res.write(bytes.subarray(301, 302));
    setTimeout(() => {
      res.write(bytes.subarray(302, 900));
      res.end(bytes.subarray(900));
    }, 5);
  };

  it('sends a navigation the rewritten page, gzipped here since Next.js was asked for identity', async () => {
    seen.length = 0;
    const port = await serve(withScriptsAfterFirstPaint(fakeNext, 6));
    const answer = await get(port, '/', NAVIGATION);
    expect(seen[0]['accept-encoding']).toBeUndefined();
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers['content-length']).toBeUndefined();
    expect(answer.headers.vary).toBe('rsc, Accept-Encoding');
    expect(gunzipSync(answer.body).toString('utf8')).toBe(expectedDocument());
  });

  it('rewrites a prerendered answer too, without its old length, and sends identity to a client without gzip', async () => {
    const port = await serve(withScriptsAfterFirstPaint(fakeNext, 6));
    const answer = await get(port, '/static', { accept: 'text/html' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.etag).toBe('"e1"');
    expect(answer.body.toString('utf8')).toBe(expectedDocument());
    const zipped = await get(port, '/static', NAVIGATION);
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(expectedDocument());
  });

  it('leaves other requests and non-HTML answers as they are', async () => {
    seen.length = 0;
    const port = await serve(withScriptsAfterFirstPaint(fakeNext, 6));
    const rsc = await get(port, '/', { ...NAVIGATION, rsc: '1' });
    expect(seen[0]['accept-encoding']).toBe('gzip, deflate, br');
    expect(rsc.body.toString('utf8')).toBe(nextDocument().whole);
    const json = await get(port, '/data', NAVIGATION);
    expect(json.headers['content-encoding']).toBeUndefined();
    expect(json.body.toString('utf8')).toBe('{"ok":true}');
    const head = await get(port, '/', NAVIGATION, 'HEAD');
    expect(head.status).toBe(200);
    expect(seen.at(-1)?.['accept-encoding']).toBe('gzip, deflate, br');
  });

  it("is what the guest page cache keeps: a hit carries the loader under the hit's own nonce", async () => {
    const cache = new PageCache({ ttlMs: 60_000, staleMs: 0, maxEntries: 10, maxBodyBytes: 512 * 1024 });
    const port = await serve(withGuestPageCache(withScriptsAfterFirstPaint(fakeNext, 6), cache, 6));
    const miss = await get(port, '/', NAVIGATION);
    expect(miss.headers['x-page-cache']).toBe('MISS');
    expect(gunzipSync(miss.body).toString('utf8')).toBe(expectedDocument());
    const hit = await get(port, '/', NAVIGATION);
    expect(hit.headers['x-page-cache']).toBe('HIT');
    const nonce = /'nonce-([^']+)'/.exec(String(hit.headers['content-security-policy']))?.[1];
    expect(nonce).toBeDefined();
    expect(nonce).not.toBe(N);
    expect(gunzipSync(hit.body).toString('utf8')).toBe(expectedDocument(nonce));
  });
});
