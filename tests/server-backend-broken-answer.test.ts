// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('next/headers', () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));

/**
 * A backend (or a proxy in front of it) that answers 2xx with a body that is not the JSON it promised: cut short,
 * an HTML or plain-text page. Server rendering must treat it as a failed call (a Romanian 502 the pages show as
 * "unavailable"), not hand `undefined` to the page as its data: the payment return page (/thank-you) rendered a
 * blank 500 for it, and a guest page rendered from such an answer must not be cached.
 */
let next: { type: string; body: string } = { type: 'application/json', body: '{"data":{"ok":true}}' };
const backend = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': next.type }).end(next.body);
});

let backendRequest: typeof import('@/lib/api/server').backendRequest;
let resetPublicReads: typeof import('@/lib/api/server').resetPublicReads;
let backendFailureCount: typeof import('@/lib/server/render-health').backendFailureCount;
let loadOrderForThankYou: typeof import('@/lib/shop/server').loadOrderForThankYou;

beforeAll(async () => {
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  vi.stubEnv('BACKEND_API_URL', url);
  vi.stubEnv('PRODUCTS_API_URL', url);
  ({ backendRequest, resetPublicReads } = await import('@/lib/api/server'));
  ({ backendFailureCount } = await import('@/lib/server/render-health'));
  ({ loadOrderForThankYou } = await import('@/lib/shop/server'));
});

afterAll(async () => {
  vi.unstubAllEnvs();
  backend.closeAllConnections();
  await new Promise((resolve) => backend.close(resolve));
});

describe('a 2xx answer whose body is not JSON', () => {
  it.each([
    ['cut short', 'application/json', '{"data": {"id": 1, '],
    ['a plain-text page', 'text/plain', 'OK'],
    ['an HTML page', 'text/html', '<html><body>Bad gateway</body></html>'],
  ])('%s: a 502 with a Romanian message, counted as a backend failure', async (_name, type, body) => {
    resetPublicReads();
    next = { type, body };
    const start = backendFailureCount();
    const failure = backendRequest('/api/v1/products', { token: null });
    await expect(failure).rejects.toMatchObject({
      status: 502,
      code: 'backend_invalid_answer',
      prettyMessage: expect.stringMatching(/^Serviciul nu este disponibil momentan\./),
    });
    expect(backendFailureCount()).toBe(start + 1);
  });

  it('the payment return page shows "unavailable", not a crash', async () => {
    next = { type: 'application/json', body: '{"data": {"id": 4, "status": "pai' };
    await expect(loadOrderForThankYou('4')).resolves.toMatchObject({ kind: 'unavailable' });
  });

  it('a valid answer and an empty 2xx body still pass', async () => {
    resetPublicReads();
    next = { type: 'application/json', body: '{"data":{"ok":true}}' };
    await expect(backendRequest('/api/v1/products', { token: null })).resolves.toMatchObject({ data: { ok: true }, status: 200 });
    next = { type: 'application/json', body: '' };
    await expect(backendRequest('/api/v1/orders/4', { method: 'DELETE', token: 't' })).resolves.toMatchObject({ data: undefined, status: 200 });
  });
});
