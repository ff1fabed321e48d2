// @vitest-environment node
import { once } from 'node:events';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { backendFailureCount, noteBackendFailure } from '@/lib/server/render-health';
import { decodeCaptured, withGuestPageCache, type RequestHandler } from '@/server/cached-page-handler';
import { captureResponse } from '@/server/capture-response';
import { guestPageKey } from '@/server/guest-page-key';
import { PageCache, toStoredPage, withNonce, type CapturedResponse, type StoredPage } from '@/server/page-cache';
import { acceptsGzip } from '@/server/send-stored-page';
import { readServerSettings } from '@/server/settings';

const SETTINGS = { ttlMs: 1000, staleMs: 5000, maxEntries: 3, maxBodyBytes: 64 * 1024 };

function page(storedAt: number, body = 'x'): StoredPage {
  return { headers: [], csp: ['a'], body: [Buffer.from(body)], bytes: body.length, storedAt };
}

function htmlAnswer(nonce: string, extra: Record<string, string | string[]> = {}): CapturedResponse {
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'; object-src 'none'`,
      date: 'Sun, 22 Nov 2026 10:00:00 GMT',
      'content-length': '99',
      'cache-control': 'private, no-store',
      ...extra,
    },
    body: Buffer.from(`<script nonce="${nonce}">1</script><p>Bună ziua</p><script nonce="${nonce}">self.__next_f.push([1,"\\"nonce\\":\\"${nonce}\\""])</script>`),
  };
}

describe('guestPageKey', () => {
  const get = (url: string, headers: Record<string, string> = {}) => guestPageKey({ method: 'GET', url, headers: { host: 'shop.test', ...headers } });

  it('takes a guest GET of the public catalogue and content pages, with host, URL and partner in the key', () => {
    for (const url of ['/', '/rca', '/rca/B123ABC', '/rca/B123ABC/WVWZZZ1JZXW000001', '/travel', '/house', '/tire', '/michelin-tiresecureplus', '/rovinieta', '/vigneta-ungaria', '/faq', '/contact-us', '/info', '/info/termeni-si-conditii', '/rca?plate=B1']) {
      expect(get(url), url).toBe(`shop.test  \n${url}\n`);
    }
    expect(get('/travel', { cookie: 'bs_partner=abc; _ga=1' })).toBe('shop.test  \n/travel\nbs_partner=abc');
    expect(get('/travel', { cookie: '__Host-bs_partner=xyz' })).toBe('shop.test  \n/travel\n__Host-bs_partner=xyz');
    expect(get('/travel', { cookie: 'bs_partner=abc' })).not.toBe(get('/travel'));
    // Every partner cookie as sent is in the key: Next.js reads the last of repeated ones and one of the two names,
    // so no combination can render a partner's page under another visitor's key.
    expect(get('/faq', { cookie: 'bs_partner=abc; __Host-bs_partner=' })).not.toBe(get('/faq'));
    expect(get('/faq', { cookie: '__Host-bs_partner=abc; bs_partner=' })).not.toBe(get('/faq'));
    expect(get('/faq', { cookie: 'bs_partner=xyz; bs_partner=abc' })).not.toBe(get('/faq', { cookie: 'bs_partner=xyz' }));
    expect(get('/faq', { cookie: 'bs_partner=; bs_partner=abc' })).not.toBe(get('/faq', { cookie: 'bs_partner=' }));
    // A forwarded host or protocol (from a reverse proxy, or forged) never shares a copy with the plain request.
    expect(get('/', { 'x-forwarded-host': 'evil.example' })).not.toBe(get('/'));
    expect(get('/', { 'x-forwarded-proto': 'https' })).not.toBe(get('/'));
  });

  it('leaves signed-in visitors, private pages, partner routes and non-HTML requests to Next.js', () => {
    expect(get('/', { cookie: 'bs_session=t0ken' })).toBeNull();
    expect(get('/', { cookie: '__Host-bs_session=t0ken' })).toBeNull();
    expect(get('/', { cookie: 'bs_2fa=state' })).toBeNull();
    // Next.js reads the last of repeated cookies (and a name without a value as "true"): a session anywhere in the
    // header is a session, whatever comes before or after it.
    expect(get('/', { cookie: 'bs_session=; bs_2fa=; bs_session=t0ken; bs_2fa=state' })).toBeNull();
    expect(get('/', { cookie: '__Host-bs_session=; __Host-bs_session=t0ken' })).toBeNull();
    expect(get('/', { cookie: 'bs_session' })).toBeNull();
    expect(get('/', { cookie: 'a=1;bs_session=t0ken' })).toBeNull();
    expect(get('/', { cookie: 'bs_session= ; a=1' })).toBeNull();
    // A cleared cookie (empty value) is still a guest.
    expect(get('/', { cookie: 'bs_session=; bs_2fa=' })).toBe(get('/'));
    for (const url of ['/account', '/account/policies', '/authenticate', '/thank-you?order_id=1', '/maintenance', '/wait-to-be-redirected/x', '/rca-abc', '/travel-abc', '/api/v1/products', '/rca/a/b/c', '/info/a/b', '/faq/']) {
      expect(get(url), url).toBeNull();
    }
    expect(get('/?_rsc=abc')).toBeNull();
    for (const header of ['rsc', 'next-router-prefetch', 'next-router-state-tree', 'next-action', 'x-middleware-subrequest', 'authorization']) {
      expect(get('/', { [header]: '1' }), header).toBeNull();
    }
    expect(guestPageKey({ method: 'POST', url: '/', headers: {} })).toBeNull();
    expect(guestPageKey({ method: 'HEAD', url: '/', headers: {} })).toBeNull();
    expect(get(`/rca?x=${'a'.repeat(3000)}`)).toBeNull();
  });
});

describe('toStoredPage and withNonce', () => {
  it('keeps a clean HTML answer without its per-response headers, and swaps every occurrence of the nonce', () => {
    const stored = toStoredPage(htmlAnswer('OLDnonce0000000000=='), 5, SETTINGS.maxBodyBytes);
    expect(stored).not.toBeNull();
    const names = stored!.headers.map(([name]) => name);
    expect(names).toEqual(['content-type', 'cache-control']);
    const { csp, body: parts } = withNonce(stored!, 'NEW+nonce/000000000=');
    const body = Buffer.concat(parts).toString('utf8');
    expect(csp).toBe(`script-src 'self' 'nonce-NEW+nonce/000000000=' 'strict-dynamic'; object-src 'none'`);
    expect(body).not.toContain('OLDnonce');
    expect(body.split('NEW+nonce/000000000=')).toHaveLength(4);
    expect(body).toContain('<p>Bună ziua</p>');
  });

  it('refuses answers that are not for sharing', () => {
    const ok = htmlAnswer('OLDnonce0000000000==');
    expect(toStoredPage({ ...ok, status: 500 }, 0, SETTINGS.maxBodyBytes)).toBeNull();
    expect(toStoredPage({ ...ok, status: 307 }, 0, SETTINGS.maxBodyBytes)).toBeNull();
    expect(toStoredPage(htmlAnswer('OLDnonce0000000000==', { 'set-cookie': ['bs_partner=abc'] }), 0, SETTINGS.maxBodyBytes)).toBeNull();
    expect(toStoredPage(htmlAnswer('OLDnonce0000000000==', { 'content-type': 'text/x-component' }), 0, SETTINGS.maxBodyBytes)).toBeNull();
    expect(toStoredPage(htmlAnswer('OLDnonce0000000000==', { 'content-encoding': 'gzip' }), 0, SETTINGS.maxBodyBytes)).toBeNull();
    expect(toStoredPage(htmlAnswer('OLDnonce0000000000==', { 'content-security-policy': "script-src 'self'" }), 0, SETTINGS.maxBodyBytes)).toBeNull();
    expect(toStoredPage(ok, 0, 10)).toBeNull();
  });
});

describe('PageCache', () => {
  it('renders once, then answers fresh until the TTL, then lets one request render again', () => {
    const cache = new PageCache(SETTINGS);
    const first = cache.lookup('k', 0);
    expect(first.kind).toBe('render');
    if (first.kind !== 'render') return;
    first.done(page(0));
    expect(cache.lookup('k', 999).kind).toBe('fresh');

    const refresh = cache.lookup('k', 1000);
    expect(refresh.kind).toBe('render');
    // While it renders, others get the previous page, up to staleMs past freshness…
    expect(cache.lookup('k', 1500)).toMatchObject({ kind: 'stale', page: { storedAt: 0 } });
    // …and beyond that they wait for the render.
    const waiting = cache.lookup('k', 7000);
    expect(waiting.kind).toBe('wait');
    if (refresh.kind !== 'render' || waiting.kind !== 'wait') return;
    refresh.done(page(7001, 'new'));
    return expect(waiting.page).resolves.toMatchObject({ body: [Buffer.from('new')] });
  });

  it('waiters of a first render get its page; a render that may not be shared drops the entry', async () => {
    const cache = new PageCache(SETTINGS);
    const first = cache.lookup('k', 0);
    const second = cache.lookup('k', 1);
    expect(second.kind).toBe('wait');
    if (first.kind !== 'render' || second.kind !== 'wait') return;
    first.done(page(2));
    await expect(second.page).resolves.toMatchObject({ storedAt: 2 });

    const again = cache.lookup('k', 5000);
    if (again.kind !== 'render') throw new Error(`expected a render, got ${again.kind}`);
    again.done(null);
    again.done(page(9)); // settles once
    expect(cache.size).toBe(0);
    expect(cache.lookup('k', 5001).kind).toBe('render');
  });

  it('keeps at most maxEntries pages, dropping the least recently used but never one being rendered', () => {
    const cache = new PageCache(SETTINGS);
    const put = (key: string, at: number) => {
      const l = cache.lookup(key, at);
      if (l.kind === 'render') l.done(page(at));
    };
    put('a', 0);
    put('b', 0);
    put('c', 0);
    expect(cache.lookup('a', 1).kind).toBe('fresh'); // a is now the most recent
    put('d', 2);
    expect(cache.size).toBe(3);
    expect(cache.lookup('b', 3).kind).toBe('render'); // b was dropped (and now renders)
    expect(cache.lookup('a', 3).kind).toBe('fresh');
  });

  it('is off with a TTL of 0', () => {
    expect(new PageCache({ ...SETTINGS, ttlMs: 0 }).enabled).toBe(false);
    expect(new PageCache(SETTINGS).enabled).toBe(true);
  });
});

describe('server settings', () => {
  it('defaults, arguments over the environment, and a clear error for a bad value', () => {
    expect(readServerSettings([], {})).toEqual({
      dev: false,
      port: 3000,
      host: undefined,
      cache: { ttlMs: 1000, staleMs: 5000, maxEntries: 500, maxBodyBytes: 512 * 1024 },
      gzipLevel: 6,
      heapGrowingPercent: 150,
      idleGcMs: 5000,
      trustedProxyHops: 0,
      drainMs: 15_000,
      limits: { requestTimeoutMs: 30_000, headersTimeoutMs: 20_000, maxConnectionsPerIp: 256, maxConnections: 4096 },
    });
    const s = readServerSettings(['-p', '3100', '--hostname=127.0.0.1'], { PORT: '9', PAGE_CACHE_TTL_MS: '0', PAGE_CACHE_GZIP_LEVEL: '' });
    expect(s).toMatchObject({ dev: false, port: 3100, host: '127.0.0.1', cache: { ttlMs: 0 }, gzipLevel: 6 });
    expect(readServerSettings(['--dev', '-p', '3100'], {})).toMatchObject({ dev: true, port: 3100 });
    expect(() => readServerSettings([], { PAGE_CACHE_TTL_MS: 'soon' })).toThrow(/PAGE_CACHE_TTL_MS/);
    expect(readServerSettings([], { SHUTDOWN_DRAIN_MS: '2500' }).drainMs).toBe(2500);
    expect(readServerSettings([], { WEB_HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(() => readServerSettings([], { WEB_HEAP_GROWING_PERCENT: '301' })).toThrow(/WEB_HEAP_GROWING_PERCENT/);
    expect(() => readServerSettings([], { SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(() => readServerSettings([], { LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('reads Accept-Encoding like a server should', () => {
    const accepts = (value?: string) => acceptsGzip({ headers: value === undefined ? {} : { 'accept-encoding': value } });
    expect(accepts('gzip, deflate, br')).toBe(true);
    expect(accepts('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(accepts('gzip;q=0')).toBe(false);
    expect(accepts('br')).toBe(false);
    expect(accepts()).toBe(false);
  });
});

// ── Over real HTTP: the handler in front of a stand-in for Next.js ───────────────────────────────────────────

type Answer = {
  status?: number;
  headers?: Record<string, string | string[]>;
  chunks: string[];
  delayMs?: number;
  fail?: boolean;
  /** Answer gzip when the request asks for exactly gzip (as Next.js's compression does). */
  gzip?: boolean;
};

let server: Server | null = null;
afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
    server = null;
  }
});

/** A server whose inner handler writes `answer(n)` for its n-th render, with that render's nonce. */
async function serve(answer: (render: number, nonce: string) => Answer, cacheSettings = SETTINGS) {
  let renders = 0;
  const seenEncodings: Array<string | string[] | undefined> = [];
  const inner: RequestHandler = async (_req: IncomingMessage, res: ServerResponse) => {
    renders += 1;
    const nonce = `render${renders}nonce0000000==`;
    const a = answer(renders, nonce);
    if (a.fail) noteBackendFailure();
    res.statusCode = a.status ?? 200;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-security-policy', `script-src 'nonce-${nonce}' 'strict-dynamic'`);
    res.setHeader('vary', 'rsc');
    for (const [k, v] of Object.entries(a.headers ?? {})) res.setHeader(k, v);
    seenEncodings.push(_req.headers['accept-encoding']);
    if (a.gzip && _req.headers['accept-encoding'] === 'gzip') {
      // Like Next.js's compression: the whole answer as gzip.
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(a.chunks.join('')));
      return;
    }
    for (const chunk of a.chunks) {
      res.write(chunk);
      if (a.delayMs) await new Promise((r) => setTimeout(r, a.delayMs));
    }
    res.end();
  };
  const cache = new PageCache(cacheSettings);
  const handler = withGuestPageCache(inner, cache, 6);
  server = createServer((req, res) => void handler(req, res));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on('error', reject);
      req.end();
    });
  return { get, renders: () => renders, cache, seenEncodings, port };
}

const nonceOf = (csp: string | string[] | undefined) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

describe('withGuestPageCache over HTTP', () => {
  it('streams the first render, then answers from it with a fresh nonce in the header and every script', async () => {
    const { get, renders } = await serve((_, nonce) => ({ chunks: [`<script nonce="${nonce}"></script>`, '<main>Acasă</main>', `<script nonce="${nonce}"></script>`] }));
    const first = await get('/');
    expect(first.headers['x-page-cache']).toBe('MISS');
    const second = await get('/');
    const third = await get('/');
    expect(renders()).toBe(1);
    for (const answer of [second, third]) {
      expect(answer.headers['x-page-cache']).toBe('HIT');
      const nonce = nonceOf(answer.headers['content-security-policy'])!;
      expect(answer.body.toString()).toBe(`<script nonce="${nonce}"></script><main>Acasă</main><script nonce="${nonce}"></script>`);
      expect(answer.headers['content-length']).toBe(String(answer.body.length));
      expect(answer.headers.vary).toBe('rsc, Accept-Encoding');
    }
    const nonces = [first, second, third].map((a) => nonceOf(a.headers['content-security-policy']));
    expect(new Set(nonces).size).toBe(3);
  });

  it('compresses answers from the cache for clients that take gzip', async () => {
    const html = `<main>${'Asigurare RCA online. '.repeat(200)}</main>`;
    const { get } = await serve(() => ({ chunks: [html] }));
    await get('/rca', { 'accept-encoding': 'gzip' });
    const hit = await get('/rca', { 'accept-encoding': 'gzip, br' });
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(hit.body).toString()).toBe(html);
    expect(hit.body.length).toBeLessThan(html.length / 5);
  });

  it('sends the rendering request gzip too and keeps the decoded page, whose copies take fresh nonces', async () => {
    const html = (nonce: string) => `<script nonce="${nonce}"></script><main>${'Asigurare de călătorie. '.repeat(200)}</main>`;
    const { get, renders, seenEncodings } = await serve((_, nonce) => ({ chunks: [html(nonce)], gzip: true }));
    const first = await get('/travel', { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers['x-page-cache']).toBe('MISS');
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(seenEncodings).toEqual(['gzip']);
    expect(gunzipSync(first.body).toString()).toBe(html(nonceOf(first.headers['content-security-policy'])!));
    const plain = await get('/travel');
    expect(plain.headers['x-page-cache']).toBe('HIT');
    expect(plain.body.toString()).toBe(html(nonceOf(plain.headers['content-security-policy'])!));
    expect(renders()).toBe(1);
  });

  it('renders without compression for a client that does not take gzip', async () => {
    const { get, seenEncodings } = await serve(() => ({ chunks: ['<p>x</p>'], gzip: true }));
    const first = await get('/house', { 'accept-encoding': 'br' });
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.body.toString()).toBe('<p>x</p>');
    expect(seenEncodings).toEqual([undefined]);
  });

  it('concurrent first requests share one render', async () => {
    const { get, renders } = await serve(() => ({ chunks: ['<p>a</p>', '<p>b</p>'], delayMs: 30 }));
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/faq')));
    expect(renders()).toBe(1);
    for (const a of answers) expect(a.body.toString()).toBe('<p>a</p><p>b</p>');
  });

  it('a client that stops reading the render it asked for holds up no other visitor of the page', async () => {
    // More than the kernel buffers between the two ends of a loopback connection; over the internet a client that
    // advertises a small receive window holds a page of a few dozen KB the same way.
    const html = `<main>${'Asigurare RCA. '.repeat(600_000)}</main>`;
    const { get, renders, port } = await serve(() => ({ chunks: [html] }), { ...SETTINGS, maxBodyBytes: 16 * 1024 * 1024 });
    const stalled = connect(port, '127.0.0.1');
    stalled.pause(); // never reads the answer
    stalled.write(`GET /faq HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    try {
      await expect.poll(renders).toBe(1);
      const other = await Promise.race([get('/faq'), new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000))]);
      expect(other?.body.length).toBe(Buffer.byteLength(html));
      expect(renders()).toBe(1);
    } finally {
      stalled.destroy();
    }
  });

  it('never keeps a render during which a backend call failed, nor an error, a redirect or a cookie', async () => {
    const failures = backendFailureCount();
    const { get, renders } = await serve((n): Answer =>
      n === 1 ? { chunks: ['<p>Eroare</p>'], fail: true }
      : n === 2 ? { status: 500, chunks: ['x'] }
      : n === 3 ? { status: 307, headers: { location: '/maintenance' }, chunks: [] }
      : n === 4 ? { headers: { 'set-cookie': 'bs_partner=abc' }, chunks: ['<p>p</p>'] }
      : { chunks: ['<p>ok</p>'] },
    );
    for (let i = 0; i < 5; i++) expect((await get('/house')).headers['x-page-cache']).toBe('MISS');
    expect(backendFailureCount()).toBe(failures + 1);
    expect((await get('/house')).headers['x-page-cache']).toBe('HIT');
    expect(renders()).toBe(5);
  });

  it('signed-in and private requests always reach Next.js', async () => {
    const { get, renders } = await serve(() => ({ chunks: ['<p>personal</p>'] }));
    await get('/', { cookie: 'bs_session=abc' });
    await get('/', { cookie: 'bs_session=abc' });
    await get('/account/policies');
    await get('/account/policies');
    expect(renders()).toBe(4);
  });

  it('a page larger than the limit is served but not kept', async () => {
    const { get, renders } = await serve(() => ({ chunks: ['a'.repeat(40_000), 'b'.repeat(40_000)] }));
    expect((await get('/tire')).body.length).toBe(80_000);
    await get('/tire');
    expect(renders()).toBe(2);
  });
});

describe('decodeCaptured', () => {
  it('passes plain answers, decodes gzip and refuses other or broken encodings', () => {
    const plain = htmlAnswer('n0nce000000000000==');
    expect(decodeCaptured(plain)).toBe(plain);
    const zipped = { ...plain, headers: { ...plain.headers, 'content-encoding': 'gzip' }, body: gzipSync(plain.body) };
    const decoded = decodeCaptured(zipped)!;
    expect(decoded.body.equals(plain.body)).toBe(true);
    expect(decoded.headers['content-encoding']).toBeUndefined();
    expect(toStoredPage(decoded, 0, SETTINGS.maxBodyBytes)).not.toBeNull();
    expect(decodeCaptured({ ...zipped, headers: { ...zipped.headers, 'content-encoding': 'br' } })).toBeNull();
    expect(decodeCaptured({ ...zipped, body: Buffer.from('not gzip') })).toBeNull();
  });
});

describe('captureResponse', () => {
  it('gives null when the client goes away before the end', async () => {
    let captured: CapturedResponse | null | undefined;
    let listening!: Server;
    const settled = new Promise<void>((resolve) => {
      listening = server = createServer((_req, res) => {
        captureResponse(res, 1024, (c) => {
          captured = c;
          resolve();
        });
        res.write('<p>start</p>');
      });
    });
    listening.listen(0, '127.0.0.1');
    await once(listening, 'listening');
    const port = (listening.address() as AddressInfo).port;
    const req = httpRequest({ host: '127.0.0.1', port, path: '/' }, (res) => {
      res.once('data', () => req.destroy());
    });
    req.on('error', () => undefined);
    req.end();
    await settled;
    expect(captured).toBeNull();
  });
});
