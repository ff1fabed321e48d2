import { beforeEach, describe, expect, it } from 'vitest';

const instances: FakePusher[] = [];
class FakePusher {
  subscriptions = new Map<string, Map<string, (data: unknown) => void>>();
  disconnected = false;
  constructor(
    public key: string,
    public options: Record<string, unknown>,
  ) {
    instances.push(this);
  }
  subscribe(name: string) {
    const handlers = new Map<string, (data: unknown) => void>();
    this.subscriptions.set(name, handlers);
    return { bind: (event: string, handler: (data: unknown) => void) => handlers.set(event, handler) };
  }
  disconnect() {
    this.disconnected = true;
  }
}
const { connectRealtime, disconnectRealtime, setPusherLoader } = await import('@/lib/realtime/connection');
setPusherLoader(async () => ({ default: FakePusher as never }));
const { onRealtimeEvent } = await import('@/lib/realtime/events');

const pusherConfig = { key: 'local-key', cluster: 'eu', wsHost: '127.0.0.1', wsPort: 4000, forceTLS: false };

beforeEach(() => {
  disconnectRealtime();
  instances.length = 0;
});

describe('realtime connection', () => {
  it('connects once, subscribes the private user channel and the site channel', async () => {
    const [a, b] = await Promise.all([connectRealtime(pusherConfig, 7), connectRealtime(pusherConfig, 7)]);
    expect(a).toBe(b);
    expect(instances).toHaveLength(1);
    expect(instances[0].key).toBe('local-key');
    expect([...instances[0].subscriptions.keys()]).toEqual(['private-user.7', 'site']);
    expect([...instances[0].subscriptions.get('private-user.7')!.keys()]).toEqual(['order.updated', 'payment.updated', 'policy.issued', 'pusher:subscription_succeeded']);
    expect([...instances[0].subscriptions.get('site')!.keys()]).toEqual(['maintenance.changed', 'product-statuses.updated']);
    await connectRealtime(pusherConfig, 7);
    expect(instances).toHaveLength(1);
  });

  it('events reach the bus', async () => {
    await connectRealtime(pusherConfig, 7);
    const seen: unknown[] = [];
    const stop = onRealtimeEvent('order.updated', (d) => seen.push(d));
    instances[0].subscriptions.get('private-user.7')!.get('order.updated')!({ id: 1, status: 'paid' });
    stop();
    instances[0].subscriptions.get('private-user.7')!.get('order.updated')!({ id: 2, status: 'paid' });
    expect(seen).toEqual([{ id: 1, status: 'paid' }]);
  });

  it('connect, disconnect, connect (strict-mode remount) ends connected with one live client', async () => {
    const first = connectRealtime(pusherConfig, 7);
    disconnectRealtime();
    const second = connectRealtime(pusherConfig, 7);
    await Promise.all([first, second]);
    expect(instances.filter((p) => !p.disconnected)).toHaveLength(1);
  });

  it('disconnect closes the connection (logout)', async () => {
    await connectRealtime(pusherConfig, 7);
    disconnectRealtime();
    expect(instances[0].disconnected).toBe(true);
  });
});
