// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '@/backend/tests/helpers';

/**
 * A backend that drains (SIGTERM, rolling restart) while the web app still has connections open to it: what the
 * customer gets for a call the backend refuses. The BFF's read path (server/bff-fast-path.ts) and its route
 * handler (lib/bff/forward.ts) pass the 503, its Retry-After (the browser's one retry of a write waits for it)
 * and the backend's error body on, and the browser's client turns it into the Romanian message with the
 * reference code: never a generic failure.
 */
let backend: TestServer;
let web = '';
let webServer: http.Server;
let forwardApiRequest: typeof import('@/lib/bff/forward').forwardApiRequest;
let apiErrorFromResponse: typeof import('@/lib/api/errors').apiErrorFromResponse;

beforeAll(async () => {
  backend = await startServer({}, undefined, { workers: false });
  process.env.BACKEND_API_URL = backend.url;
  process.env.PRODUCTS_API_URL = backend.url;
  process.env.WEB_APP_URL = 'http://localhost:3000';
  process.env.SESSION_SECRET = 'test-secret-0123456789abcdef';
  const { serveBffRead } = await import('@/server/bff-fast-path');
  ({ forwardApiRequest } = await import('@/lib/bff/forward'));
  ({ apiErrorFromResponse } = await import('@/lib/api/errors'));
  webServer = http.createServer((req, res) => {
    // What server/main.ts does for every request before the read path.
    req.headers['x-request-id'] = 'web-req-1';
    res.setHeader('x-request-id', 'web-req-1');
    void serveBffRead(req, res).then((served) => {
      if (!served) res.writeHead(299).end('next.js');
    });
  });
  await new Promise<void>((resolve) => webServer.listen(0, '127.0.0.1', resolve));
  web = `http://127.0.0.1:${(webServer.address() as AddressInfo).port}`;
  backend.server.ctx.lifecycle.draining = true;
}, 20_000);

afterAll(async () => {
  webServer.closeAllConnections();
  await new Promise((resolve) => webServer.close(resolve));
  await backend.close();
});

/** The customer's view of a failed call: lib/api/errors.ts, as the browser's client builds it. */
async function customerError(res: Response) {
  return apiErrorFromResponse(res.status, await res.json(), res.headers.get('x-request-id'));
}

describe('the BFF in front of a draining backend', () => {
  it('a read (the web server read path): 503, Retry-After and the backend’s Romanian message', async () => {
    const res = await fetch(`${web}/api/v1/insurers`, { headers: { cookie: 'XSRF-TOKEN=x' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const error = await customerError(res);
    expect(error.code).toBe('service_draining');
    expect(error.prettyMessage).toBe('Serviciul repornește. Vă rugăm să încercați din nou în câteva secunde. Cod de referință: web-req-1.');
  });

  it('a write (the route handler): 503, Retry-After and the backend’s Romanian message', async () => {
    const res = await forwardApiRequest(
      new Request('http://localhost:3000/api/v1/contact-messages', {
        method: 'POST',
        headers: {
          cookie: 'XSRF-TOKEN=x', 'x-xsrf-token': 'x', origin: 'http://localhost:3000', host: 'localhost:3000',
          'content-type': 'application/json', 'x-request-id': 'web-req-2',
        },
        body: JSON.stringify({ name: 'Ion Pop', email: 'ion@exemplu.ro', subject: 'Întrebare', message: 'Aș dori detalii despre RCA.', token: '' }),
      }),
      ['contact-messages'],
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    const error = await customerError(res);
    expect(error.code).toBe('service_draining');
    expect(error.prettyMessage).toMatch(/^Serviciul repornește\. Vă rugăm să încercați din nou în câteva secunde\./);
  });
});
