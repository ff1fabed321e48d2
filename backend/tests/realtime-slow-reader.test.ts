import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import { startServer, type TestServer } from './helpers';

/**
 * A socket that sends frames but never reads its answers: every answer (pong, error) waited in the server's memory,
 * without limit, for as long as the client kept sending. The server now drops a socket that stopped reading once
 * more than REALTIME_MAX_BUFFERED_BYTES wait for it.
 */
let t: TestServer;
let port: number;

beforeAll(async () => {
  t = await startServer();
  port = Number(new URL(t.url).port);
});
afterAll(() => t.close());

describe('a realtime client that never reads', () => {
  it('is disconnected once its unread answers pass the bound, instead of growing the server', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/local-key?protocol=7&client=js&version=8.4.0`);
    await new Promise<void>((resolve, reject) => {
      ws.once('message', () => resolve());
      ws.once('error', reject);
    });
    const raw = (ws as unknown as { _socket: Socket })._socket;
    raw.pause();
    // Each frame is answered by an error of about 330 bytes: 40 MB of answers, far past any socket buffer.
    const frame = JSON.stringify({ event: 'pusher:subscribe', data: { channel: `private-${'x'.repeat(190)}`, auth: 'k:0' } });
    let received = 0;
    ws.on('message', () => { received += 1; });
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    const frames = 120_000;
    for (let i = 0; i < frames; i++) {
      if (ws.readyState !== WebSocket.OPEN) break;
      ws.send(frame);
      if (i % 2000 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    await new Promise((r) => setTimeout(r, 500));
    raw.resume();
    const code = await Promise.race([closed, new Promise<string>((r) => setTimeout(() => r('still open'), 10_000))]);
    expect(code).not.toBe('still open');
    expect(received).toBeLessThan(frames);
  }, 60_000);
});
