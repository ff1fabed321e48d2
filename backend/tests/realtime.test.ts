import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PusherClient from 'pusher-js';
import PusherServer from 'pusher';
import WebSocket from 'ws';
import { ADMIN_HEADERS, client, login, startServer, TEST_SECRETS, WEB, otherCustomer, type Call, type TestServer } from './helpers';

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
    const token = await otherCustomer(call);
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

type Frame = { event: string; data: unknown; channel?: string };

/** A raw protocol socket: its frames as they arrive, and a wait for the next one matching `pick`. */
async function rawSocket(headers: Record<string, string> = {}) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/local-key?protocol=7`, { headers });
  const frames: Frame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw))));
  const wait = (pick: (f: Frame) => boolean, from = 0) =>
    once<Frame>((ok) => {
      const check = () => {
        const f = frames.slice(from).find(pick);
        if (f) ok(f);
        else setTimeout(check, 5);
      };
      check();
    });
  await wait((f) => f.event === 'pusher:connection_established');
  return { ws, frames, wait };
}

describe('Pusher protocol limits', () => {
  it('caps the channels one socket may hold: public names cannot grow the server\'s channel map without end', async () => {
    const { ws, frames, wait } = await rawSocket();
    const realtime = t.server.ctx.realtime;
    try {
      for (let i = 0; i < 150; i++) ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: `flood-${i}` } }));
      ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
      await wait((f) => f.event === 'pusher:pong');
      const succeeded = frames.filter((f) => f.event === 'pusher_internal:subscription_succeeded').length;
      expect(succeeded).toBe(100);
      expect(frames.filter((f) => f.event === 'pusher:error' && JSON.stringify(f.data).includes('Too many channels'))).toHaveLength(50);
      expect(realtime.subscriberCount('flood-99')).toBe(1);
      expect(realtime.subscriberCount('flood-100')).toBe(0);
      // re-subscribing a held channel is no new channel; leaving one frees its place
      ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'flood-5' } }));
      ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: { channel: 'flood-6' } }));
      const mark = frames.length;
      ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel: 'flood-120' } }));
      const next = await wait((f) => f.event === 'pusher_internal:subscription_succeeded' || f.event === 'pusher:error', mark + 1);
      expect(next).toMatchObject({ event: 'pusher_internal:subscription_succeeded', channel: 'flood-120' });
    } finally {
      ws.close();
    }
    await once<void>((ok) => {
      const check = () => (realtime.subscriberCount('flood-0') === 0 ? ok() : setTimeout(check, 5));
      check();
    });
  });

  it('caps the sockets one address may hold open', async () => {
    const open: WebSocket[] = [];
    try {
      for (let i = 0; i < 100; i++) open.push((await rawSocket()).ws);
      const refused = new WebSocket(`ws://127.0.0.1:${port}/app/local-key?protocol=7`);
      const status = await once<number>((ok) => refused.on('unexpected-response', (_req, res) => ok(res.statusCode ?? 0)));
      expect(status).toBe(429);
      // a closed socket gives its place back
      const closing = open.pop()!;
      await once<void>((ok) => { closing.on('close', () => ok()); closing.close(); });
      await once<void>((ok) => {
        const retry = () => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/app/local-key?protocol=7`);
          ws.on('open', () => { open.push(ws); ok(); });
          ws.on('unexpected-response', () => setTimeout(retry, 20));
        };
        retry();
      });
    } finally {
      for (const ws of open) ws.close();
    }
  });

  it('refuses an upgrade from another site\'s page (Origin), accepts the shop\'s and clients that send none', async () => {
    const foreign = new WebSocket(`ws://127.0.0.1:${port}/app/local-key?protocol=7`, { headers: { Origin: 'https://evil.example' } });
    const status = await once<number>((ok) => foreign.on('unexpected-response', (_req, res) => ok(res.statusCode ?? 0)));
    expect(status).toBe(403);
    for (const origin of [WEB, 'http://127.0.0.1:3000']) {
      const { ws } = await rawSocket({ Origin: origin });
      ws.close();
    }
    const other = new WebSocket(`ws://127.0.0.1:${port}/app/local-key?protocol=7`, { headers: { Origin: 'http://localhost:3999' } });
    expect(await once<number>((ok) => other.on('unexpected-response', (_req, res) => ok(res.statusCode ?? 0)))).toBe(403);
  });
});

describe('Pusher frames', () => {
  it('a frame that is valid JSON but no object (null, a number) gets pusher:error, and the server keeps serving', async () => {
    const { ws, frames, wait } = await rawSocket();
    try {
      for (const frame of ['null', '42', '"x"', '[]']) ws.send(frame);
      ws.send(JSON.stringify({ event: 'pusher:ping', data: {} }));
      await wait((f) => f.event === 'pusher:pong');
      expect(frames.filter((f) => f.event === 'pusher:error')).toHaveLength(4);
      expect((await call('GET', '/api/v1/maintenances/status')).status).toBe(200);
    } finally {
      ws.close();
    }
  });
});
