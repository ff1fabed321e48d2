import type { Offer } from '@/contract/types';
import { formatLeiFromBani } from '@/contract/money';
import { formatExchangeRate, formatListPrice, formatRateMonth } from '@/lib/vignettes/catalog';

/**
 * What is being bought: product, insurer (a vignette's issuer), package, period and the total in lei; a vignette
 * also its list price and the exchange rate it is charged at.
 */
export function OrderSummary({ productName, offer, details = [] }: { productName: string; offer: Offer; details?: { label: string; value: string }[] }) {
  return (
    <aside aria-labelledby="summary-heading" className="rounded-xl border border-border bg-surface p-5">
      <h2 id="summary-heading" className="mb-3 text-lg font-semibold">
        Rezumatul comenzii
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">Produs</dt>
        <dd>{productName}</dd>
        <dt className="text-muted">{offer.list_price ? 'Emitent' : 'Asigurător'}</dt>
        <dd>{offer.insurer.name}</dd>
        <dt className="text-muted">{offer.list_price ? 'Vinietă' : 'Pachet'}</dt>
        <dd>{offer.package_name}</dd>
        <dt className="text-muted">Perioadă</dt>
        <dd>{offer.period_label}</dd>
        {offer.bonus_malus_class ? (
          <>
            <dt className="text-muted">Bonus-malus</dt>
            <dd>{offer.bonus_malus_class}</dd>
          </>
        ) : null}
        {details.map((d) => (
          <div key={d.label} className="contents">
            <dt className="text-muted">{d.label}</dt>
            <dd className="break-all">{d.value}</dd>
          </div>
        ))}
        {offer.list_price && offer.exchange_rate ? (
          <>
            <dt className="text-muted">Tarif</dt>
            <dd>{formatListPrice(offer.list_price.amount, offer.list_price.currency)}</dd>
            <dt className="text-muted">Curs</dt>
            <dd>
              {formatExchangeRate(offer.exchange_rate.lei_per_unit, offer.exchange_rate.currency)} ({formatRateMonth(offer.exchange_rate.month)})
            </dd>
          </>
        ) : null}
        <dt className="border-t border-border pt-2 font-semibold">Total de plată</dt>
        <dd className="border-t border-border pt-2 text-lg font-bold text-primary" data-testid="summary-total">
          {formatLeiFromBani(offer.price_bani)}
        </dd>
      </dl>
    </aside>
  );
}
