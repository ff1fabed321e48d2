import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { Offer } from '@/contract/types';
import { formatLeiFromBani } from '@/contract/money';
import { formatExchangeRate, formatListPrice, formatRateMonth } from '@/lib/vignettes/catalog';

/** One offer: insurer, package, price in lei for the period, coverage, bonus-malus class (RCA). */
export function OfferCard({ offer, onChoose, cheapest = false }: { offer: Offer; onChoose: (offer: Offer) => void; cheapest?: boolean }) {
  const headingId = `offer-${offer.id}`;
  return (
    <Card as="li" aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            {offer.insurer.name}
          </h3>
          <p className="text-sm text-muted">{offer.package_name}</p>
        </div>
        {cheapest ? <span className="rounded-full bg-success-surface px-2 py-0.5 text-xs font-semibold text-success">Cel mai mic preț</span> : null}
      </div>
      <p>
        <span className="text-2xl font-bold text-primary" data-testid="offer-price">
          {formatLeiFromBani(offer.price_bani)}
        </span>{' '}
        <span className="text-sm text-muted">/ {offer.period_label}</span>
      </p>
      {offer.list_price && offer.exchange_rate ? (
        <p className="text-sm" data-testid="offer-list-price">
          Tarif {formatListPrice(offer.list_price.amount, offer.list_price.currency)}, la cursul de{' '}
          {formatExchangeRate(offer.exchange_rate.lei_per_unit, offer.exchange_rate.currency)} din{' '}
          {formatRateMonth(offer.exchange_rate.month)}
        </p>
      ) : null}
      {offer.bonus_malus_class ? (
        <p className="text-sm">
          Clasa bonus-malus: <strong>{offer.bonus_malus_class}</strong>
        </p>
      ) : null}
      {offer.coverage.length > 0 ? (
        <ul className="list-inside list-disc text-sm text-muted">
          {offer.coverage.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <Button className="mt-auto" onClick={() => onChoose(offer)} aria-describedby={headingId}>
        Alegeți oferta
      </Button>
    </Card>
  );
}
