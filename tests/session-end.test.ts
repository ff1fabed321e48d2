import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  destinationAfter,
  endSession,
  hasPendingLogout,
  INACTIVITY_ALERT,
  resetSessionEnd,
  resumePendingLogout,
  sessionEndEffects,
} from '@/lib/session/end-session';
import { browserEffects, onSessionRefused } from '@/lib/api/client';
import { onTabMessage, resetTabChannel, type TabMessage } from '@/lib/realtime/tab-channel';
import { useAuthStore } from '@/stores/auth-store';
import { useTwoFactorStore } from '@/stores/two-factor-store';

const fetchMock = vi.fn<typeof fetch>();
const alertMock = vi.fn<(m: string) => void>();
const navigateMock = vi.fn<(p: string) => void>();

beforeEach(() => {
  resetSessionEnd();
  resetTabChannel();
  document.cookie = 'XSRF-TOKEN=xs-1';
  fetchMock.mockReset().mockResolvedValue(new Response('{"data":{"logged_out":true}}'));
  vi.stubGlobal('fetch', fetchMock);
  alertMock.mockReset();
  navigateMock.mockReset();
  sessionEndEffects.alert = alertMock;
  sessionEndEffects.navigate = navigateMock;
  useAuthStore.getState().setUser({ id: 1 } as never);
  useTwoFactorStore.getState().setRequired(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('end of session', () => {
  it('401/403 (error catalogue): clears the user, calls the BFF logout, alerts and goes to /authenticate', async () => {
    // As the app registers it (components/providers/app-providers.tsx; tests/providers-app.test.tsx checks that).
    const unregister = onSessionRefused(() => void endSession({ reason: 'unauthorized' }));
    browserEffects.logout();
    unregister();
    await vi.waitFor(() => expect(navigateMock).toHaveBeenCalled());
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, user: null });
    expect(useTwoFactorStore.getState().isTwoFactorAuthRequired).toBe(false);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v1/auth/logout');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['X-XSRF-TOKEN']).toBe('xs-1');
    expect(alertMock).toHaveBeenCalledWith('Ați fost deconectat din cauza inactivității.');
    expect(navigateMock).toHaveBeenCalledWith('/authenticate?session_ended=1');
  });

  it('comes back to the page the customer was on, and says why the session ended', () => {
    expect(destinationAfter('unauthorized', '/account/orders?x=1')).toBe('/authenticate?last_url=%2Faccount%2Forders%3Fx%3D1&session_ended=1');
    expect(destinationAfter('inactivity', '/rca/B123ABC')).toBe('/authenticate?last_url=%2Frca%2FB123ABC');
    expect(destinationAfter('inactivity', '/authenticate?last_url=%2Fx')).toBe('/authenticate');
    expect(destinationAfter('manual', '/account/orders')).toBe('/');
    expect(destinationAfter('sign-in-again', '/account/2fa?last_url=%2Faccount')).toBe('/authenticate?last_url=%2Faccount%2F2fa%3Flast_url%3D%252Faccount');
  });

  it('signing in again on purpose (a setup that needs a recent sign-in) ends the session without an alert and comes back', async () => {
    window.history.replaceState(null, '', '/account/2fa');
    await endSession({ reason: 'sign-in-again' });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/v1/auth/logout');
    expect(alertMock).not.toHaveBeenCalled();
    expect(navigateMock).toHaveBeenCalledWith('/authenticate?last_url=%2Faccount%2F2fa');
    window.history.replaceState(null, '', '/');
  });

  it('inactivity shows the same alert and goes to /authenticate', async () => {
    await endSession({ reason: 'inactivity' });
    expect(alertMock).toHaveBeenCalledWith(INACTIVITY_ALERT);
    expect(navigateMock).toHaveBeenCalledWith('/authenticate');
  });

  it('a manual logout has no alert and goes home', async () => {
    await endSession({ reason: 'manual' });
    expect(alertMock).not.toHaveBeenCalled();
    expect(navigateMock).toHaveBeenCalledWith('/');
  });

  it('runs once even when several calls fail together', async () => {
    await Promise.all([endSession({ reason: 'unauthorized' }), endSession({ reason: 'unauthorized' })]);
    expect(alertMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('tells the other tabs; a session ended by another tab makes no backend call', async () => {
    const received: TabMessage[] = [];
    // A second "tab": its own BroadcastChannel on the same name.
    const other = new BroadcastChannel('bs-tabs');
    other.onmessage = (e: MessageEvent<TabMessage>) => received.push(e.data);
    await endSession({ reason: 'manual' });
    await vi.waitFor(() => expect(received).toEqual([{ type: 'logout', reason: 'manual' }]));
    other.close();

    resetSessionEnd();
    fetchMock.mockClear();
    await endSession({ reason: 'inactivity', fromOtherTab: true });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(alertMock).toHaveBeenLastCalledWith(INACTIVITY_ALERT);
  });

  it('tells the other tabs once the BFF has answered, so that they reload without the session cookie', async () => {
    const posted = vi.spyOn(BroadcastChannel.prototype, 'postMessage');
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const ended = endSession({ reason: 'manual' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(posted).not.toHaveBeenCalled();
    answer(new Response('{"data":{"logged_out":true}}'));
    await ended;
    expect(posted).toHaveBeenCalledWith({ type: 'logout', reason: 'manual' });
    posted.mockRestore();
  });

  it('a logout message from another tab reaches the listeners', async () => {
    const seen: TabMessage[] = [];
    const stop = onTabMessage((m) => seen.push(m));
    const other = new BroadcastChannel('bs-tabs');
    other.postMessage({ type: 'logout', reason: 'manual' });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    stop();
    other.close();
  });
});

describe('a logout that cannot reach the server (offline)', () => {
  it('alerts once, then neither alerts nor navigates again while it still fails; finishes silently later', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await endSession({ reason: 'inactivity' });
    expect(alertMock).toHaveBeenCalledTimes(1);
    expect(navigateMock).toHaveBeenCalledTimes(1);
    expect(hasPendingLogout()).toBe(true);

    // The cookie is still set, so /authenticate bounced the tab back to a signed-in page whose guard fires again.
    // (a new page load: the module state starts afresh, sessionStorage stays)
    const marker = sessionStorage.getItem('bs:pending-logout');
    resetSessionEnd();
    sessionStorage.setItem('bs:pending-logout', marker!);
    await endSession({ reason: 'inactivity' });
    expect(alertMock).toHaveBeenCalledTimes(1);
    expect(navigateMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    expect(await resumePendingLogout()).toBe(false);
    fetchMock.mockResolvedValue(new Response('{"data":{"logged_out":true}}'));
    expect(await resumePendingLogout()).toBe(true);
    expect(hasPendingLogout()).toBe(false);
    expect(navigateMock).toHaveBeenLastCalledWith('/authenticate');
    expect(alertMock).toHaveBeenCalledTimes(1);
  });

  it('signing in again (a two-factor setup) while the logout fails: once it goes through, the sign-in page still leads back to the setup', async () => {
    window.history.replaceState(null, '', '/account/2fa');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await endSession({ reason: 'sign-in-again' });
    expect(alertMock).not.toHaveBeenCalled();
    expect(navigateMock).toHaveBeenLastCalledWith('/authenticate?last_url=%2Faccount%2F2fa');
    expect(hasPendingLogout()).toBe(true);

    // The cookie is still set: /authenticate sent the tab on to a signed-in page (proxy.ts: home), a new page load
    // whose guard finishes the logout once the BFF answers.
    const marker = sessionStorage.getItem('bs:pending-logout');
    resetSessionEnd();
    sessionStorage.setItem('bs:pending-logout', marker!);
    window.history.replaceState(null, '', '/');
    fetchMock.mockResolvedValue(new Response('{"data":{"logged_out":true}}'));
    expect(await resumePendingLogout()).toBe(true);
    expect(navigateMock).toHaveBeenLastCalledWith('/authenticate?last_url=%2Faccount%2F2fa');
    expect(alertMock).not.toHaveBeenCalled();
  });

  it('a pending logout marker that names no path of this site finishes at /authenticate', async () => {
    for (const marker of ['1700000000000', '{"to":"//evil.example/x"}', '{"to":"https://evil.example/"}', '{"to":"/\\\\evil.example"}', 'not json']) {
      navigateMock.mockReset();
      sessionStorage.setItem('bs:pending-logout', marker);
      expect(await resumePendingLogout()).toBe(true);
      expect(navigateMock, marker).toHaveBeenLastCalledWith('/authenticate');
    }
  });

  it('a failed answer from the BFF counts as not logged out', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 502 }));
    await endSession({ reason: 'unauthorized' });
    expect(hasPendingLogout()).toBe(true);
  });
});
