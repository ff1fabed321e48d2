'use client';

import { useEffect } from 'react';
import { endSession } from '@/lib/api/session-end';
import { startInactivityWatch } from './inactivity';

/** Signed-in tabs: 1 hour without activity in any tab ends the session (alert, /authenticate). */
export function InactivityGuard({ timeoutMs }: { timeoutMs?: number }) {
  useEffect(
    () => startInactivityWatch({ timeoutMs, onTimeout: () => void endSession({ reason: 'inactivity' }) }),
    [timeoutMs],
  );
  return null;
}
