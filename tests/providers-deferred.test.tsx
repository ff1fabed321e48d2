import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import type { PublicConfig } from '@/lib/config/env';

// Issue 17: what a guest's first load does not carry. The lazily loaded pieces are replaced by probes that
// record when AppProviders renders them (it loads their modules only then).
const deployGuardsMounted = vi.fn();
vi.mock('@/components/providers/deploy-guards', () => ({
  DeployGuards: ({ buildId }: { buildId: string }) => {
    deployGuardsMounted(buildId);
    return null;
  },
}));
const signedInGuardsMounted = vi.fn();
vi.mock('@/components/providers/signed-in-guards', () => ({
  SignedInGuards: () => {
    signedInGuardsMounted();
    return null;
  },
}));
vi.mock('@/lib/realtime/connection', () => ({ connectRealtime: vi.fn(), disconnectRealtime: vi.fn() }));
vi.mock('@/lib/api/system', () => ({
  sendCookieConsent: vi.fn(),
  sendAnalyticsEvent: vi.fn(async () => undefined),
  getMaintenanceStatus: vi.fn(async () => ({ is_active: false, message: null })),
}));
vi.mock('@/lib/api/auth', () => ({ fetchUser: vi.fn(async () => ({ id: 42, email: 'a@b.ro' })) }));
vi.mock('next/navigation', () => ({ usePathname: () => '/' }));

const { AppProviders } = await import('@/components/providers/app-providers');
const { resetHydration } = await import('@/stores/hydration');
const { useAuthStore } = await import('@/stores/auth-store');
const { bucharestDayAt } = await import('@/lib/time');

const config: PublicConfig = {
  recaptchaSiteKey: '',
  googleClientId: '',
  pusher: { key: 'local-key', cluster: 'eu', wsHost: '127.0.0.1', wsPort: 4000, forceTLS: false },
  analytics: { enabled: false, domain: 'broker.test' },
};

function renderApp(signedIn: boolean) {
  return render(
    <AppProviders config={config} signedIn={signedIn} today={bucharestDayAt(new Date())} buildId="b7" cookieBanner={null}>
      <main>content</main>
    </AppProviders>,
  );
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetHydration();
  useAuthStore.setState({ authenticated: false, user: null });
  deployGuardsMounted.mockReset();
  signedInGuardsMounted.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('AppProviders: what loads later (issue 17)', () => {
  it('a guest: no signed-in guards; the deploy guards once the visitor interacts', async () => {
    renderApp(false);
    await waitFor(() => expect(useAuthStore.getState().authenticated).toBe(false));
    await vi.dynamicImportSettled();
    expect(deployGuardsMounted).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('keydown'));
    await waitFor(() => expect(deployGuardsMounted).toHaveBeenCalledWith('b7'));
    expect(signedInGuardsMounted).not.toHaveBeenCalled();
  });

  it('a guest who does nothing: the deploy guards 10 s after the page started', async () => {
    vi.useFakeTimers();
    renderApp(false);
    await vi.advanceTimersByTimeAsync(9_000);
    expect(deployGuardsMounted).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    // The idle callback (a timer scheduled from within the 10 s one: jsdom has no requestIdleCallback).
    await vi.runOnlyPendingTimersAsync();
    vi.useRealTimers();
    await waitFor(() => expect(deployGuardsMounted).toHaveBeenCalledWith('b7'));
  });

  it('signed in: the deploy guards and the signed-in guards at once', async () => {
    renderApp(true);
    await waitFor(() => expect(deployGuardsMounted).toHaveBeenCalledWith('b7'));
    await waitFor(() => expect(signedInGuardsMounted).toHaveBeenCalled());
  });
});
