import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import PusherServer from 'pusher';
import WebSocket from 'ws';
import { client, DEMO_PASSWORD, login, startServer, TEST_SECRETS, type Call, type TestServer } from './helpers';

/**
 * A private channel is the user's orders and policies (a Policy carries the quote input: the owner's CNP, the
 * address). Its subscription is authorised by one session; when that session ends (logout, "end the other
 * sessions", a password change or reset, the account deleted), the socket must stop receiving the channel.
 */
let t: TestServer;
let call: Call;
let port: number;

beforeAll(async () => {
  t = await startServer();
  call = client(t.url);
  port = Number(new URL(t.url).port);
});
afterAll(() => t.close());

type Frame = { event: string; data: unknown; channel?: string };

function within<T>(register: (resolve: (v: T) => void) => void, ms = 3000): Promise<T | 'timeout'> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    register((v) => { clearTimeout(timer); resolve(v); });
  });
}

/** A raw Pusher socket subscribed to the user's private channel with `token`'s authorisation. */
async function subscribedSocket(token: string, userId: number) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/local-key?protocol=7`);
  const frames: Frame[] = [];
  let closeCode: number | null = null;
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw))));
  ws.on('close', (code) => { closeCode = code; });
  const wait = (pick: (f: Frame) => boolean, from = 0, ms = 3000) =>
    within<Frame>((ok) => {
      const check = () => {
        const f = frames.slice(from).find(pick);
        if (f) ok(f);
        else setTimeout(check, 5);
      };
      check();
    }, ms);
  const established = await wait((f) => f.event === 'pusher:connection_established');
  if (established === 'timeout') throw new Error('no connection');
  const socketId = JSON.parse(established.data as string).socket_id as string;
  const channel = `private-user.${userId}`;
  const auth = await call('POST', '/pusher/auth', { token, body: { socket_id: socketId, channel_name: channel } });
  expect(auth.status).toBe(200);
  ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: auth.body.auth } }));
  expect(await wait((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === channel)).not.toBe('timeout');
  return { ws, frames, wait, channel, closed: () => closeCode };
}

const sdk = () => new PusherServer({ appId: 'local-app', key: 'local-key', secret: TEST_SECRETS.PUSHER_SECRET, host: '127.0.0.1', port: String(port), useTLS: false });

async function register(email: string): Promise<{ token: string; id: number }> {
  const res = await call('POST', '/api/v1/auth/register', {
    body: { email, phone_number: '0722000555', first_name: 'Radu', last_name: 'Negru', password: 'Parola-Canal-31', password_confirmation: 'Parola-Canal-31', is_default_password: false, token: '' },
  });
  expect(res.status).toBe(201);
  return { token: res.body.data.access_token, id: res.body.data.user.id };
}

describe('a private channel outlives no session', () => {
  it('still delivers while the authorising session lasts', async () => {
    const token = await login(call, 'client@exemplu.ro', DEMO_PASSWORD);
    const me = (await call('GET', '/api/v1/auth/user', { token })).body.data;
    const s = await subscribedSocket(token, me.id);
    try {
      const mark = s.frames.length;
      await sdk().trigger(s.channel, 'policy.issued', { id: 1 });
      expect(await s.wait((f) => f.event === 'policy.issued', mark)).not.toBe('timeout');
    } finally {
      s.ws.close();
    }
  });

  it('a socket authorised by a session the owner ended elsewhere gets none of the owner\'s later events', async () => {
    const { token: stolen, id } = await register('canal.sesiune@exemplu.ro');
    const s = await subscribedSocket(stolen, id);
    try {
      // The owner, on another device, ends every other session (the security page's "end the other sessions").
      const owner = await login(call, 'canal.sesiune@exemplu.ro', 'Parola-Canal-31');
      expect((await call('POST', '/api/v1/sessions/revoke-others', { token: owner })).status).toBe(200);
      expect((await call('GET', '/api/v1/auth/user', { token: stolen })).status).toBe(401);

      const mark = s.frames.length;
      await sdk().trigger(s.channel, 'policy.issued', { id: 7, input: { owner: { cnp: '1850615400011' } } });
      expect(await s.wait((f) => f.event === 'policy.issued', mark, 1000)).toBe('timeout');
      // The socket is told its authorisation ended (Pusher's 4009 "connection is unauthorized": pusher-js does not reconnect).
      expect(await within<number | null>((ok) => { const c = () => (s.closed() !== null ? ok(s.closed()) : setTimeout(c, 5)); c(); })).toBe(4009);
    } finally {
      s.ws.close();
    }
  });

  it('the same after logout', async () => {
    const { token, id } = await register('canal.logout@exemplu.ro');
    const s = await subscribedSocket(token, id);
    try {
      expect((await call('POST', '/api/v1/auth/logout', { token })).status).toBe(200);
      const mark = s.frames.length;
      await sdk().trigger(s.channel, 'order.updated', { id: 3 });
      expect(await s.wait((f) => f.event === 'order.updated', mark, 1000)).toBe('timeout');
    } finally {
      s.ws.close();
    }
  });

  it('the same when the account is deleted', async () => {
    const { token, id } = await register('canal.sters@exemplu.ro');
    const s = await subscribedSocket(token, id);
    try {
      expect((await call('PUT', `/dev/users/${encodeURIComponent('canal.sters@exemplu.ro')}`, { body: { is_deleted: true } })).status).toBe(200);
      const mark = s.frames.length;
      await sdk().trigger(s.channel, 'order.updated', { id: 4 });
      expect(await s.wait((f) => f.event === 'order.updated', mark, 1000)).toBe('timeout');
    } finally {
      s.ws.close();
    }
  });

  it('an authorisation signed for a session that ended before the socket subscribed opens nothing', async () => {
    const { token, id } = await register('canal.intarziat@exemplu.ro');
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/local-key?protocol=7`);
    const frames: Frame[] = [];
    ws.on('message', (raw) => frames.push(JSON.parse(String(raw))));
    try {
      const established = await within<Frame>((ok) => ws.on('message', (raw) => {
        const f = JSON.parse(String(raw)) as Frame;
        if (f.event === 'pusher:connection_established') ok(f);
      }));
      if (established === 'timeout') throw new Error('no connection');
      const socketId = JSON.parse(established.data as string).socket_id as string;
      const channel = `private-user.${id}`;
      const auth = await call('POST', '/pusher/auth', { token, body: { socket_id: socketId, channel_name: channel } });
      expect(auth.status).toBe(200);
      expect((await call('POST', '/api/v1/auth/logout', { token })).status).toBe(200);
      ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth: auth.body.auth } }));
      const answer = await within<Frame>((ok) => {
        const check = () => {
          const f = frames.find((x) => x.event === 'pusher:error' || x.event === 'pusher_internal:subscription_succeeded');
          if (f) ok(f);
          else setTimeout(check, 5);
        };
        check();
      });
      expect(answer).toMatchObject({ event: 'pusher:error' });
      expect(t.server.ctx.realtime.subscriberCount(channel)).toBe(0);
    } finally {
      ws.close();
    }
  });
});
