// @vitest-environment node
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { exposeGc } from '@/server/idle-collector';

/** A backend that never answers /hang, answers /ok at once, and counts its open sockets. */
let server: http.Server;
let base = '';
const sockets = new Set<Socket>();
const seenIds: (string | undefined)[] = [];

type Module = typeof import('@/lib/net/backend-call');
let mod: Module;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seenIds.push(req.headers['x-request-id'] as string | undefined);
    if (req.url === '/ok') res.end('{"data":1}');
    // /hang: never answers
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubEnv('BACKEND_TIMEOUT_MS', '300');
  vi.stubEnv('BACKEND_MAX_CONCURRENCY', '2');
  vi.stubEnv('BACKEND_MAX_QUEUE', '1');
  mod = await import('@/lib/net/backend-call');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
afterEach(async () => {
  await vi.waitFor(() => expect(mod.backendGateLoad()).toEqual({ active: 0, queued: 0 }), { timeout: 5000 });
});

async function rejection(promise: Promise<unknown>): Promise<InstanceType<Module['BackendCallError']>> {
  try {
    await promise;
  } catch (error) {
    return error as InstanceType<Module['BackendCallError']>;
  }
  throw new Error('expected a rejection');
}

describe('bounded calls to the backend', () => {
  it('a hung backend: timeout → 504 with the Romanian error, and the upstream socket is closed', async () => {
    const error = await rejection(mod.callBackend(`${base}/hang`));
    expect(error.kind).toBe('timeout');
    const res = mod.backendFailureResponse(error, 'req-1');
    expect(res.status).toBe(504);
    expect(res.headers.get('x-request-id')).toBe('req-1');
    expect(await res.json()).toEqual({
      error: expect.objectContaining({ code: 'backend_timeout', pretty_message: expect.stringContaining('nu a răspuns la timp') }),
    });
    await vi.waitFor(() => expect(sockets.size).toBe(0), { timeout: 5000 });
  });

  it('a client that leaves cancels the call and its socket at once', async () => {
    const client = new AbortController();
    const call = mod.callBackend(`${base}/hang`, {}, { signal: client.signal, timeoutMs: 60_000 });
    await vi.waitFor(() => expect(sockets.size).toBe(1));
    client.abort();
    expect((await rejection(call)).kind).toBe('aborted');
    await vi.waitFor(() => expect(sockets.size).toBe(0), { timeout: 5000 });
  });

  it('caps concurrency: calls beyond it queue, beyond the queue they get 503 + Retry-After', async () => {
    // The hung calls outlive the queued call's deadline, so it times out in the queue however the timers fall.
    const hung = [rejection(mod.callBackend(`${base}/hang`, {}, { timeoutMs: 1500 })), rejection(mod.callBackend(`${base}/hang`, {}, { timeoutMs: 1500 }))];
    const queued = rejection(mod.callBackend(`${base}/ok`));
    expect(mod.backendGateLoad()).toEqual({ active: 2, queued: 1 });
    const refused = await rejection(mod.callBackend(`${base}/ok`));
    expect(refused.kind).toBe('busy');
    const res = mod.backendFailureResponse(refused);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(mod.RETRY_AFTER_BUSY_S));
    // The queued call's wait counts against its timeout: it times out behind the hung ones.
    expect((await queued).kind).toBe('timeout');
    for (const call of hung) expect((await call).kind).toBe('timeout');
  });

  it('a slot frees when the answer is read, and the request id travels', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await mod.callBackend(`${base}/ok`, {}, { requestId: `id-${i}` });
      expect(await res.json()).toEqual({ data: 1 });
    }
    expect(seenIds.slice(-5)).toEqual(['id-0', 'id-1', 'id-2', 'id-3', 'id-4']);
  });

  it('a finished call leaves nothing armed that holds the caller’s async context (no 10 s timer per call)', async () => {
    await (await mod.callBackend(`${base}/ok`, {}, { timeoutMs: 60_000 })).json(); // a keep-alive socket, opened outside the context
    const storage = new AsyncLocalStorage<{ render: number[] }>();
    const call = async () => {
      const render = { render: new Array(1000).fill(1) };
      await storage.run(render, async () => (await mod.callBackend(`${base}/ok`, {}, { timeoutMs: 60_000 })).json());
      return new WeakRef(render);
    };
    const render = await call();
    await new Promise((resolve) => setImmediate(resolve));
    exposeGc()();
    expect(render.deref()).toBeUndefined();
  });

  it('an unreachable backend is 502', async () => {
    const error = await rejection(mod.callBackend('http://127.0.0.1:1/'));
    expect(error.kind).toBe('unreachable');
    expect(error.status).toBe(502);
  });
});
