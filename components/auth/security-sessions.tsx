'use client';

import { useCallback, useEffect, useState } from 'react';
import { listSessions, revokeOtherSessions, revokeSession } from '@/lib/api/account';
import { isApiError } from '@/lib/api/errors';
import type { Session } from '@/contract/types';
import { formatDateTime } from '@/lib/time';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/** A short, human name for a user agent string ("Chrome pe Windows"). */
export function describeUserAgent(ua: string): string {
  if (!ua) return 'Dispozitiv necunoscut';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return os ? `${browser} pe ${os}` : browser;
}

/** Active sessions of the account, with "end the others" and per-session sign-out. */
export function SecuritySessions() {
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [pending, setPending] = useState<number | 'others' | null>(null);

  const load = useCallback(async () => {
    try {
      setSessions(await listSessions());
      setError('');
    } catch (e) {
      setError(isApiError(e) ? e.prettyMessage : 'Sesiunile nu au putut fi încărcate.');
    }
  }, []);

  useEffect(() => {
    let cancelled = false;
    listSessions()
      .then((list) => {
        if (!cancelled) setSessions(list);
      })
      .catch((e: unknown) => {
        if (!cancelled) setError(isApiError(e) ? e.prettyMessage : 'Sesiunile nu au putut fi încărcate.');
      });
    return () => {
      cancelled = true;
    };
  }, []);

  async function endOthers() {
    setPending('others');
    try {
      const n = await revokeOtherSessions();
      setStatus(n === 1 ? 'A fost închisă o sesiune.' : `Au fost închise ${n} sesiuni.`);
      await load();
    } catch (e) {
      setError(isApiError(e) ? e.prettyMessage : 'Sesiunile nu au putut fi închise.');
    } finally {
      setPending(null);
    }
  }

  async function end(id: number) {
    setPending(id);
    try {
      await revokeSession(id);
      setStatus('Sesiunea a fost închisă.');
      await load();
    } catch (e) {
      setError(isApiError(e) ? e.prettyMessage : 'Sesiunea nu a putut fi închisă.');
    } finally {
      setPending(null);
    }
  }

  if (error && !sessions) return <Alert tone="error">{error}</Alert>;
  if (!sessions) return <Spinner label="Se încarcă sesiunile…" />;

  const others = sessions.filter((s) => !s.is_current);
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-3" aria-label="Sesiuni active">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-col gap-2 rounded-md border border-border bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <p className="font-semibold">
                {describeUserAgent(s.user_agent)}
                {s.is_current ? <span className="ml-2 rounded bg-success-surface px-2 py-0.5 text-sm text-success">Sesiunea curentă</span> : null}
              </p>
              <p className="text-sm text-muted">
                IP {s.ip} · ultima activitate {formatDateTime(s.last_used_at)}
              </p>
            </div>
            {s.is_current ? null : (
              <Button size="sm" variant="ghost" onClick={() => end(s.id)} loading={pending === s.id} loadingLabel="">
                Închideți
              </Button>
            )}
          </li>
        ))}
      </ul>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <p role="status" aria-live="polite" className="text-sm text-success">
        {status}
      </p>
      <div>
        <Button variant="secondary" onClick={endOthers} disabled={others.length === 0} loading={pending === 'others'} loadingLabel="">
          Închideți celelalte sesiuni
        </Button>
      </div>
    </div>
  );
}
