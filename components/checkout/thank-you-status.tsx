'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { clearPurchaseOf } from '@/lib/shop/placed-order';
import { DocumentDownloadLink } from '@/components/account/document-download-link';
import { Alert } from '@/components/ui/alert';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getOrder, payOrderHref, type Order } from '@/lib/api/orders';
import { policyDocumentUrl } from '@/lib/api/policies';
import { formatLeiFromBani } from '@/contract/money';
import { useRealtimeEvent } from '@/lib/realtime/use-realtime-event';
import { formatDateTime } from '@/lib/time';
import { isVignetteProduct } from '@/lib/vignettes/catalog';

/** While the processor's confirmation (IPN) is on its way: how often and how long to re-read the order. */
export const THANK_YOU_POLL_MS = 2000;
export const THANK_YOU_POLL_LIMIT = 60;

/**
 * The order's real status as the backend knows it (never assumed from the browser's return): paid → policy
 * and PDF; refused → unpaid with "Plătiți din nou"; awaiting → live until the confirmation arrives.
 */
export function ThankYouStatus({ initialOrder, pollMs = THANK_YOU_POLL_MS }: { initialOrder: Order; pollMs?: number }) {
  const [order, setOrder] = useState(initialOrder);
  const [polls, setPolls] = useState(0);

  useRealtimeEvent('order.updated', (data) => {
    if (data.id === order.id) setOrder((current) => ({ ...current, ...(data as Partial<Order>) }));
  });

  // Paid: the purchase's drafts (kept for a Back from the payment page) are done with.
  useEffect(() => {
    if (order.status === 'paid') clearPurchaseOf(order.id);
  }, [order.status, order.id]);

  const waiting = order.status === 'awaiting_payment' && polls < THANK_YOU_POLL_LIMIT;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => {
      getOrder(order.id)
        .then((fresh) => setOrder(fresh))
        .catch(() => {
          /* keep the last known status; try again */
        })
        .finally(() => setPolls((n) => n + 1));
    }, pollMs);
    return () => window.clearTimeout(timer);
  }, [waiting, order.id, polls, pollMs]);

  // A vignette is issued by CNAIR / NÚSZ, not an insurer, and is a proof of purchase, not a policy.
  const vignette = isVignetteProduct(order.product_code);
  const facts = (
    <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-border bg-surface p-5 text-sm">
      <dt className="text-muted">Comanda</dt>
      <dd className="font-semibold">{order.number}</dd>
      <dt className="text-muted">Produs</dt>
      <dd>
        {order.product_name} — {order.package_name}
      </dd>
      <dt className="text-muted">{vignette ? 'Emitent' : 'Asigurător'}</dt>
      <dd>{order.insurer.name}</dd>
      <dt className="text-muted">Sumă</dt>
      <dd className="font-semibold">{formatLeiFromBani(order.amount_bani)}</dd>
      {order.paid_at ? (
        <>
          <dt className="text-muted">Plătită la</dt>
          <dd>{formatDateTime(order.paid_at)}</dd>
        </>
      ) : null}
    </dl>
  );

  return (
    <div className="flex flex-col gap-6" aria-live="polite">
      {order.status === 'paid' && vignette ? (
        <>
          <Alert tone="success" title="Plata a fost confirmată. Vinieta este emisă.">
            V-am trimis dovada achiziției pe email, în format PDF. O găsiți oricând în contul dumneavoastră, la Vinietele mele.
          </Alert>
          {facts}
          <div className="flex flex-wrap gap-3">
            {order.policy_id ? (
              <DocumentDownloadLink className="btn btn-primary" href={policyDocumentUrl({ id: order.policy_id })}>
                Descărcați dovada (PDF)
              </DocumentDownloadLink>
            ) : null}
            <ButtonLink href="/account/vignettes" variant="secondary">
              Vinietele mele
            </ButtonLink>
          </div>
        </>
      ) : null}
      {order.status === 'paid' && !vignette ? (
        <>
          <Alert tone="success" title="Plata a fost confirmată. Polița este emisă.">
            V-am trimis polița pe email, în format PDF. O găsiți oricând în contul dumneavoastră.
          </Alert>
          {facts}
          <div className="flex flex-wrap gap-3">
            {order.policy_id ? (
              <DocumentDownloadLink className="btn btn-primary" href={policyDocumentUrl({ id: order.policy_id })}>
                Descărcați polița (PDF)
              </DocumentDownloadLink>
            ) : null}
            <ButtonLink href="/account/policies" variant="secondary">
              Polițele mele
            </ButtonLink>
          </div>
        </>
      ) : null}
      {order.status === 'awaiting_payment' ? (
        <>
          <Alert tone="info" title="Așteptăm confirmarea plății">
            <span className="inline-flex items-center gap-2">
              {waiting ? <Spinner /> : null}
              {waiting
                ? 'Procesatorul de plăți ne confirmă plata în câteva momente. Pagina se actualizează singură.'
                : 'Nu am primit încă confirmarea plății. Dacă plata nu a reușit, o puteți relua.'}
            </span>
          </Alert>
          {facts}
          {!waiting ? (
            <div>
              <ButtonLink href={payOrderHref(order)}>Plătiți din nou</ButtonLink>
            </div>
          ) : null}
        </>
      ) : null}
      {order.status === 'payment_failed' ? (
        <>
          <Alert tone="error" title="Plata nu a reușit. Comanda nu este plătită.">
            Procesatorul a refuzat plata. Nu v-am reținut niciun ban; puteți încerca din nou, cu același card sau cu altul.
          </Alert>
          {facts}
          <div className="flex flex-wrap gap-3">
            <ButtonLink href={payOrderHref(order)}>Plătiți din nou</ButtonLink>
            <ButtonLink href="/account/orders" variant="secondary">
              Comenzile mele
            </ButtonLink>
          </div>
        </>
      ) : null}
      {order.status === 'cancelled' ? (
        <>
          <Alert tone="warning" title="Comanda a fost anulată.">
            Puteți cere o ofertă nouă oricând.
          </Alert>
          {facts}
        </>
      ) : null}
      <p className="text-sm text-muted">
        Istoricul comenzilor este în{' '}
        <Link className="text-primary underline" href="/account/orders">
          Comenzile mele
        </Link>
        .
      </p>
    </div>
  );
}
