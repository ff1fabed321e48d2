import Link from 'next/link';
import { ButtonLink } from '@/components/ui/button';
import { DocumentDownloadLink } from '@/components/account/document-download-link';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { formatLeiFromBani } from '@/contract/money';
import { isVignetteProduct } from '@/lib/vignettes/catalog';
import { productRoute } from '@/contract/renewal';
import {
  ORDER_STATUS_LABELS,
  invoiceDocumentUrl,
  invoiceFileName,
  isOfferExpired,
  isPayable,
  payOrderHref,
  type Order,
  type OrderStatus,
} from '@/lib/api/orders';

const STATUS_TONE: Record<OrderStatus, string> = {
  awaiting_payment: 'bg-warning-surface text-warning',
  paid: 'bg-success-surface text-success',
  payment_failed: 'bg-error-surface text-error',
  cancelled: 'bg-border/60 text-muted',
};

/**
 * One order: product, insurer, amount, status, date; a way to pay when it is still unpaid.
 * `labelOf` gives an instant's label in Bucharest time (null while it is being formatted).
 */
export function OrderCard({ order, labelOf }: { order: Order; labelOf: (instant: string) => string | null }) {
  const headingId = `comanda-${order.id}`;
  const vignette = isVignetteProduct(order.product_code);
  const recalculateHref = productRoute(order.product_code);
  return (
    <Card as="li" aria-labelledby={headingId} data-order-id={order.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {order.product_name}
            <span className="sr-only">, comanda {order.number}</span>
          </h2>
          <p className="text-sm text-muted">
            Comanda {order.number} · {order.insurer.name} · {order.package_name}
          </p>
        </div>
        <span className={cx('rounded-full px-3 py-1 text-sm font-semibold', STATUS_TONE[order.status])}>
          {ORDER_STATUS_LABELS[order.status]}
        </span>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Sumă</dt>
          <dd className="font-semibold">{formatLeiFromBani(order.amount_bani)}</dd>
        </div>
        <div>
          <dt className="text-muted">Plasată la</dt>
          <dd>{labelOf(order.created_at) ?? '…'}</dd>
        </div>
        {order.paid_at ? (
          <div>
            <dt className="text-muted">Plătită la</dt>
            <dd>{labelOf(order.paid_at) ?? '…'}</dd>
          </div>
        ) : null}
        {order.invoice ? (
          <div>
            <dt className="text-muted">Factura</dt>
            <dd>{order.invoice.number}</dd>
          </div>
        ) : null}
      </dl>
      {isPayable(order) ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <ButtonLink href={payOrderHref(order)} size="sm">
            {order.status === 'payment_failed' ? 'Plătiți din nou' : 'Plătiți acum'}
          </ButtonLink>
          {order.status === 'payment_failed' ? (
            <span className="text-sm text-muted">Plata anterioară nu a reușit. Puteți încerca din nou.</span>
          ) : null}
        </div>
      ) : null}
      {isOfferExpired(order) ? (
        // Past its quote's end an unpaid order can no longer be paid: the price is calculated again.
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="text-muted">Oferta acestei comenzi a expirat și comanda nu mai poate fi plătită.</span>
          {recalculateHref ? (
            <Link href={recalculateHref} className="font-semibold text-primary underline underline-offset-4">
              Calculați din nou prețul
            </Link>
          ) : null}
        </div>
      ) : null}
      {order.status === 'paid' && (order.policy_id || order.invoice) ? (
        <div className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-3 text-sm">
          {order.invoice ? (
            <DocumentDownloadLink
              href={invoiceDocumentUrl(order)}
              fileName={invoiceFileName(order.invoice)}
              className="btn btn-secondary btn-sm"
              aria-describedby={headingId}
            >
              Descărcați factura (PDF)
            </DocumentDownloadLink>
          ) : null}
          {order.policy_id ? (
            <Link
              href={vignette ? '/account/vignettes' : '/account/policies'}
              className="font-semibold text-primary underline underline-offset-4"
            >
              {vignette ? 'Vedeți vinieta' : 'Vedeți polița'}
            </Link>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

