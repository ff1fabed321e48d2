import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';

const connectRealtime = vi.fn();
const disconnectRealtime = vi.fn();
vi.mock('@/lib/realtime/connection', () => ({
  connectRealtime: (...args: unknown[]) => connectRealtime(...args),
  disconnectRealtime: () => disconnectRealtime(),
}));

const { RealtimeConnector } = await import('@/components/providers/realtime-connector');

const pusher = { key: 'local-key', cluster: 'eu', wsHost: '127.0.0.1', wsPort: 4000, forceTLS: false };

beforeEach(() => {
  vi.useFakeTimers();
  connectRealtime.mockReset();
  disconnectRealtime.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

// jsdom has no requestIdleCallback: "when idle" is the next task there.
describe('RealtimeConnector: when a guest connects (issue 17: never during the page load)', () => {
  it('a guest who does nothing: 10 s after the page started, once', async () => {
    render(<RealtimeConnector pusher={pusher} userId={null} />);
    vi.advanceTimersByTime(9_999);
    expect(connectRealtime).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    // The idle callback (a timer scheduled from within the 10 s one).
    vi.runOnlyPendingTimers();
    // The connection module loads then (not with the page).
    await vi.dynamicImportSettled();
    expect(connectRealtime).toHaveBeenCalledTimes(1);
    expect(connectRealtime).toHaveBeenCalledWith(pusher, null);
    vi.advanceTimersByTime(60_000);
    expect(connectRealtime).toHaveBeenCalledTimes(1);
  });

  it('a guest who interacts: at the first interaction, once', async () => {
    render(<RealtimeConnector pusher={pusher} userId={null} />);
    vi.advanceTimersByTime(2_000);
    expect(connectRealtime).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(0);
    await vi.dynamicImportSettled();
    expect(connectRealtime).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(20_000);
    await vi.dynamicImportSettled();
    expect(connectRealtime).toHaveBeenCalledTimes(1);
  });

  it('a guest who leaves before it is due: no connection', async () => {
    const view = render(<RealtimeConnector pusher={pusher} userId={null} />);
    view.unmount();
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(20_000);
    await vi.dynamicImportSettled();
    expect(connectRealtime).not.toHaveBeenCalled();
  });

  it('a signed-in customer connects at once, with the user channel', async () => {
    render(<RealtimeConnector pusher={pusher} userId={7} />);
    await vi.dynamicImportSettled();
    expect(connectRealtime).toHaveBeenCalledWith(pusher, 7);
  });
});
