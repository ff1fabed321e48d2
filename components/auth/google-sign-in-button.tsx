'use client';

import { useEffect, useRef, useState } from 'react';
import { loadGoogleIdentity } from './load-google-identity';

type Props = {
  /** Google OAuth client id; empty when Google sign-in is not configured. */
  clientId: string;
  /** Receives Google's ID token; the caller sends it to the backend. */
  onCredential: (idToken: string) => void;
};

type Status = 'loading' | 'ready' | 'failed';

export const GOOGLE_UNCONFIGURED_MESSAGE =
  'Autentificarea cu Google nu este disponibilă momentan. Folosiți adresa de email.';
export const GOOGLE_FAILED_MESSAGE =
  'Serviciul Google nu a putut fi încărcat. Verificați conexiunea sau autentificați-vă cu adresa de email.';

/**
 * "Continuați cu Google": loads Google Identity Services only when a client id is configured and renders
 * Google's own button. Without a client id, or when the script cannot load, it says so instead of failing
 * silently.
 */
export function GoogleSignInButton({ clientId, onCredential }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  const [status, setStatus] = useState<Status>('loading');

  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((id) => {
        if (cancelled || !container.current) return;
        id.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) callback.current(response.credential);
          },
          context: 'signin',
          itp_support: true,
        });
        id.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'rectangular',
          locale: 'ro',
          width: Math.min(container.current.offsetWidth || 320, 400),
        });
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (!clientId || status === 'failed') {
    return (
      <div className="flex flex-col gap-2">
        <button type="button" className="btn btn-ghost w-full border border-border" disabled aria-describedby="google-sign-in-status">
          Continuați cu Google
        </button>
        <p id="google-sign-in-status" role="status" className="text-sm text-muted">
          {clientId ? GOOGLE_FAILED_MESSAGE : GOOGLE_UNCONFIGURED_MESSAGE}
        </p>
      </div>
    );
  }

  return (
    <div className="flex min-h-11 flex-col items-stretch gap-2">
      <div ref={container} className="flex justify-center" data-testid="google-button" />
      {status === 'loading' ? (
        <p role="status" className="text-center text-sm text-muted">
          Se încarcă autentificarea cu Google…
        </p>
      ) : null}
    </div>
  );
}
