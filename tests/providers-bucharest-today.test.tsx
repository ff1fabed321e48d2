import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BucharestTodayProvider, useBucharestToday } from '@/components/providers/bucharest-today';
// Loaded up front: the provider imports it on demand when the day changes, and the fake clock does not wait for I/O.
import { bucharestDayAt } from '@/lib/time';
import type { BucharestDay } from '@/contract/day';

function Today() {
  return <p data-testid="today">{useBucharestToday()}</p>;
}

function renderAt(value: BucharestDay) {
  return render(
    <BucharestTodayProvider value={value}>
      <Today />
    </BucharestTodayProvider>,
  );
}

/** Moves the fake clock on, runs the timers that are due and waits for the provider's on-demand import. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    await vi.dynamicImportSettled();
  });
}

const shown = () => screen.getByTestId('today').textContent;

describe('useBucharestToday', () => {
  it("returns the provider's day", () => {
    const { result } = renderHook(() => useBucharestToday(), {
      wrapper: ({ children }) => (
        <BucharestTodayProvider value={{ day: '2026-03-29', nextDayAt: Date.now() + 3_600_000 }}>{children}</BucharestTodayProvider>
      ),
    });
    expect(result.current).toBe('2026-03-29');
  });

  it('needs the provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useBucharestToday())).toThrow(/BucharestTodayProvider/);
  });
});

describe('BucharestTodayProvider on a page left open', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('moves to the next day at midnight in Bucharest, the 23-hour day of the spring change included', async () => {
    // 23:59 on 28 March in Bucharest (UTC+2).
    vi.setSystemTime(new Date('2026-03-28T21:59:00Z'));
    renderAt(bucharestDayAt(new Date()));
    expect(shown()).toBe('2026-03-28');
    await advance(59_000);
    expect(shown()).toBe('2026-03-28');
    await advance(1_000);
    expect(shown()).toBe('2026-03-29');
    // Clocks go forward that night: the next midnight comes 23 hours later (21:00 UTC, UTC+3).
    await advance(23 * 3_600_000 - 1_000);
    expect(shown()).toBe('2026-03-29');
    await advance(1_000);
    expect(shown()).toBe('2026-03-30');
  });

  it('waits again when the timer fires before the day has changed', async () => {
    vi.setSystemTime(new Date('2026-03-28T21:59:00Z'));
    renderAt(bucharestDayAt(new Date()));
    // The clock is set back 30 s: the one-minute timer now fires at 23:59:30.
    vi.setSystemTime(new Date('2026-03-28T21:58:30Z'));
    await advance(60_000);
    expect(shown()).toBe('2026-03-28');
    await advance(29_000);
    expect(shown()).toBe('2026-03-28');
    await advance(1_000);
    expect(shown()).toBe('2026-03-29');
  });

  it("follows this browser's clock when the server's midnight comes early", async () => {
    vi.setSystemTime(new Date('2026-10-24T20:00:00Z'));
    // The server clock is a minute ahead: its midnight (UTC+3 until 25 October) comes a minute early here.
    const server = bucharestDayAt(new Date('2026-10-24T20:59:00Z'));
    renderAt({ day: server.day, nextDayAt: server.nextDayAt - 60_000 });
    await advance(59 * 60_000);
    expect(shown()).toBe('2026-10-24');
    await advance(60_000);
    expect(shown()).toBe('2026-10-25');
  });

  it('checks when the page is shown again (timers stop while the device sleeps)', async () => {
    vi.setSystemTime(new Date('2026-07-15T12:00:00Z'));
    renderAt(bucharestDayAt(new Date()));
    expect(shown()).toBe('2026-07-15');
    // The clock jumps a day ahead without the timer firing, as after a night in sleep.
    vi.setSystemTime(new Date('2026-07-16T06:00:00Z'));
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.dynamicImportSettled();
    });
    expect(shown()).toBe('2026-07-16');
  });

  it('keeps the day it moved to over an older one from the server, and takes a newer one', async () => {
    vi.setSystemTime(new Date('2026-03-28T21:59:00Z'));
    const first = bucharestDayAt(new Date());
    const view = renderAt(first);
    await advance(60_000);
    expect(shown()).toBe('2026-03-29');
    const again = (value: BucharestDay) =>
      view.rerender(
        <BucharestTodayProvider value={value}>
          <Today />
        </BucharestTodayProvider>,
      );
    // The layout's props are still those of the first render.
    again({ ...first });
    expect(shown()).toBe('2026-03-29');
    // The layout rendered again (router.refresh) with a later day.
    again(bucharestDayAt(new Date('2026-03-30T12:00:00Z')));
    expect(shown()).toBe('2026-03-30');
  });
});
