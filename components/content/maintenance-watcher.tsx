'use client';

import { useEffect, useState } from 'react';
import { getMaintenanceStatus } from '@/lib/api/system';
import { useRealtimeEvent } from '@/lib/realtime/use-realtime-event';
import { safeReturnPath } from '@/lib/session/safe-return-path';

export const MAINTENANCE_POLL_MS = 5_000;
/** A visitor who opened /maintenance directly while the site works reads that first, then goes home. */
export const DIRECT_VISIT_RETURN_MS = 10_000;

function leave(path: string) {
  window.location.replace(path);
}

/**
 * On /maintenance: checks the status every few seconds (and on the realtime `maintenance.changed`), and when
 * maintenance is over sends the visitor back to `last_url` (a same-origin relative path) at once. A visitor who
 * opened the page directly (no `last_url`) is told the site works and goes home a few seconds later.
 */
export function MaintenanceWatcher({
  lastUrl,
  pollMs = MAINTENANCE_POLL_MS,
  directReturnMs = DIRECT_VISIT_RETURN_MS,
  navigate = leave,
}: {
  lastUrl: string | null;
  pollMs?: number;
  directReturnMs?: number;
  navigate?: (path: string) => void;
}) {
  const target = safeReturnPath(lastUrl, '/');
  const direct = lastUrl === null;
  const [state, setState] = useState<'checking' | 'active' | 'over'>('checking');
  const [message, setMessage] = useState<string | null>(null);

  useRealtimeEvent('maintenance.changed', ({ is_active }) => {
    if (!is_active) setState('over');
  });

  useEffect(() => {
    if (state === 'over') return;
    let cancelled = false;
    const check = async () => {
      try {
        const status = await getMaintenanceStatus();
        if (cancelled) return;
        if (status.message) setMessage(status.message);
        setState(status.is_active ? 'active' : 'over');
      } catch {
        if (!cancelled) setState('active');
      }
    };
    void check();
    const timer = window.setInterval(check, pollMs);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
    };
  }, [pollMs, state]);

  useEffect(() => {
    if (state !== 'over') return;
    if (!direct) {
      navigate(target);
      return;
    }
    const timer = window.setTimeout(() => navigate(target), directReturnMs);
    return () => window.clearTimeout(timer);
  }, [state, target, navigate, direct, directReturnMs]);

  return (
    <div aria-live="polite" className="mt-6 space-y-3">
      {message ? <p className="text-lg">{message}</p> : null}
      {state === 'over' ? (
        <p className="font-semibold text-success">
          {direct
            ? 'Site-ul funcționează normal. Vă ducem la pagina principală în câteva secunde.'
            : 'Lucrările s-au încheiat. Vă ducem înapoi…'}
        </p>
      ) : (
        <p className="text-muted">
          Verificăm automat la fiecare câteva secunde și vă ducem înapoi de unde ați plecat imediat ce site-ul
          funcționează din nou.
        </p>
      )}
      <p>
        <a href={target} className="font-semibold text-primary underline underline-offset-4">
          Încercați acum
        </a>
      </p>
    </div>
  );
}
