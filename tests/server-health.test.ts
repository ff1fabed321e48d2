// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** A backend that counts the calls it gets and answers each after 50 ms. */
let server: http.Server;
let base = '';
let calls = 0;
let status = 200;

type Module = typeof import('@/server/health');
let health: Module;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    calls += 1;
    setTimeout(() => {
      res.statusCode = status;
      res.end('{"data":{"is_active":false}}');
    }, 50);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubEnv('BACKEND_MAX_CONCURRENCY', '4');
  health = await import('@/server/health');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** What sendHealth wrote: status and parsed body. */
function fakeResponse() {
  const answer = { status: 0, body: null as unknown };
  const response = {
    set statusCode(value: number) {
      answer.status = value;
    },
    setHeader() {},
    end(text: string) {
      answer.body = JSON.parse(text);
    },
  } as unknown as ServerResponse;
  return { answer, response };
}

async function probe() {
  const { answer, response } = fakeResponse();
  await health.sendHealth('readyz', response, { draining: false, backendUrl: base });
  return answer;
}

describe('/readyz', () => {
  it('answers a flood of probes from one backend call, then asks again once the answer is a second old', async () => {
    calls = 0;
    const answers = await Promise.all(Array.from({ length: 50 }, probe));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(calls).toBe(1);
    expect((await probe()).status).toBe(200);
    expect(calls).toBe(1);

    status = 500;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const failing = await probe();
    expect(calls).toBe(2);
    expect(failing).toEqual({ status: 503, body: { status: 'not_ready', checks: { backend: { ok: false, detail: 'HTTP 500' } } } });
    status = 200;
  });

  it('is 503 at once while draining, without asking the backend', async () => {
    calls = 0;
    const { answer, response } = fakeResponse();
    await health.sendHealth('readyz', response, { draining: true, backendUrl: base });
    expect(answer).toEqual({ status: 503, body: { status: 'not_ready', checks: { draining: { ok: false } } } });
    expect(calls).toBe(0);
  });
});
