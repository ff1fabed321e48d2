import { execFileSync, spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { withLocalSecrets } from '../scripts/local-secrets.mjs';
import { test, expect } from './fixtures';
import { uniqueEmail } from './fixtures/auth';
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

/** A client on another loopback address than 127.0.0.1, so the IP the backend records can only be the socket's. */
const CLIENT_ADDRESS = '127.0.0.2';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
function fromOtherLoopback(port: number, method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: url, localAddress: CLIENT_ADDRESS, headers: { host: `localhost:${port}`, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Every process below `root` (from `ps`). */
function descendants(root: number): number[] {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [pid, ppid] of rows) {
      if (ppid === parent && !found.includes(pid)) {
        found.push(pid);
        queue.push(pid);
      }
    }
  }
  return found;
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Operations (issue 15) against real processes on this checkout's extra ports: bounded calls to a hung
 * backend, health checks, request ids in both servers' logs, the /faq error state that recovers, realtime
 * across two backend processes, drain on SIGTERM, no orphans when the `npm start` supervisor is killed, and
 * `npm run dev` served through the same web server.
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

  // First in this block on purpose: the web server has not checked maintenance yet, so the proxy's maintenance
  // read is cold (after one answer it serves the last one after 300 ms and would hide a series).
  test('a signed-in cold page makes its backend calls in parallel: two delayed checks cost one delay, not two', async () => {
    const login = await fetch(`${backend!.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'client@exemplu.ro', password: 'Parola-Demo-2026', token: '' }),
    });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    expect(token).toBeTruthy();
    // 2.5 s each, under the proxy's 3 s bound on the maintenance read: in series the second call would reach the
    // backend only after the first answered.
    const DELAY_MS = 2500;
    for (const delayed of ['/api/v1/maintenances/status', '/api/v1/auth/two-factor/check-active-session']) {
      const res = await fetch(`${backend!.url}/dev/delay-next`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: delayed, ms: DELAY_MS, times: 1 }),
      });
      expect(res.status).toBe(200);
    }
    const started = Date.now();
    // Signed in without the signed state cookie: the proxy must ask check-active-session as well as maintenance.
    const page = fetch(`${web!.url}/faq`, { headers: { cookie: `bs_session=${token}` }, redirect: 'manual' }).then(async (res) => {
      await res.text();
      return { status: res.status, at: Date.now() - started, setCookie: res.headers.getSetCookie() };
    });
    const reached: Record<string, number> = {};
    await waitFor('both delayed calls to reach the backend', async () => {
      const pending = ((await (await fetch(`${backend!.url}/dev/delay-next`)).json()) as { data: Record<string, number> }).data;
      for (const path of ['/api/v1/maintenances/status', '/api/v1/auth/two-factor/check-active-session']) {
        if (pending[path] === undefined) reached[path] ??= Date.now() - started;
      }
      return Object.keys(reached).length === 2;
    });
    const answer = await page;
    expect(answer.status).toBeLessThan(400);
    // The session check ran: its answer is signed into the state cookie.
    expect(answer.setCookie.some((cookie) => cookie.startsWith('bs_2fa='))).toBe(true);
    const [first, second] = Object.values(reached).sort((a, b) => a - b);
    // Both calls were in flight together (in series the second would start a whole delay after the first) ...
    expect(second - first).toBeLessThan(DELAY_MS / 2);
    // ... so the page waited for one delay, not for two.
    expect(answer.at).toBeGreaterThanOrEqual(DELAY_MS);
    expect(answer.at).toBeLessThan(2 * DELAY_MS);
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

  test('a renewal link\'s token asked through the shop is not written to the web server\'s log', async () => {
    const id = `e2e-ops-token-${Date.now()}`;
    const token = `tok${Date.now()}secret`;
    const res = await fetch(`${web!.url}/api/v1/renewals/${token}`, { headers: { 'x-request-id': id } });
    expect(res.status).toBe(404);
    const line = () => web!.lines.find((entry) => entry.includes(id) && entry.includes('"request"'));
    await waitFor('the web log line', () => Boolean(line()));
    expect(JSON.parse(line()!)).toMatchObject({ url: '/api/v1/renewals/:token', status: 404 });
    expect(web!.lines.filter((entry) => entry.includes(token))).toEqual([]);
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
    await expect(page.getByRole('button', { name: /încercați din nou/i })).toHaveCount(0);
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

  test('every line the web server wrote is JSON, Next.js\'s own included, its render errors with the request id', async () => {
    // A render that fails inside Next.js (the orders page cannot reach the backend): Next.js logs it itself.
    proxy!.setMode('refuse');
    const id = `e2e-render-error-${Date.now()}`;
    const res = await fetch(`${web!.url}/account/orders`, { headers: { cookie: 'bs_session=not-a-session', 'x-request-id': id } });
    await res.text();
    proxy!.setMode('forward');
    // The page streams: the error shows in its error box (the status may already be sent as 200).
    expect(res.headers.get('x-request-id')).toBe(id);
    const parsed = () =>
      web!.lines.filter((line) => line.trim() !== '').map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          throw new Error(`web server line is not JSON: ${line}`);
        }
      });
    await waitFor('the render error in the log', () => parsed().some((e) => e.request_id === id && e.level === 50 && 'err' in e));
    const entries = parsed();
    expect(entries.length).toBeGreaterThan(10);
    for (const entry of entries) expect(entry).toMatchObject({ level: expect.any(Number), time: expect.any(Number), msg: expect.any(String) });
    // Next.js's own start-up line, which used to be plain text.
    expect(entries.some((e) => String(e.msg).includes('next.config'))).toBe(true);
    expect(entries.find((e) => e.request_id === id && e.level === 50 && 'err' in e)).toMatchObject({
      err: { message: expect.stringContaining('/api/v1/orders') },
    });
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

  // `npm run dev` gets what `npm start` gets: server/main.ts in development mode (socket client IP, request ids to
  // the backend, children watching the supervisor). Last: it needs the extra ports the servers above held.
  test('npm run dev: socket client IP, request ids to the backend, and no process left after SIGKILL of the supervisor', async () => {
    test.setTimeout(600_000);
    await Promise.all([stop(web), stop(backend)]);
    const devDir = mkdtempSync(path.join(tmpdir(), 'broker-dev-'));
    const webPort = EXTRA.web;
    const backendPort = EXTRA.backend;
    // A developer's shell: no NODE_ENV (start.mjs runs the web app in development mode and adds the local secrets),
    // only the two ports set: the web app's backend URLs and the backend's WEB_APP_URL follow them.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(webPort),
      BACKEND_PORT: String(backendPort),
      DATABASE_PATH: path.join(devDir, 'dev.sqlite'),
      LOG_LEVEL: 'info',
    };
    for (const name of ['NODE_ENV', 'BACKEND_HOST', 'BACKEND_API_URL', 'PRODUCTS_API_URL', 'WEB_APP_URL', 'PUSHER_WS_PORT']) delete env[name];
    const supervisor = spawn(process.execPath, ['scripts/start.mjs', '--dev'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: string[] = [];
    for (const stream of [supervisor.stdout, supervisor.stderr]) stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n')));
    const logged = (id: string, url: string) =>
      lines
        .map((line) => { try { return JSON.parse(line) as Record<string, unknown>; } catch { return null; } })
        .filter((entry) => entry?.request_id === id && entry.url === url);
    let children: number[] = [];
    try {
      await waitFor('the dev web server', async () => (await fromOtherLoopback(webPort, 'GET', '/healthz', {})).status === 200, 240_000);
      await waitFor('the backend', async () => (await fetch(`http://127.0.0.1:${backendPort}/healthz`)).status === 200, 60_000);

      // Development mode answers through server/main.ts: a request id is kept and returned.
      const health = await fromOtherLoopback(webPort, 'GET', '/healthz', { 'x-request-id': 'dev-health-1' });
      expect(health.headers['x-request-id']).toBe('dev-health-1');

      // The catalogue comes from the products host (PRODUCTS_API_URL), derived from BACKEND_PORT like the rest.
      const products = await fromOtherLoopback(webPort, 'GET', '/api/v1/products', {});
      expect(products.status, products.body).toBe(200);

      const xsrf = await fromOtherLoopback(webPort, 'GET', '/api/xsrf', {});
      const jar = new Map<string, string>();
      const keep = (answer: Answer) => {
        for (const cookie of answer.headers['set-cookie'] ?? []) {
          const [pair] = cookie.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
      };
      keep(xsrf);
      const token = decodeURIComponent(jar.get('XSRF-TOKEN') ?? '');
      expect(token).not.toBe('');
      const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

      const id = `dev-register-${Date.now()}`;
      const password = 'Parola-Test-2026';
      const registered = await fromOtherLoopback(
        webPort,
        'POST',
        '/api/v1/auth/register',
        {
          'content-type': 'application/json',
          origin: `http://localhost:${webPort}`,
          cookie: cookie(),
          'x-xsrf-token': token,
          'x-request-id': id,
          // Forged: under `next dev` the last X-Forwarded-For entry used to become the client IP.
          'x-forwarded-for': '203.0.113.66, 198.51.100.9',
          'x-client-ip': '203.0.113.67',
        },
        JSON.stringify({
          email: uniqueEmail('dev'), phone_number: '0722123456', last_name: 'Ionescu', first_name: 'Ana',
          password, password_confirmation: password, is_default_password: false, token: '',
        }),
      );
      expect(registered.status, registered.body).toBe(201);
      expect(registered.headers['x-request-id']).toBe(id);
      keep(registered);

      const sessions = await fromOtherLoopback(webPort, 'GET', '/api/v1/sessions', { cookie: cookie() });
      expect(sessions.status, sessions.body).toBe(200);
      const current = (JSON.parse(sessions.body) as { data: { is_current: boolean; ip: string }[] }).data.find((s) => s.is_current);
      expect(current?.ip).toBe(CLIENT_ADDRESS);

      // The id reached the backend: its log line of the BFF's call, and the web server's own line.
      await waitFor('both log lines of the request id', () => logged(id, '/api/v1/auth/register').length >= 2, 30_000);
      expect(logged(id, '/api/v1/auth/register')).toEqual(
        expect.arrayContaining([expect.objectContaining({ msg: 'request', status: 201, method: 'POST' })]),
      );

      // No orphans: SIGKILL of the supervisor ends the backend, the web server and whatever they started.
      children = descendants(supervisor.pid!);
      expect(children.length).toBeGreaterThanOrEqual(2);
      supervisor.kill('SIGKILL');
      await waitFor('both ports to be free', async () => (await portIsFree(webPort)) && (await portIsFree(backendPort)), 120_000);
      await waitFor('every process the supervisor started to exit', () => children.every((pid) => !alive(pid)), 120_000);
    } finally {
      if (supervisor.exitCode === null && supervisor.signalCode === null) supervisor.kill('SIGKILL');
      for (const pid of children) if (alive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(devDir, { recursive: true, force: true });
    }
  });
});
