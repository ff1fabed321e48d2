// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));

/**
 * The backend, as a local server: its next answers are set per test (status and body, or a connection dropped
 * before any answer), and it counts the requests it gets.
 */
type Answer = { status: number; body: unknown } | 'drop';
let next: Answer = { status: 200, body: { data: { ok: true } } };
let requests = 0;
const backend = http.createServer((req, res) => {
  requests += 1;
  if (next === 'drop') return void req.socket.destroy();
  res.writeHead(next.status, { 'content-type': 'application/json' }).end(JSON.stringify(next.body));
});

/** From now on the backend answers this; returns a counter of the requests it gets from now. */
function answer(status: number, body: unknown = { data: { ok: true } }) {
  next = { status, body };
  const from = requests;
  return { calls: () => requests - from };
}
function unreachable() {
  next = 'drop';
}

let backendRequest: typeof import('@/lib/api/server').backendRequest;
let resetPublicReads: typeof import('@/lib/api/server').resetPublicReads;
let getInfoPage: typeof import('@/lib/content/info-pages').getInfoPage;
let listInfoPages: typeof import('@/lib/content/info-pages').listInfoPages;
let backendFailureCount: typeof import('@/lib/server/render-health').backendFailureCount;

beforeAll(async () => {
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  vi.stubEnv('BACKEND_API_URL', url);
  vi.stubEnv('PRODUCTS_API_URL', url);
  ({ backendRequest, resetPublicReads } = await import('@/lib/api/server'));
  ({ getInfoPage, listInfoPages } = await import('@/lib/content/info-pages'));
  ({ backendFailureCount } = await import('@/lib/server/render-health'));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  backend.closeAllConnections();
  await new Promise((resolve) => backend.close(resolve));
});

afterEach(() => {
  resetPublicReads();
});

describe('backend failures while rendering (they keep a page out of the guest page cache)', () => {
  it('counts an unreachable backend and a 5xx answer, not a 2xx or 4xx', async () => {
    const start = backendFailureCount();
    answer(200);
    await backendRequest('/api/v1/products', { token: null });
    answer(404, { message: 'Not found' });
    await expect(backendRequest('/api/v1/products/nope', { token: null })).rejects.toMatchObject({ status: 404 });
    expect(backendFailureCount()).toBe(start);

    // Anonymous reads are shared for a second (the next test shows it): a new second, a new call.
    resetPublicReads();
    answer(503, { message: 'down' });
    await expect(backendRequest('/api/v1/products', { token: null })).rejects.toMatchObject({ status: 503 });
    unreachable();
    await expect(backendRequest('/api/v1/products', { token: null })).rejects.toMatchObject({ code: 'backend_unreachable' });
    expect(backendFailureCount()).toBe(start + 2);
  });

  it('counts the content pages’ own calls too, including the index that degrades to no list', async () => {
    const start = backendFailureCount();
    answer(404, {});
    await expect(getInfoPage('lipsa')).resolves.toBeNull();
    expect(backendFailureCount()).toBe(start);
    answer(500, {});
    await expect(getInfoPage('termeni')).rejects.toThrow(/500/);
    await expect(listInfoPages()).resolves.toBeNull();
    unreachable();
    await expect(getInfoPage('despre')).rejects.toThrow();
    expect(backendFailureCount()).toBe(start + 3);
  });

  it('shares an anonymous read between renders for a second, never a failure, never a signed-in read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const ok = answer(200, { data: { n: 1 } });
      const [a, b] = await Promise.all([
        backendRequest('/api/v1/insurers', { token: null }),
        backendRequest('/api/v1/insurers', { token: null }),
      ]);
      await backendRequest('/api/v1/insurers', { token: null });
      expect(ok.calls()).toBe(1);
      expect(a.data).toEqual({ n: 1 });
      expect(b.data).toEqual({ n: 1 });
      // Another query is another read; a signed-in read is never shared.
      await backendRequest('/api/v1/insurers', { token: null, query: { page: 2 } });
      await backendRequest('/api/v1/insurers', { token: 'session-a' });
      await backendRequest('/api/v1/insurers', { token: 'session-a' });
      expect(ok.calls()).toBe(4);
      // A second later the answer is read again.
      vi.setSystemTime(Date.now() + 1000);
      await backendRequest('/api/v1/insurers', { token: null });
      expect(ok.calls()).toBe(5);

      // A failure is not kept: the next render asks again.
      const down = answer(503, { message: 'down' });
      await expect(backendRequest('/api/v1/faq', { token: null })).rejects.toMatchObject({ status: 503 });
      await expect(backendRequest('/api/v1/faq', { token: null })).rejects.toMatchObject({ status: 503 });
      expect(down.calls()).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a mailed link\'s token in a backend path', () => {
  it('a failed read of a renewal link is logged, and its error worded, without the token', async () => {
    const token = 'Rw7-cheie-de-reinnoire-0123456789abcdef';
    const written: string[] = [];
    const capture = (chunk: unknown) => {
      written.push(String(chunk));
      return true;
    };
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture as typeof process.stderr.write);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture as typeof process.stdout.write);
    try {
      unreachable();
      const failure = await backendRequest(`/api/v1/renewals/${token}`, { token: null }).catch((e: unknown) => e);
      expect(failure).toMatchObject({ code: 'backend_unreachable' });
      expect(String((failure as Error).message)).not.toContain(token);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      err.mockRestore();
      out.mockRestore();
    }
    const line = written.find((w) => w.includes('backend call failed'));
    expect(line).toContain('/api/v1/renewals/:token');
    expect(written.join('')).not.toContain(token);
  });
});
