import { describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import { startServer } from './helpers';

/**
 * SIGTERM (backend/src/main.ts): the backend drains. A request that still arrives on an open keep-alive
 * connection (the web app's BFF keeps its connections to the backend open) is refused with the contract's error
 * body, a Romanian message and Retry-After, never Fastify's own English `{"error":"Service Unavailable"}`; the
 * connection is closed after it, so the caller's retry opens a new one (to another process, or this one restarted).
 */

/** The HTTP answers in `raw` (read as latin1: one character per byte), split into status, headers and body. */
function answersOf(raw: string) {
  const answers: { status: number; headers: Record<string, string>; body: string }[] = [];
  let rest = raw;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd < 0) break;
    const [statusLine, ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    const body = rest.slice(headEnd + 4, headEnd + 4 + length);
    if (body.length < length) break;
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: Buffer.from(body, 'latin1').toString('utf8') });
    rest = rest.slice(headEnd + 4 + length);
  }
  return answers;
}

function rawClient(url: string): Promise<{ socket: Socket; text: () => string; closed: Promise<void> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve({ socket, text: () => raw, closed }));
    let raw = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (raw += chunk));
    socket.on('error', reject);
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
  });
}

describe('a draining backend', () => {
  it('answers a request on an open keep-alive connection with 503, its error body in Romanian and Retry-After', async () => {
    const t = await startServer({}, undefined, { workers: false });
    const client = await rawClient(t.url);
    try {
      // The connection is busy (a slow call) when the drain starts, so it stays open; the next request on it
      // arrives during the drain.
      t.server.ctx.delayNext.set('/api/v1/faq', { ms: 400, times: 1 });
      client.socket.write('GET /api/v1/faq HTTP/1.1\r\nHost: api\r\n\r\n');
      await new Promise((resolve) => setTimeout(resolve, 100));
      // What main.ts does on SIGTERM.
      t.server.ctx.lifecycle.draining = true;
      const closing = t.server.close();
      client.socket.write('GET /api/v1/insurers HTTP/1.1\r\nHost: api\r\n\r\n');
      await client.closed;
      await closing;

      const [first, second] = answersOf(client.text());
      expect(first.status).toBe(200);
      expect(second, client.text()).toBeDefined();
      expect(second.status).toBe(503);
      expect(second.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(second.headers.connection).toBe('close');
      expect(second.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(second.body)).toEqual({
        error: { code: 'service_draining', message: expect.any(String), pretty_message: expect.stringMatching(/încercați din nou/i) },
      });
    } finally {
      client.socket.destroy();
      await t.close();
    }
  });

  it('still answers its health checks on an open connection: /readyz 503 draining, /healthz 200', async () => {
    const t = await startServer({}, undefined, { workers: false });
    try {
      t.server.ctx.lifecycle.draining = true;
      const ready = await fetch(`${t.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: 'not_ready', checks: { draining: { ok: false } } });
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
      const api = await fetch(`${t.url}/api/v1/insurers`);
      expect(api.status).toBe(503);
      expect(((await api.json()) as { error: { code: string } }).error.code).toBe('service_draining');
    } finally {
      await t.close();
    }
  });
});
