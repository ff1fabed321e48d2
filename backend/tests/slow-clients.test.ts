import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { startServer, type TestServer } from './helpers';

/**
 * Slow clients (slowloris): a request whose headers or body never finish must not hold its connection open for
 * ever. The backend is reached by browsers directly too (realtime, the payment processor's pages).
 */
let t: TestServer;
beforeAll(async () => {
  t = await startServer({ BACKEND_REQUEST_TIMEOUT_MS: '1000' });
});
afterAll(() => t.close());

/** Sends `text` and never finishes the request; resolves with what the server answered and how long it held on. */
function stall(text: string, giveUpMs = 6000): Promise<{ closed: boolean; answer: string; ms: number }> {
  const url = new URL(t.url);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(Number(url.port), url.hostname, () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += String(chunk)));
    socket.on('error', () => undefined);
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ closed: false, answer, ms: Date.now() - started });
    }, giveUpMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ closed: true, answer, ms: Date.now() - started });
    });
  });
}

describe('slow clients', () => {
  it('a body that never arrives ends the request after BACKEND_REQUEST_TIMEOUT_MS', async () => {
    const result = await stall('POST /api/v1/contact-messages HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    expect(result.closed).toBe(true);
    expect(result.answer).toMatch(/^HTTP\/1\.1 408/);
  }, 10_000);

  it('headers that never end are cut too', async () => {
    const result = await stall('GET /api/v1/faq HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n');
    expect(result.closed).toBe(true);
  }, 10_000);
});

describe('slow clients, default settings', () => {
  it('the backend bounds every request (60 s), where Fastify alone has no limit', async () => {
    const d = await startServer();
    try {
      expect(d.config.requestTimeoutMs).toBe(60_000);
      expect(d.server.app.server.requestTimeout).toBe(60_000);
      expect(d.server.app.server.headersTimeout).toBeLessThanOrEqual(60_000);
    } finally {
      await d.close();
    }
  });
});
