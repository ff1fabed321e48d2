// @vitest-environment node
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { exposeGc } from '@/server/idle-collector';

/**
 * lib/net/backend-read.ts: server rendering's reads keep the bounds of callBackend (the shared gate and queue, the
 * deadline, the caller's signal, the request id) over the backend's connection pool.
 */
let server: http.Server;
let base = '';
/** The server side of each /hang request's connection, to see it closed when the read gives up. */
const hangSockets: Socket[] = [];
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];

type Read = typeof import('@/lib/net/backend-read');
type Call = typeof import('@/lib/net/backend-call');
let read: Read['readBackend'];
let call: Call;

beforeAll(async () => {
  // /ok answers at once; /hang never answers; /stall sends its headers and part of the body, then nothing;
  // /missing is a 404 with the backend's error shape; /redirect points elsewhere.
  server = http.createServer((req, res) => {
    seen.push({ url: req.url!, headers: req.headers });
    const path = req.url!.split('?')[0];
    if (path === '/ok') {
      res.setHeader('content-type', 'application/json');
      res.setHeader('x-site-product-statuses', 'rca:1,travel:0');
      res.end('{"data":{"ok":"ăîșț"}}');
    } else if (path === '/missing') {
      res.statusCode = 404;
      res.end('{"message":"Not found"}');
    } else if (path === '/redirect') {
      res.writeHead(302, { location: '/ok' }).end();
    } else if (path === '/stall') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"data":');
    }
    if (path === '/hang') hangSockets.push(req.socket); // never answers
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubEnv('BACKEND_TIMEOUT_MS', '300');
  vi.stubEnv('BACKEND_MAX_CONCURRENCY', '2');
  vi.stubEnv('BACKEND_MAX_QUEUE', '1');
  call = await import('@/lib/net/backend-call');
  ({ readBackend: read } = await import('@/lib/net/backend-read'));
});
afterAll(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(async () => {
  await vi.waitFor(() => expect(call.backendGateLoad()).toEqual({ active: 0, queued: 0 }), { timeout: 5000 });
});

async function rejection(promise: Promise<unknown>): Promise<InstanceType<Call['BackendCallError']>> {
  try {
    await promise;
  } catch (error) {
    return error as InstanceType<Call['BackendCallError']>;
  }
  throw new Error('expected a rejection');
}

describe('backend reads for server rendering', () => {
  it('sends the path, query, headers and request id, and answers status, headers and the whole body', async () => {
    const answer = await read(new URL(`${base}/ok?page=2&q=a%20b`), { accept: 'application/json', authorization: 'Bearer t1' }, { requestId: 'req-1' });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ data: { ok: 'ăîșț' } });
    expect(answer.headers.get('X-Site-Product-Statuses')).toBe('rca:1,travel:0');
    expect(answer.headers.get('x-absent')).toBeNull();
    const request = seen.at(-1)!;
    expect(request.url).toBe('/ok?page=2&q=a%20b');
    expect(request.headers.authorization).toBe('Bearer t1');
    expect(request.headers['x-request-id']).toBe('req-1');
  });

  it('answers an error status as it is, and does not follow a redirect', async () => {
    const missing = await read(new URL(`${base}/missing`), {});
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body)).toEqual({ message: 'Not found' });
    const before = seen.length;
    expect((await read(new URL(`${base}/redirect`), {})).status).toBe(302);
    expect(seen.length).toBe(before + 1);
  });

  it('a hung backend: timeout (504), and the upstream socket is closed', async () => {
    const error = await rejection(read(new URL(`${base}/hang`), {}));
    expect(error).toBeInstanceOf(call.BackendCallError);
    expect(error.kind).toBe('timeout');
    expect(error.status).toBe(504);
    await vi.waitFor(() => expect(hangSockets.at(-1)!.destroyed).toBe(true), { timeout: 1000 });
  });

  it('the deadline runs to the last byte: a body that stops half-way times out', async () => {
    const error = await rejection(read(new URL(`${base}/stall`), {}));
    expect(error.kind).toBe('timeout');
  });

  it('the caller leaving cancels the call and its socket (499)', async () => {
    const client = new AbortController();
    const pending = read(new URL(`${base}/hang`), {}, { signal: client.signal, timeoutMs: 60_000 });
    await vi.waitFor(() => expect(seen.at(-1)?.url).toBe('/hang'));
    const socket = hangSockets.at(-1)!;
    client.abort();
    const error = await rejection(pending);
    expect(error.kind).toBe('aborted');
    expect(error.status).toBe(499);
    await vi.waitFor(() => expect(socket.destroyed).toBe(true), { timeout: 1000 });
    expect((await rejection(read(new URL(`${base}/ok`), {}, { signal: client.signal }))).kind).toBe('aborted');
  });

  it('shares the gate with callBackend: a full queue is refused (503) and a queued read waits within its deadline', async () => {
    // The two calls holding the slots outlive the queued read's deadline (300 ms), so that read times out in the
    // queue whatever the machine's pace: with equal deadlines it got a freed slot on a slow run and answered.
    const hung = [
      call.callBackend(`${base}/hang`, {}, { timeoutMs: 1500 }).catch((e) => e),
      read(new URL(`${base}/hang`), {}, { timeoutMs: 1500 }).catch((e) => e),
    ];
    await vi.waitFor(() => expect(call.backendGateLoad()).toEqual({ active: 2, queued: 0 }));
    const queued = rejection(read(new URL(`${base}/ok`), {}));
    expect(call.backendGateLoad()).toEqual({ active: 2, queued: 1 });
    const refused = await rejection(read(new URL(`${base}/ok`), {}));
    expect(refused.kind).toBe('busy');
    expect(refused.status).toBe(503);
    expect((await queued).kind).toBe('timeout');
    for (const error of await Promise.all(hung)) expect(error.kind).toBe('timeout');
  });

  it('a read that leaves the queue frees its place in it', async () => {
    const hung = [read(new URL(`${base}/hang`), {}).catch((e) => e), read(new URL(`${base}/hang`), {}).catch((e) => e)];
    await vi.waitFor(() => expect(call.backendGateLoad()).toEqual({ active: 2, queued: 0 }));
    const client = new AbortController();
    const queued = rejection(read(new URL(`${base}/ok`), {}, { signal: client.signal }));
    expect(call.backendGateLoad().queued).toBe(1);
    client.abort();
    expect((await queued).kind).toBe('aborted');
    expect(call.backendGateLoad().queued).toBe(0);
    await Promise.all(hung);
  });

  it('an unreachable backend is 502', async () => {
    const error = await rejection(read(new URL('http://127.0.0.1:1/ok'), {}));
    expect(error.kind).toBe('unreachable');
    expect(error.status).toBe(502);
  });

  it('a finished read leaves nothing armed that holds the caller’s async context', async () => {
    await read(new URL(`${base}/ok`), {}, { timeoutMs: 60_000 }); // a kept-alive socket, opened outside the context
    const storage = new AsyncLocalStorage<{ render: number[] }>();
    const render = await (async () => {
      const store = { render: new Array(1000).fill(1) };
      await storage.run(store, () => read(new URL(`${base}/ok`), {}, { timeoutMs: 60_000 }));
      return new WeakRef(store);
    })();
    await new Promise((resolve) => setImmediate(resolve));
    exposeGc()();
    expect(render.deref()).toBeUndefined();
  });
});
