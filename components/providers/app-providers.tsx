'use client';

import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onSessionRefused } from '@/lib/api/client';
import type { PublicConfig } from '@/lib/config/env';
import type { BucharestDay } from '@/contract/day';
import { useStoresHydrated } from '@/stores/hydration';
import { useAuthStore } from '@/stores/auth-store';
import { AnalyticsTracker } from './analytics-tracker';
import { BucharestTodayProvider } from './bucharest-today';
import { MaintenancePoller } from './maintenance-poller';
import { PublicConfigContext } from './public-config-context';
import { RealtimeConnector } from './realtime-connector';
import { StoreHydration } from './store-hydration';
import { ToastHost } from './toast-host';
import { whenDue } from './when-due';

/** Loaded only when a session is active: a guest's page never fetches the session machinery (issue 17). */
const SignedInGuards = lazy(() => import('./signed-in-guards').then((m) => ({ default: m.SignedInGuards })));

/**
 * The deploy guards (chunk-error reload, new-build poll every 5 minutes) matter once the visitor navigates or
 * stays: a signed-in tab loads them at once, a guest's when due (whenDue), not with the page (issue 17).
 */
const DeployGuards = lazy(() => import('./deploy-guards').then((m) => ({ default: m.DeployGuards })));

/** The session's end, loaded when it is needed (a guest's first load does not carry it). */
function endRefusedSession(): void {
  void import('@/lib/session/end-session').then(({ endSession }) => endSession({ reason: 'unauthorized' }));
}

type AppProvidersProps = {
  config: PublicConfig;
  /** Whether the request carried a session cookie (the server's view). */
  signedIn: boolean;
  /** The client's IP as the server saw it (proxy.ts sets the `x-client-ip` request header). */
  clientIp?: string | null;
  /** Today in Europe/Bucharest as the server saw it (lib/time bucharestDayAt), for useBucharestToday(). */
  today: BucharestDay;
  /** The build that rendered the page (lib/bff/build-id), for the deploy guard's new-build check. */
  buildId: string;
  /** The cookie banner's server markup (components/layout/cookie-consent-banner.tsx): first in the document. */
  cookieBanner: ReactNode;
  children: ReactNode;
};

/**
 * Client-side machinery of the whole app: today's date in Bucharest, toasts (react-toastify loads on the first one),
 * store hydration, realtime (the public channel for everybody, the user's own when signed in) with maintenance polling
 * as the guests' fallback, inactivity and cross-tab logout,
 * cookie consent, analytics and deploy guards.
 * Captcha is NOT here: wrap protected forms in <CaptchaProvider> (components/providers/captcha-provider.tsx).
 */
export function AppProviders({ config, signedIn, clientIp = null, today, buildId, cookieBanner, children }: AppProvidersProps) {
  const hydrated = useStoresHydrated();
  const authenticated = useAuthStore((s) => s.authenticated);
  const userId = useAuthStore((s) => s.user?.id ?? null);
  // Before hydration trust the cookie; afterwards the store (it follows client-side sign-in and logout).
  const active = hydrated ? authenticated : signedIn;
  // The deploy guards, once due, stay for the life of the tab (a logout does not restart their poll).
  const [deployGuardsDue, setDeployGuardsDue] = useState(false);
  if (active && !deployGuardsDue) setDeployGuardsDue(true);
  useEffect(() => (deployGuardsDue ? undefined : whenDue(() => setDeployGuardsDue(true))), [deployGuardsDue]);
  // The API client's error catalogue ends a session the backend refuses through the session layer (lib/api reaches
  // no store itself).
  useEffect(() => onSessionRefused(endRefusedSession), []);

  return (
    <PublicConfigContext value={config}>
      {/* First in the document, so the first Tab stops are the choice it asks for (CSS draws it last). */}
      {cookieBanner}
      <BucharestTodayProvider value={today}>{children}</BucharestTodayProvider>
      <StoreHydration signedIn={signedIn} clientIp={clientIp} />
      <ToastHost />
      <AnalyticsTracker enabled={config.analytics.enabled} domain={config.analytics.domain} />
      {deployGuardsDue ? (
        <Suspense fallback={null}>
          <DeployGuards buildId={buildId} />
        </Suspense>
      ) : null}
      {active ? (
        <Suspense fallback={null}>
          <SignedInGuards />
        </Suspense>
      ) : null}
      {/* Guests too: maintenance and product statuses arrive live on the public channel (the poller stays as the
          fallback when websockets are blocked). */}
      <RealtimeConnector key={active && userId !== null ? userId : 'guest'} pusher={config.pusher} userId={active ? userId : null} />
      {active && userId !== null ? null : <MaintenancePoller />}
    </PublicConfigContext>
  );
}
