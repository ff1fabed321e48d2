import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicConfig } from '@/lib/config/env';

const connectRealtime = vi.fn();
const disconnectRealtime = vi.fn();
vi.mock('@/lib/realtime/connection', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/realtime/connection')>()),
  connectRealtime: (...args: unknown[]) => connectRealtime(...args),
  disconnectRealtime: () => disconnectRealtime(),
}));
const sendCookieConsent = vi.fn();
const sendAnalyticsEvent = vi.fn();
const getMaintenanceStatus = vi.fn();
vi.mock('@/lib/api/system', () => ({
  sendCookieConsent: (...a: unknown[]) => sendCookieConsent(...a),
  sendAnalyticsEvent: (...a: unknown[]) => sendAnalyticsEvent(...a),
  getMaintenanceStatus: () => getMaintenanceStatus(),
}));
const fetchUser = vi.fn();
vi.mock('@/lib/api/auth', () => ({ fetchUser: () => fetchUser() }));
const logoutAtBff = vi.fn();
vi.mock('@/lib/api/logout', () => ({ logoutAtBff: () => logoutAtBff() }));
let pathname = '/';
vi.mock('next/navigation', () => ({ usePathname: () => pathname }));

const { AppProviders } = await import('@/components/providers/app-providers');
const { CookieConsentBanner } = await import('@/components/layout/cookie-consent-banner');
const { TOAST_OPTIONS } = await import('@/components/providers/toast-options');
const { pusherOptions } = await import('@/lib/realtime/connection');
const { emitRealtimeEvent } = await import('@/lib/realtime/events');
const { browserEffects } = await import('@/lib/api/client');
const { resetHydration } = await import('@/stores/hydration');
const { useAuthStore } = await import('@/stores/auth-store');
const { useSystemStore, initialSystemState } = await import('@/stores/system-store');
const { useProductStore } = await import('@/stores/product-store');
const { bucharestDayAt } = await import('@/lib/time');

const config: PublicConfig = {
  recaptchaSiteKey: '',
  googleClientId: '',
  pusher: { key: 'local-key', cluster: 'eu', wsHost: '127.0.0.1', wsPort: 4000, forceTLS: false },
  analytics: { enabled: true, domain: 'broker.test' },
};
const user = { id: 42, email: 'a@b.ro' } as never;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetHydration();
  useAuthStore.setState({ authenticated: false, user: null });
  useSystemStore.setState({ ...initialSystemState });
  for (const m of [connectRealtime, disconnectRealtime, sendCookieConsent, sendAnalyticsEvent, getMaintenanceStatus, fetchUser]) m.mockReset();
  sendCookieConsent.mockResolvedValue({ id: 1, consent: 'all' });
  sendAnalyticsEvent.mockResolvedValue(undefined);
  getMaintenanceStatus.mockResolvedValue({ is_active: false, message: null });
  fetchUser.mockResolvedValue(user);
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ buildId: 'b1' })));
  pathname = '/';
});
afterEach(() => vi.unstubAllGlobals());

function renderApp(props: { signedIn: boolean; clientIp?: string; analytics?: boolean }) {
  return render(
    <AppProviders config={{ ...config, analytics: { enabled: props.analytics ?? true, domain: 'broker.test' } }} signedIn={props.signedIn} clientIp={props.clientIp} today={bucharestDayAt(new Date())} buildId="b1" cookieBanner={<CookieConsentBanner />}>
      <main>content</main>
    </AppProviders>,
  );
}

/** The banner is hidden by globals.css's own rule while no choice is pending; the test document gets that rule. */
function installBannerRule() {
  const css = readFileSync(path.join(process.cwd(), 'app/globals.css'), 'utf8');
  const rule = /html:not\(\[data-consent-pending\]\) \[data-cookie-banner\] \{[^}]*\}/.exec(css);
  if (!rule) throw new Error('globals.css has no rule hiding the cookie banner');
  const style = document.createElement('style');
  style.textContent = rule[0];
  document.head.append(style);
}
beforeAll(installBannerRule);

describe('AppProviders', () => {
  it('uses the SPEC §9 toast constants', () => {
    expect(TOAST_OPTIONS).toEqual({
      autoClose: 5000,
      position: 'top-right',
      limit: 20,
      newestOnTop: true,
      draggable: true,
      draggablePercent: 60,
      pauseOnHover: true,
      pauseOnFocusLoss: true,
      closeOnClick: true,
    });
  });

  it('signed out: no user fetch, a stale stored user is dropped, clientIp from the server, the public channel only', async () => {
    localStorage.setItem('authStore', JSON.stringify({ state: { authenticated: true, user }, version: 0 }));
    renderApp({ signedIn: false, clientIp: '198.51.100.7' });
    await waitFor(() => expect(useSystemStore.getState().clientIp).toBe('198.51.100.7'));
    expect(useAuthStore.getState().authenticated).toBe(false);
    expect(fetchUser).not.toHaveBeenCalled();
    // Not while the page starts: once the visitor interacts (or 10 s later), then when idle, without a user channel.
    // (tests/providers-realtime-connector.test.tsx times it.)
    expect(connectRealtime).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    await waitFor(() => expect(connectRealtime).toHaveBeenCalledWith(config.pusher, null));
    expect(connectRealtime.mock.calls.every(([, id]) => id === null)).toBe(true);
  });

  it('signed in: loads the user and connects realtime once for its id', async () => {
    renderApp({ signedIn: true });
    await waitFor(() => expect(connectRealtime).toHaveBeenCalled());
    expect(fetchUser).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(useAuthStore.getState().user).toEqual(user));
    expect(connectRealtime.mock.calls.at(-1)).toEqual([config.pusher, 42]);
  });

  it('logout disconnects realtime', async () => {
    renderApp({ signedIn: true });
    await waitFor(() => expect(connectRealtime).toHaveBeenCalled());
    act(() => useAuthStore.getState().clear());
    expect(disconnectRealtime).toHaveBeenCalled();
  });

  it('a session the backend refuses (the error catalogue) is ended through the session layer: stores cleared, realtime off', async () => {
    logoutAtBff.mockResolvedValue(undefined);
    renderApp({ signedIn: true });
    await waitFor(() => expect(useAuthStore.getState().user).toEqual(user));
    browserEffects.logout();
    await waitFor(() => expect(useAuthStore.getState().authenticated).toBe(false));
    expect(logoutAtBff).toHaveBeenCalledTimes(1);
    expect(disconnectRealtime).toHaveBeenCalled();
  });

  it('realtime maintenance event sends the page to /maintenance; statuses event updates the store', async () => {
    const go = vi.spyOn(browserEffects, 'goToMaintenance').mockImplementation(() => {});
    renderApp({ signedIn: true });
    await waitFor(() => expect(connectRealtime).toHaveBeenCalled());
    act(() => emitRealtimeEvent('maintenance.changed', { is_active: false }));
    expect(go).not.toHaveBeenCalled();
    act(() => emitRealtimeEvent('maintenance.changed', { is_active: true }));
    expect(go).toHaveBeenCalledTimes(1);
    act(() => emitRealtimeEvent('product-statuses.updated', { updated_at: 'rt-1', is_rca_available: false } as never));
    expect(useProductStore.getState().productStatuses?.updated_at).toBe('rt-1');
    go.mockRestore();
  });

  it('cookie banner: the choice is sent and stored, then the banner goes away', async () => {
    renderApp({ signedIn: false });
    const region = await screen.findByRole('region', { name: 'Folosim cookie-uri' });
    expect(region).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Doar esențiale' }));
    expect(sendCookieConsent).toHaveBeenCalledWith('essential', '');
    await waitFor(() => expect(region).not.toBeVisible());
    expect(document.documentElement.hasAttribute('data-consent-pending')).toBe(false);
    expect(JSON.parse(localStorage.getItem('systemStore')!).state.isCookieConsentAccepted).toBe(false);
  });

  it('cookie banner: in the markup for every visitor, hidden by CSS when a choice is stored', async () => {
    document.documentElement.removeAttribute('data-consent-pending');
    localStorage.setItem('systemStore', JSON.stringify({ state: { ...initialSystemState, isCookieConsentAccepted: false }, version: 0 }));
    const { container } = renderApp({ signedIn: false });
    // The server's markup: the banner is there, marked for the CSS rule, which hides it without a pending choice.
    const banner = container.querySelector('[data-cookie-banner]');
    expect(banner).not.toBeNull();
    await waitFor(() => expect(useSystemStore.getState().isCookieConsentAccepted).toBe(false));
    expect(banner).not.toBeVisible();
    expect(document.documentElement.hasAttribute('data-consent-pending')).toBe(false);
  });

  it('cookie banner: without a stored choice the page is marked pending until a choice is made', async () => {
    document.documentElement.removeAttribute('data-consent-pending');
    renderApp({ signedIn: false });
    const region = await screen.findByRole('region', { name: 'Folosim cookie-uri' });
    await waitFor(() => expect(document.documentElement.hasAttribute('data-consent-pending')).toBe(true));
    expect(region).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Acceptați toate' }));
    await waitFor(() => expect(document.documentElement.hasAttribute('data-consent-pending')).toBe(false));
    expect(region).not.toBeVisible();
  });

  it('analytics: no page view without consent; one per navigation after "Acceptați toate"', async () => {
    const view = renderApp({ signedIn: false });
    await screen.findByRole('region', { name: 'Folosim cookie-uri' });
    expect(sendAnalyticsEvent).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Acceptați toate' }));
    await waitFor(() => expect(sendAnalyticsEvent).toHaveBeenCalledTimes(1));
    expect(sendAnalyticsEvent.mock.calls[0][0]).toMatchObject({ name: 'pageview', domain: 'broker.test' });
    pathname = '/rca';
    view.rerender(
      <AppProviders config={config} signedIn={false} today={bucharestDayAt(new Date())} buildId="b1" cookieBanner={<CookieConsentBanner />}>
        <main>content</main>
      </AppProviders>,
    );
    await waitFor(() => expect(sendAnalyticsEvent).toHaveBeenCalledTimes(2));
  });

  it('analytics disabled by configuration: nothing is sent even with consent', async () => {
    localStorage.setItem('systemStore', JSON.stringify({ state: { ...initialSystemState, isCookieConsentAccepted: true }, version: 0 }));
    renderApp({ signedIn: false, analytics: false });
    await waitFor(() => expect(useSystemStore.getState().isCookieConsentAccepted).toBe(true));
    expect(document.documentElement.hasAttribute('data-consent-pending')).toBe(false);
    expect(sendAnalyticsEvent).not.toHaveBeenCalled();
  });
});

describe('realtime options (SPEC §9)', () => {
  it('timeouts, local Pusher-protocol host and channel authorisation through the app origin', () => {
    document.cookie = 'XSRF-TOKEN=abc';
    const options = pusherOptions(config.pusher);
    expect(options).toMatchObject({
      cluster: 'eu',
      forceTLS: false,
      wsHost: '127.0.0.1',
      wsPort: 4000,
      activityTimeout: 120000,
      pongTimeout: 30000,
      unavailableTimeout: 10000,
      channelAuthorization: { endpoint: '/pusher/auth', transport: 'ajax' },
    });
    expect(options.channelAuthorization.headersProvider()).toEqual({ 'X-XSRF-TOKEN': 'abc' });
    expect(pusherOptions({ ...config.pusher, wsHost: '' })).not.toHaveProperty('wsHost');
  });
});
