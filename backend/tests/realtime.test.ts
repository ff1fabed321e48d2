import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PusherClient from 'pusher-js';
import PusherServer from 'pusher';
import WebSocket from 'ws';
import { ADMIN_HEADERS, client, login, startServer, TEST_SECRETS, type Call, type TestServer } from './helpers';

let t: TestServer;
let call: Call;
let port: number;

beforeAll(async () => {
  t = await startServer();
  call = client(t.url);
  port = Number(new URL(t.url).port);
});
afterAll(() => t.close());

function pusherClient(token: string) {
  return new PusherClient('local-key', {
    cluster: 'eu',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: { endpoint: `${t.url}/pusher/auth`, transport: 'ajax', headers: { Authorization: `Bearer ${token}` } },
  });
}

const sdk = () => new PusherServer({ appId: 'local-app', key: 'local-key', secret: TEST_SECRETS.PUSHER_SECRET, host: '127.0.0.1', port: String(port), useTLS: false });

function once<T>(register: (resolve: (v: T) => void, reject: (e: unknown) => void) => void, ms = 5000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    register((v) => { clearTimeout(timer); resolve(v); }, (e) => { clearTimeout(timer); reject(e); });
  });
}

describe('Pusher protocol', () => {
  it('pusher-js authorises its own private channel and receives an event from the pusher SDK', async () => {
    const token = await login(call, 'client@exemplu.ro');
    const me = (await call('GET', '/api/v1/auth/user', { token })).body.data;
    const pusher = pusherClient(token);
    try {
      const channel = pusher.subscribe(`private-user.${me.id}`);
      await once<void>((ok, fail) => {
        channel.bind('pusher:subscription_succeeded', () => ok());
        channel.bind('pusher:subscription_error', (e: unknown) => fail(e));
      });
      const received = once<unknown>((ok) => channel.bind('order.updated', ok));
      await sdk().trigger(`private-user.${me.id}`, 'order.updated', { id: 42, status: 'paid' });
      expect(await received).toEqual({ id: 42, status: 'paid' });

      // another user's channel is refused by /pusher/auth
      const foreign = pusher.subscribe(`private-user.${me.id + 1}`);
      const err = await once<{ status: number }>((ok) => foreign.bind('pusher:subscription_error', ok));
      expect(err.status).toBe(403);

      // internal publishing reaches the same subscribers (public site channel)
      const site = pusher.subscribe('site');
      await once<void>((ok) => site.bind('pusher:subscription_succeeded', () => ok()));
      const changed = once<unknown>((ok) => site.bind('maintenance.changed', ok));
      await call('POST', '/admin/maintenance', { headers: ADMIN_HEADERS, body: { is_active: true } });
      expect(await changed).toEqual({ is_active: true });
      await call('POST', '/admin/maintenance', { headers: ADMIN_HEADERS, body: { is_active: false } });
    } finally {
      pusher.disconnect();
    }
  });

  it('/pusher/auth signs only the bearer\'s own channel, form-urlencoded or JSON', async () => {
    const token = await login(call, 'obligatoriu2fa@exemplu.ro');
    const me = (await call('GET', '/api/v1/auth/user', { token })).body.data;
    const form = new URLSearchParams({ socket_id: '123.456', channel_name: `private-user.${me.id}` });
    const res = await call('POST', '/pusher/auth', { token, form });
    expect(res.status).toBe(200);
    expect(res.body.auth).toMatch(/^local-key:[0-9a-f]{64}$/);
    const json = await call('POST', '/pusher/auth', { token, body: { socket_id: '123.456', channel_name: `private-user.${me.id}` } });
    expect(json.body.auth).toBe(res.body.auth);
    expect((await call('POST', '/pusher/auth', { token, body: { socket_id: '123.456', channel_name: 'private-user.1' } })).status).toBe(403);
    expect((await call('POST', '/pusher/auth', { body: { socket_id: '123.456', channel_name: `private-user.${me.id}` } })).status).toBe(401);
  });

  it('speaks the raw protocol: connection_established, ping/pong, bad auth → pusher:error', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/local-key?protocol=7&client=js&version=8.4.0`);
    const messages: { event: string; data: unknown; channel?: string }[] = [];
    const next = (event: string) => once<{ event: string; data: unknown }>((ok) => {
      const check = () => {
        const m = messages.find((x) => x.event === event);
        if (m) ok(m);
        else setImmediate(check);
      };
      check();
    });
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    try {
      const established = await next('pusher:connection_established');
      const data = JSON.parse(established.data as string);
      expect(data).toMatchObject({ socket_id: expect.stringMatching(/^\d+\.\d+$/), activity_timeout: 120 });
      ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
      await next('pusher:pong');
      ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'private-user.1', auth: 'local-key:deadbeef' } }));
      const error = await next('pusher:error');
      expect(error.data).toMatchObject({ message: expect.stringContaining('Invalid signature') });
      ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'site' } }));
      await next('pusher_internal:subscription_succeeded');
    } finally {
      ws.close();
    }
    const wrongKey = new WebSocket(`ws://127.0.0.1:${port}/app/other-key?protocol=7`);
    const code = await once<number>((ok) => wrongKey.on('close', (c) => ok(c)));
    expect(code).toBe(4001);
  });

  it('refuses trigger calls with a bad signature', async () => {
    const bad = new PusherServer({ appId: 'local-app', key: 'local-key', secret: 'wrong', host: '127.0.0.1', port: String(port), useTLS: false });
    await expect(bad.trigger('site', 'x', {})).rejects.toMatchObject({ status: 401 });
  });
});

describe('Pusher upgrade paths', () => {
  it('a malformed percent-encoding in the app key is refused, and the server keeps serving', async () => {
    const bad = new WebSocket(`ws://127.0.0.1:${port}/app/%E0%A4%A?protocol=7`);
    const status = await once<number>((ok) => {
      bad.on('unexpected-response', (_req, res) => ok(res.statusCode ?? 0));
      bad.on('error', () => ok(-1));
    });
    expect(status).toBe(404);
    expect((await call('GET', '/api/v1/maintenances/status')).status).toBe(200);
  });
});
