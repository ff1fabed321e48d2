import type { PublicConfig } from '@/lib/config/env';
import { readXsrfToken } from '@/lib/api/xsrf';
import { emitRealtimeEvent, SITE_EVENTS, USER_EVENTS, type RealtimeEventMap, type RealtimeEventName } from './events';

/**
 * The one realtime connection of a tab (SPEC §4/§9, DESIGN.md "Realtime"): the public `site` channel for every
 * visitor (maintenance, product statuses) and, signed in, the user's private channel.
 * pusher-js is loaded with a dynamic import() here only, so it never lands in any page's first-load bundle.
 */
type PusherClient = import('pusher-js').default;

export const REALTIME_TIMEOUTS = { activityTimeout: 120000, pongTimeout: 30000, unavailableTimeout: 10000 } as const;

type PusherModule = { default: typeof import('pusher-js').default };

let loadPusher: () => Promise<PusherModule> = () => import('pusher-js');

/**
 * For tests: replace the pusher-js loader.
 * @testSeam
 */
export function setPusherLoader(loader: () => Promise<PusherModule>) {
  loadPusher = loader;
}

let client: PusherClient | null = null;
let pending: Promise<PusherClient | null> | null = null;
let pendingGeneration = -1;
let generation = 0;

export function pusherOptions(config: PublicConfig['pusher']) {
  const custom = config.wsHost !== '';
  return {
    cluster: config.cluster,
    forceTLS: config.forceTLS,
    ...(custom ? { wsHost: config.wsHost, wsPort: config.wsPort, wssPort: config.wsPort } : {}),
    enabledTransports: ['ws', 'wss'] as ('ws' | 'wss')[],
    ...REALTIME_TIMEOUTS,
    channelAuthorization: {
      endpoint: '/pusher/auth',
      transport: 'ajax' as const,
      headers: {},
      // Read at each authorisation so a renewed XSRF cookie is picked up.
      headersProvider: () => ({ 'X-XSRF-TOKEN': readXsrfToken() ?? '' }),
    },
  };
}

/** Connects once; later calls return the same client. `userId` null: a guest, the public channel only. */
export function connectRealtime(config: PublicConfig['pusher'], userId: number | null): Promise<PusherClient | null> {
  if (client) return Promise.resolve(client);
  // A pending connect from before a disconnect (React's strict-mode remount) must not be reused.
  if (pending && pendingGeneration === generation) return pending;
  const myGeneration = generation;
  pendingGeneration = myGeneration;
  const attempt: Promise<PusherClient | null> = loadPusher()
    .then(({ default: Pusher }) => {
      if (myGeneration !== generation || client) return client; // disconnected while loading, or already connected
      const pusher = new Pusher(config.key, pusherOptions(config));
      const bind = (channelName: string, events: readonly RealtimeEventName[]) => {
        const channel = pusher.subscribe(channelName);
        for (const name of events) {
          channel.bind(name, (data: RealtimeEventMap[typeof name]) => emitRealtimeEvent(name, data));
        }
        return channel;
      };
      if (userId !== null) {
        const userChannel = `private-user.${userId}`;
        bind(userChannel, USER_EVENTS).bind('pusher:subscription_succeeded', () =>
          emitRealtimeEvent('realtime.subscribed', { channel: userChannel }),
        );
      }
      bind('site', SITE_EVENTS);
      client = pusher;
      return pusher;
    })
    .catch((error: unknown) => {
      console.error('[realtime] could not connect', error);
      return null;
    })
    .finally(() => {
      if (pending === attempt) pending = null;
    });
  pending = attempt;
  return attempt;
}

export function disconnectRealtime(): void {
  generation += 1;
  client?.disconnect();
  client = null;
}
