import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const notify = vi.hoisted(() => ({ info: vi.fn<(content: unknown, options?: Record<string, unknown>) => Promise<void>>() }));
vi.mock('@/lib/toast', () => ({ notify }));

const { BUILD_POLL_MS, DeployGuards } = await import('@/components/providers/deploy-guards');

let deployed = 'build-a';
const fetchMock = vi.fn(async () => Response.json({ buildId: deployed }));

beforeEach(() => {
  vi.useFakeTimers();
  deployed = 'build-a';
  fetchMock.mockClear();
  notify.info.mockReset();
  notify.info.mockResolvedValue(undefined);
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Lets the poll's fetch and JSON promises settle. */
async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => {});
}

describe('deploy guard: new build (SPEC §4, builds/latest.json)', () => {
  it('asks nothing while the page loads: the build that rendered it comes from the server', async () => {
    render(<DeployGuards buildId="build-a" />);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('polls every 5 minutes and offers a reload once another build is deployed', async () => {
    render(<DeployGuards buildId="build-a" />);
    await act(async () => vi.advanceTimersByTime(BUILD_POLL_MS));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith('/builds/latest.json', { cache: 'no-store' });
    expect(notify.info).not.toHaveBeenCalled();

    deployed = 'build-b';
    await act(async () => vi.advanceTimersByTime(BUILD_POLL_MS));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(notify.info).toHaveBeenCalledTimes(1);
    expect(notify.info.mock.calls[0][1]).toMatchObject({ toastId: 'new-build', autoClose: false });
  });

  it('an unanswered poll changes nothing', async () => {
    fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    render(<DeployGuards buildId="build-a" />);
    await act(async () => vi.advanceTimersByTime(BUILD_POLL_MS));
    await settle();
    expect(notify.info).not.toHaveBeenCalled();
  });
});
