import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_HEADERS, client, login, startServer, type Call, type TestServer } from './helpers';

/**
 * The router decodes percent-escapes (`/%64ev/outbox` is served by `/dev/outbox`): the checks made on a path's
 * prefix must hold for every spelling that reaches the route, not only for the plain one.
 */
let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer({ DEV_ENDPOINTS: '1' });
  call = client(t.url);
});
afterAll(() => t.close());

/** A request with a chosen Host and an exact path (fetch would normalise neither). */
function raw(path: string, host: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const url = new URL(t.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path, method: 'GET', headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('escaped spellings of guarded paths', () => {
  it('dev endpoints refuse another host (DNS rebinding) however the path is escaped', async () => {
    for (const path of ['/dev/outbox', '/%64ev/outbox', '/d%65v/outbox', '/dev/%6futbox', '/%64%65%76/mail-queue']) {
      const res = await raw(path, 'rebound.attacker.example');
      expect({ path, status: res.status }).toEqual({ path, status: 403 });
      expect(res.body).toContain('forbidden_host');
    }
    // a loopback name still reaches them
    expect((await raw('/%64ev/outbox', `localhost:${new URL(t.url).port}`)).status).toBe(200);
  });

  it('maintenance holds for an escaped /api/v1 path', async () => {
    const ana = await login(call, 'client@exemplu.ro');
    await call('POST', '/admin/maintenance', { headers: ADMIN_HEADERS, body: { is_active: true } });
    try {
      for (const path of ['/api/v1/orders', '/%61pi/v1/orders', '/api/v%31/orders', '/api/v1/%6frders']) {
        const res = await call('GET', path, { token: ana });
        expect({ path, status: res.status, code: res.body?.error?.code }).toEqual({ path, status: 503, code: 503 });
      }
      expect((await call('GET', '/api/v1/maintenances/status')).status).toBe(200);
      expect((await call('GET', '/%61pi/v1/maintenances/status')).status).toBe(200);
    } finally {
      await call('POST', '/admin/maintenance', { headers: ADMIN_HEADERS, body: { is_active: false } });
    }
  });

  it("the processor's pages carry their security headers under an escaped path too", async () => {
    const res = await raw(`/%70ayment-processor/checkout/${crypto.randomUUID()}?signature=x`, new URL(t.url).host);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
