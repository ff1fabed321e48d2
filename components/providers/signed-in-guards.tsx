'use client';

import { InactivityGuard } from './inactivity-guard';
import { TabSessionSync } from './tab-session-sync';

/**
 * The guards of a signed-in tab: inactivity logout and cross-tab logout. AppProviders loads this module only
 * when a session is active, so a guest's page never fetches them, nor the session's end (lib/session/end-session)
 * and the API calls behind it (issue 17).
 */
export function SignedInGuards() {
  return (
    <>
      <InactivityGuard />
      <TabSessionSync />
    </>
  );
}
