'use client';

import { useEffect } from 'react';
import { endSession } from '@/lib/session/end-session';
import { onTabMessage } from '@/lib/realtime/tab-channel';

/** Logout in one tab logs out every other open tab of the site. */
export function TabSessionSync() {
  useEffect(
    () =>
      onTabMessage((message) => {
        if (message.type === 'logout') void endSession({ reason: message.reason, fromOtherTab: true });
      }),
    [],
  );
  return null;
}
