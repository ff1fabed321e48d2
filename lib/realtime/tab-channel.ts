/**
 * Messages between the open tabs of this browser: activity (inactivity timer) and logout.
 * BroadcastChannel where available, otherwise localStorage `storage` events.
 */
export type TabMessage = { type: 'logout'; reason: 'inactivity' | 'unauthorized' | 'manual' | 'sign-in-again' } | { type: 'activity'; at: number };

const CHANNEL = 'bs-tabs';
const STORAGE_KEY = 'bs:tab-message';

let channel: BroadcastChannel | null | undefined;

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  return channel;
}

export function postTabMessage(message: TabMessage): void {
  if (typeof window === 'undefined') return;
  const bc = getChannel();
  if (bc) {
    bc.postMessage(message);
    return;
  }
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...message, nonce: Math.random() }));
  } catch {
    /* storage full or disabled: other tabs will not follow */
  }
}

export function onTabMessage(handler: (message: TabMessage) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const bc = getChannel();
  if (bc) {
    const listener = (event: MessageEvent<TabMessage>) => handler(event.data);
    bc.addEventListener('message', listener);
    return () => bc.removeEventListener('message', listener);
  }
  const listener = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY || !event.newValue) return;
    try {
      handler(JSON.parse(event.newValue) as TabMessage);
    } catch {
      /* ignore */
    }
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/**
 * For tests: forget the channel.
 * @testSeam
 */
export function resetTabChannel() {
  channel?.close();
  channel = undefined;
}
