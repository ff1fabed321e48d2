// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestAbort, runInRequestScope } from '@/lib/server/request-scope';

vi.mock('next/headers', () => ({ headers: async () => new Headers(), cookies: async () => ({ get: () => undefined }) }));

/**
 * Server rendering's backend calls end with the page request: when the customer goes away before the answer is
 * complete (server/main.ts aborts the request scope), a customer's read is cancelled at once, its connection to
 * the backend closed, instead of holding a backend slot until BACKEND_TIMEOUT_MS. A read shared by every render
 * (the public catalogue) is not: other customers may be waiting for it.
 */
type Held = { path: string; closed: Promise<void>; release: () => void };
let held: Held[] = [];
const backend = http.createServer((req, res) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const closed = new Promise<void>((resolve) => res.once('close', () => resolve()));
  held.push({ path: req.url ?? '', closed, release });
  void released.then(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{"id":1}]}'));
});

let backendRequest: typeof import('@/lib/api/server').backendRequest;
let resetPublicReads: typeof import('@/lib/api/server').resetPublicReads;
let backendFailureCount: typeof import('@/lib/server/render-health').backendFailureCount;

beforeAll(async () => {
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  vi.stubEnv('BACKEND_API_URL', url);
  vi.stubEnv('PRODUCTS_API_URL', url);
  ({ backendRequest, resetPublicReads } = await import('@/lib/api/server'));
  ({ backendFailureCount } = await import('@/lib/server/render-health'));
});
beforeEach(() => {
  held = [];
  resetPublicReads();
});
afterAll(async () => {
  for (const h of held) h.release();
  vi.unstubAllEnvs();
  backend.closeAllConnections();
  await new Promise((resolve) => backend.close(resolve));
});

const arrived = async (count: number) => vi.waitFor(() => expect(held).toHaveLength(count));
const within = <T,>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms))]);

describe('a page request whose client goes away', () => {
  it("cancels the customer's backend read at once, and closes its backend connection", async () => {
    const abort = new RequestAbort();
    const failures = backendFailureCount();
    const read = runInRequestScope({ requestId: 'req-left', abort }, () => backendRequest('/api/v1/orders', { token: 'customer-token' }));
    read.catch(() => {});
    await arrived(1);
    abort.clientLeft();
    await expect(within(read, 2000)).rejects.toMatchObject({ status: 499, code: 'client_closed_request' });
    await within(held[0].closed, 2000);
    // Not a backend failure: the guest page cache and the logs are not told the backend failed.
    expect(backendFailureCount()).toBe(failures);
  });

  it('a call started after the client left is not sent at all', async () => {
    const abort = new RequestAbort();
    abort.clientLeft();
    const read = runInRequestScope({ requestId: 'req-gone', abort }, () => backendRequest('/api/v1/policies', { token: 'customer-token' }));
    await expect(within(read, 2000)).rejects.toMatchObject({ status: 499 });
    expect(held).toHaveLength(0);
  });

  it('a public read shared with other renders is not cancelled by one of them leaving', async () => {
    const abort = new RequestAbort();
    const read = runInRequestScope({ requestId: 'req-public', abort }, () => backendRequest('/api/v1/products', { token: null }));
    await arrived(1);
    abort.clientLeft();
    held[0].release();
    await expect(within(read, 2000)).resolves.toMatchObject({ status: 200, data: [{ id: 1 }] });
  });

  it('a request whose client stays gets its answer', async () => {
    const read = runInRequestScope({ requestId: 'req-stays', abort: new RequestAbort() }, () => backendRequest('/api/v1/orders', { token: 'customer-token' }));
    await arrived(1);
    held[0].release();
    await expect(within(read, 2000)).resolves.toMatchObject({ status: 200 });
  });
});
