// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The backend starts an answer the BFF reads whole (sign-in's token, a two-factor verification, a 403) and then
 * breaks it: the connection drops after half the body, or the body stalls past BACKEND_TIMEOUT_MS. The BFF must
 * answer like any failed backend call (502 / 504 with the Romanian error body and the request id), not throw out
 * of the route handler (Next.js's empty 500, an error log line with a stack).
 */
let mode: 'cut' | 'stall' = 'cut';
const backend = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const body = JSON.stringify({ data: { access_token: 'secret-token', user: { id: 5 } }, padding: 'x'.repeat(4000) });
    res.writeHead(req.url?.includes('verify-code') ? 200 : req.url?.includes('orders') ? 403 : 200, {
      'content-type': 'application/json',
      'content-length': String(body.length),
    });
    res.write(body.slice(0, body.length >> 1));
    if (mode === 'cut') setTimeout(() => res.socket?.destroy(), 20);
  });
});

const APP = 'http://localhost:3000';
let forwardApiRequest: typeof import('@/lib/bff/forward').forwardApiRequest;

beforeAll(async () => {
  await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(backend.address() as AddressInfo).port}`;
  process.env.BACKEND_API_URL = url;
  process.env.PRODUCTS_API_URL = url;
  process.env.WEB_APP_URL = APP;
  process.env.SESSION_SECRET = 'test-secret-0123456789abcdef';
  process.env.BACKEND_TIMEOUT_MS = '400';
  ({ forwardApiRequest } = await import('@/lib/bff/forward'));
});

afterAll(async () => {
  delete process.env.BACKEND_TIMEOUT_MS;
  backend.closeAllConnections();
  await new Promise((resolve) => backend.close(resolve));
});

function req(path: string, method = 'POST') {
  const headers: Record<string, string> = {
    cookie: 'XSRF-TOKEN=x1; bs_session=tok',
    host: 'localhost:3000',
    'x-client-ip': '203.0.113.9',
    'x-request-id': 'cut-answer-1',
    ...(method === 'GET' ? {} : { 'x-xsrf-token': 'x1', 'content-type': 'application/json' }),
  };
  return new Request(`${APP}/api/v1/${path}`, { method, body: method === 'GET' ? undefined : '{}', headers });
}

describe('an answer the BFF reads whole, broken by the backend', () => {
  it.each([
    ['cut', 'auth/login', 'POST', 502, 'backend_unreachable'],
    ['cut', 'auth/two-factor/verify-code', 'POST', 502, 'backend_unreachable'],
    ['cut', 'orders/4', 'GET', 502, 'backend_unreachable'],
    ['stall', 'auth/login', 'POST', 504, 'backend_timeout'],
  ] as const)('%s %s %s: %s with the Romanian error body, no session cookie', async (how, path, method, status, code) => {
    mode = how;
    const res = await forwardApiRequest(req(path, method), path.split('/'));
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: { code: string; pretty_message: string } };
    expect(body.error.code).toBe(code);
    expect(body.error.pretty_message).toMatch(/^Serviciul /);
    expect(res.headers.get('x-request-id')).toBe('cut-answer-1');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('bs_session=secret-token'))).toBe(false);
  });
});
