import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { withLocalSecrets } from '../scripts/local-secrets.mjs';
import { test, expect } from './fixtures';
import {
  EXTRA,
  portIsFree,
  startBackend,
  startDelayingProxy,
  startWeb,
  stop,
  waitFor,
  waitForHealthy,
  type Server,
} from './helpers/processes';

/**
 * Operations (issue 15) against real processes on this checkout's extra ports: bounded calls to a hung
 * backend, health checks, request ids in both servers' logs, the /faq error state that recovers, realtime
 * across two backend processes, drain on SIGTERM, and no orphans when the `npm start` supervisor is killed.
 */
test.describe('operations under faults', () => {
  test.describe.configure({ mode: 'serial' });
  test.skip(Boolean(process.env.E2E_BASE_URL), 'starts its own servers from the existing build');
  test.setTimeout(180_000);

  let dir = '';
  let backend: Server | null = null;
  let web: Server | null = null;
  let proxy: Awaited<ReturnType<typeof startDelayingProxy>> | null = null;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dir = mkdtempSync(path.join(tmpdir(), 'broker-operations-'));
    backend = startBackend(EXTRA.backend, path.join(dir, 'db.sqlite'));
    await waitForHealthy(backend);
    proxy = await startDelayingProxy(EXTRA.backend);
    web = startWeb(EXTRA.web, proxy.url, { PUSHER_WS_PORT: String(EXTRA.backend) });
    await waitForHealthy(web);
  });

  test.afterAll(async () => {
    await Promise.all([stop(web), stop(backend)]);
    await proxy?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a hung backend: 504 with the Romanian error within the timeout; a client that leaves frees the upstream socket', async () => {
    proxy!.setMode('hang');
    const started = Date.now();
    const res = await fetch(`${web!.url}/api/v1/faq`);
    const elapsed = Date.now() - started;
    expect(res.status).toBe(504);
    const body = (await res.json()) as { error: { code: string; pretty_message: string } };
    expect(body.error.code).toBe('backend_timeout');
    expect(body.error.pretty_message).toContain('nu a răspuns la timp');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    // The default BACKEND_TIMEOUT_MS is 10 s: the answer came after it, not after minutes.
    expect(elapsed).toBeGreaterThanOrEqual(9_000);
    expect(elapsed).toBeLessThan(60_000);
    await waitFor('the timed-out upstream call to be closed', () => proxy!.openCalls() === 0);

    // A client that gives up: its upstream call is cancelled at once, long before the 10 s timeout.
    const client = new AbortController();
    const call = fetch(`${web!.url}/api/v1/faq`, { signal: client.signal }).catch(() => null);
    await waitFor('the call to reach the backend', () => proxy!.openCalls() === 1);
    const abortedAt = Date.now();
    client.abort();
    await call;
    await waitFor('the upstream call to be closed after the client left', () => proxy!.openCalls() === 0, 30_000);
    expect(Date.now() - abortedAt).toBeLessThan(9_000);
    proxy!.setMode('forward');
  });

  test('/readyz is 503 while the backend is down and 200 when it answers; /healthz stays 200; never cached', async () => {
    proxy!.setMode('refuse');
    const down = await fetch(`${web!.url}/readyz`);
    expect(down.status).toBe(503);
    expect(down.headers.get('cache-control')).toBe('no-store');
    expect(await down.json()).toMatchObject({ status: 'not_ready', checks: { backend: { ok: false } } });
    expect((await fetch(`${web!.url}/healthz`)).status).toBe(200);
    proxy!.setMode('forward');
    await waitFor('/readyz to turn 200', async () => (await fetch(`${web!.url}/readyz`)).status === 200);
  });

  test('a request id is kept, returned, and in both servers\' log lines of a BFF call', async () => {
    const id = `e2e-ops-${Date.now()}`;
    const res = await fetch(`${web!.url}/api/v1/faq`, { headers: { 'x-request-id': id } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(id);
    const logged = (server: Server) =>
      server.lines.map((line) => { try { return JSON.parse(line) as Record<string, unknown>; } catch { return null; } })
        .find((entry) => entry?.request_id === id && entry.url === '/api/v1/faq');
    await waitFor('the backend log line', () => Boolean(logged(backend!)));
    await waitFor('the web log line', () => Boolean(logged(web!)));
    expect(logged(backend!)).toMatchObject({ msg: 'request', status: 200, method: 'GET' });
    expect(logged(web!)).toMatchObject({ msg: 'request', status: 200, method: 'GET' });
    // An unsafe id is replaced, never echoed.
    const unsafe = await fetch(`${web!.url}/api/v1/faq`, { headers: { 'x-request-id': 'x'.repeat(80) } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('/faq with the backend down shows the in-page error with a reference code, and recovers by itself', async ({ page }) => {
    proxy!.setMode('refuse');
    const res = await page.goto(`${web!.url}/faq`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Întrebări frecvente' })).toBeVisible();
    await expect(page.getByText('Nu am putut încărca întrebările frecvente')).toBeVisible();
    await expect(page.getByText(/Cod de referință: [0-9a-f-]{36}/)).toBeVisible();
    proxy!.setMode('forward');
    // No click, no reload: the error box retries with backoff until the backend answers.
    await expect(page.getByText('Nu am putut încărca întrebările frecvente')).toHaveCount(0, { timeout: 90_000 });
    await expect(page.getByRole('button', { name: /încearcă din nou/i })).toHaveCount(0);
  });

  test('an order event reaches a tab connected to the other of two backend processes', async ({ request }) => {
    const second = startBackend(EXTRA.backend2, path.join(dir, 'db.sqlite'));
    try {
      await waitForHealthy(second);
      const api = backend!.url;
      const login = await request.post(`${api}/api/v1/auth/login`, { data: { email: 'client@exemplu.ro', password: 'Parola-Demo-2026' } });
      const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
      const auth = { authorization: `Bearer ${token}` };
      const me = ((await (await request.get(`${api}/api/v1/auth/user`, { headers: auth })).json()) as { data: { id: number } }).data;

      // The tab: the Pusher protocol on the SECOND process.
      const ws = new WebSocket(`ws://127.0.0.1:${EXTRA.backend2}/app/local-key?protocol=7`);
      const frames: { event: string; channel?: string; data: string }[] = [];
      ws.on('message', (raw) => frames.push(JSON.parse(String(raw))));
      await waitFor('connection_established', () => frames.some((f) => f.event === 'pusher:connection_established'));
      const socketId = JSON.parse(frames[0].data).socket_id as string;
      const channel = `private-user.${me.id}`;
      const signed = await request.post(`${second.url}/pusher/auth`, { headers: auth, data: { socket_id: socketId, channel_name: channel } });
      ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: ((await signed.json()) as { auth: string }).auth } }));
      await waitFor('subscription', () => frames.some((f) => f.event === 'pusher_internal:subscription_succeeded'));

      // The order: created through the FIRST process.
      const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const quote = await request.post(`${api}/api/v1/quotes`, {
        data: {
          product_code: 'travel',
          input: {
            zone: 'europe', destination: 'Italia', purpose: 'tourism', trip_type: 'single', start_date: tomorrow,
            end_date: new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10), travellers: [{ birth_date: '1985-06-15' }],
            options: { winter_sports: false, summer_sports: false, road_assistance: false, cancellation_insured_value_eur: null },
          },
        },
      });
      expect(quote.status()).toBe(201);
      const q = ((await quote.json()) as { data: { id: number; offers: { id: string }[] } }).data;
      const order = await request.post(`${api}/api/v1/orders`, {
        headers: auth,
        data: {
          quote_id: q.id, offer_id: q.offers[0].id,
          customer: { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '1850615400011' },
          consents: { terms: true, product_sheet: true, data_processing: true },
        },
      });
      expect(order.status()).toBe(201);
      const orderId = ((await order.json()) as { data: { id: number } }).data.id;
      await waitFor('order.updated on the other process', () =>
        frames.some((f) => f.event === 'order.updated' && f.channel === channel && JSON.parse(f.data).id === orderId), 30_000);
      ws.close();
    } finally {
      await stop(second);
    }
  });

  test('SIGTERM to the web server with 10 calls of 4 s in flight: all 10 complete, /readyz is 503 meanwhile, then it exits 0', async () => {
    const delayed = await fetch(`${backend!.url}/dev/delay-next`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/api/v1/faq', ms: 4000, times: 11 }),
    });
    expect(delayed.status).toBe(200);
    const calls = Array.from({ length: 10 }, () => fetch(`${web!.url}/api/v1/faq`).then(async (r) => ({ status: r.status, text: await r.text() })));
    // An 11th call on a raw socket: after SIGTERM, /readyz is asked on the same (busy, so still open) connection.
    const socket = net.connect(EXTRA.web, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk) => (raw += chunk.toString('utf8')));
    socket.write(`GET /api/v1/faq HTTP/1.1\r\nHost: localhost:${EXTRA.web}\r\n\r\n`);
    await waitFor('all 11 calls to reach the backend', async () => {
      const pending = ((await (await fetch(`${backend!.url}/dev/delay-next`)).json()) as { data: Record<string, number> }).data;
      return pending['/api/v1/faq'] === undefined;
    });
    web!.process.kill('SIGTERM');
    await waitFor('the web server to log that it drains', () => web!.lines.some((l) => l.includes('"msg":"draining"')));
    socket.write(`GET /readyz HTTP/1.1\r\nHost: localhost:${EXTRA.web}\r\n\r\n`);
    const results = await Promise.all(calls);
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    for (const r of results) expect(JSON.parse(r.text)).toHaveProperty('data');
    await waitFor('both answers on the raw socket', () => (raw.match(/HTTP\/1\.1 /g) ?? []).length === 2);
    expect(raw).toMatch(/^HTTP\/1\.1 200/);
    expect(raw).toMatch(/HTTP\/1\.1 503[\s\S]*"not_ready"/);
    socket.destroy();
    expect(await web!.exited).toBe(0);
    expect(await portIsFree(EXTRA.web)).toBe(true);
  });

  test('SIGTERM to the backend with 10 calls of 4 s in flight and an idle keep-alive client: all complete, it exits 0', async () => {
    const base = backend!.url;
    await fetch(`${base}/dev/delay-next`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/api/v1/faq', ms: 4000, times: 10 }),
    });
    const calls = Array.from({ length: 10 }, () => fetch(`${base}/api/v1/faq`).then((r) => r.status));
    // A client holding an idle keep-alive connection (it used to keep the backend up for 70 s).
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await new Promise<void>((resolve, reject) =>
      http.get(`${base}/healthz`, { agent }, (res) => { res.resume(); res.on('end', resolve); }).on('error', reject));
    await waitFor('all 10 calls to reach the backend', async () => {
      const pending = ((await (await fetch(`${base}/dev/delay-next`)).json()) as { data: Record<string, number> }).data;
      return pending['/api/v1/faq'] === undefined;
    });
    backend!.process.kill('SIGTERM');
    expect(await Promise.all(calls)).toEqual(Array(10).fill(200));
    expect(await backend!.exited).toBe(0);
    agent.destroy();
    expect(await portIsFree(EXTRA.backend)).toBe(true);
  });

  test('SIGKILL of the npm start supervisor leaves no server on the ports', async () => {
    const supervisor = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        // A deployment's settings: its own secrets (the checkout's generated ones here), captcha off.
        ...withLocalSecrets(process.env),
        NODE_ENV: 'production',
        PORT: String(EXTRA.web),
        BACKEND_PORT: String(EXTRA.backend),
        BACKEND_HOST: '127.0.0.1',
        BACKEND_API_URL: `http://127.0.0.1:${EXTRA.backend}`,
        PRODUCTS_API_URL: `http://127.0.0.1:${EXTRA.backend}`,
        WEB_APP_URL: `http://localhost:${EXTRA.web}`,
        DATABASE_PATH: path.join(dir, 'supervised.sqlite'),
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    try {
      await waitFor('the supervised web app', async () => (await fetch(`http://localhost:${EXTRA.web}/readyz`)).status === 200, 150_000);
      supervisor.kill('SIGKILL');
      await waitFor('both ports to be free', async () => (await portIsFree(EXTRA.web)) && (await portIsFree(EXTRA.backend)), 60_000);
    } finally {
      if (supervisor.exitCode === null && supervisor.signalCode === null) supervisor.kill('SIGKILL');
    }
  });
});
