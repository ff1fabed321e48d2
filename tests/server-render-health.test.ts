// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));

const { backendRequest, resetPublicReads } = await import('@/lib/api/server');
const { getInfoPage, listInfoPages } = await import('@/lib/content/info-pages');
const { backendFailureCount } = await import('@/lib/server/render-health');

function answer(status: number, body: unknown = { data: { ok: true } }) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetPublicReads();
});

describe('backend failures while rendering (they keep a page out of the guest page cache)', () => {
  it('counts an unreachable backend and a 5xx answer, not a 2xx or 4xx', async () => {
    const start = backendFailureCount();
    vi.stubGlobal('fetch', answer(200));
    await backendRequest('/api/v1/products', { token: null });
    vi.stubGlobal('fetch', answer(404, { message: 'Not found' }));
    await expect(backendRequest('/api/v1/products/nope', { token: null })).rejects.toMatchObject({ status: 404 });
    expect(backendFailureCount()).toBe(start);

    // Anonymous reads are shared for a second (the next test shows it): a new second, a new call.
    resetPublicReads();
    vi.stubGlobal('fetch', answer(503, { message: 'down' }));
    await expect(backendRequest('/api/v1/products', { token: null })).rejects.toMatchObject({ status: 503 });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    await expect(backendRequest('/api/v1/products', { token: null })).rejects.toMatchObject({ code: 'backend_unreachable' });
    expect(backendFailureCount()).toBe(start + 2);
  });

  it('counts the content pages’ own calls too, including the index that degrades to no list', async () => {
    const start = backendFailureCount();
    vi.stubGlobal('fetch', answer(404, {}));
    await expect(getInfoPage('lipsa')).resolves.toBeNull();
    expect(backendFailureCount()).toBe(start);
    vi.stubGlobal('fetch', answer(500, {}));
    await expect(getInfoPage('termeni')).rejects.toThrow(/500/);
    await expect(listInfoPages()).resolves.toBeNull();
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    await expect(getInfoPage('despre')).rejects.toThrow();
    expect(backendFailureCount()).toBe(start + 3);
  });

  it('shares an anonymous read between renders for a second, never a failure, never a signed-in read', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const ok = answer(200, { data: { n: 1 } });
      vi.stubGlobal('fetch', ok);
      const [a, b] = await Promise.all([
        backendRequest('/api/v1/insurers', { token: null }),
        backendRequest('/api/v1/insurers', { token: null }),
      ]);
      await backendRequest('/api/v1/insurers', { token: null });
      expect(ok).toHaveBeenCalledTimes(1);
      expect(a.data).toEqual({ n: 1 });
      expect(b.data).toEqual({ n: 1 });
      // Another query is another read; a signed-in read is never shared.
      await backendRequest('/api/v1/insurers', { token: null, query: { page: 2 } });
      await backendRequest('/api/v1/insurers', { token: 'session-a' });
      await backendRequest('/api/v1/insurers', { token: 'session-a' });
      expect(ok).toHaveBeenCalledTimes(4);
      // A second later the answer is read again.
      vi.setSystemTime(Date.now() + 1000);
      await backendRequest('/api/v1/insurers', { token: null });
      expect(ok).toHaveBeenCalledTimes(5);

      // A failure is not kept: the next render asks again.
      const down = answer(503, { message: 'down' });
      vi.stubGlobal('fetch', down);
      await expect(backendRequest('/api/v1/faq', { token: null })).rejects.toMatchObject({ status: 503 });
      await expect(backendRequest('/api/v1/faq', { token: null })).rejects.toMatchObject({ status: 503 });
      expect(down).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
