'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { startPayment } from '@/lib/api/checkout';
import { isApiError } from '@/lib/api/errors';

type State = { kind: 'starting' } | { kind: 'redirecting' } | { kind: 'paid' } | { kind: 'error'; message: string };

/** Where the browser goes: the processor's page (a function so tests can observe it). */
export type Navigate = (url: string) => void;
/**
 * The processor's page takes this page's place in the history: Back from the processor returns to the details
 * step (kept in its drafts), never here, where it would start another payment and send the customer forward again.
 */
const replace: Navigate = (url) => window.location.replace(url);

/** Only a web address is followed: never `javascript:`, `data:` or another scheme, whatever the answer says. */
function isWebUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * The interstitial before the processor: says what is happening, asks the backend for a payment with
 * `/thank-you` as the return address, then sends the browser to the processor's page.
 */
export function PaymentRedirect({ orderId, navigate = replace }: { orderId: string | null; navigate?: Navigate }) {
  const [state, setState] = useState<State>(orderId ? { kind: 'starting' } : { kind: 'error', message: 'Comanda nu a fost găsită.' });
  const started = useRef(false);

  const start = useCallback(async () => {
    if (!orderId) return;
    setState({ kind: 'starting' });
    try {
      const payment = await startPayment(orderId, `${window.location.origin}/thank-you`);
      if (!isWebUrl(payment.redirect_url)) {
        setState({ kind: 'error', message: 'Nu am putut porni plata.' });
        return;
      }
      setState({ kind: 'redirecting' });
      navigate(payment.redirect_url);
    } catch (e) {
      if (isApiError(e) && e.code === 'order_already_paid') setState({ kind: 'paid' });
      else setState({ kind: 'error', message: isApiError(e) ? e.prettyMessage : 'Nu am putut porni plata.' });
    }
  }, [orderId, navigate]);

  useEffect(() => {
    if (started.current || !orderId) return;
    started.current = true;
    void Promise.resolve().then(start);
  }, [orderId, start]);

  return (
    <div aria-live="polite" className="flex flex-col items-start gap-4">
      {state.kind === 'starting' || state.kind === 'redirecting' ? (
        <p role="status" className="flex items-center gap-3 text-lg">
          <Spinner label="" />
          {state.kind === 'starting' ? 'Pregătim plata securizată…' : 'Vă trimitem către procesatorul de plăți…'}
        </p>
      ) : null}
      {state.kind === 'paid' ? (
        <Alert tone="success" title="Comanda este deja plătită">
          <Link className="text-primary underline" href={`/thank-you?order_id=${encodeURIComponent(orderId ?? '')}`}>
            Vedeți starea comenzii
          </Link>
        </Alert>
      ) : null}
      {state.kind === 'error' ? (
        <>
          <Alert tone="error" title="Plata nu a putut fi pornită">
            {state.message}
          </Alert>
          <div className="flex flex-wrap gap-3">
            {orderId ? <Button onClick={() => void start()}>Încercați din nou</Button> : null}
            <Link className="btn btn-secondary" href="/account/orders">
              Comenzile mele
            </Link>
          </div>
        </>
      ) : null}
      <p className="text-sm text-muted">
        Plata se face pe pagina procesatorului, în lei. Datele cardului nu ajung la noi. Comanda este confirmată numai
        după ce procesatorul ne anunță plata.
      </p>
    </div>
  );
}
