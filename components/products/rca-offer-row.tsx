import { Button } from '@/components/ui/button';
import type { Offer } from '@/contract/types';
import { formatLeiFromBani } from '@/contract/money';
import type { RcaOfferRow as Row } from '@/lib/shop/offers';

function PriceCell({ offer, label, insurerName, onChoose }: { offer: Offer | null; label: string; insurerName: string; onChoose: (offer: Offer) => void }) {
  if (!offer) return <div className="text-sm text-muted">{label}: indisponibil</div>;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-border p-3">
      <span className="text-sm text-muted">{label}</span>
      <span className="text-xl font-bold text-primary" data-testid="offer-price">
        {formatLeiFromBani(offer.price_bani)}
      </span>
      <span className="text-xs text-muted">{offer.period_label}</span>
      <Button size="sm" onClick={() => onChoose(offer)} aria-label={`Alegeți ${insurerName}, ${label.toLowerCase()}, ${formatLeiFromBani(offer.price_bani)}`}>
        Alegeți
      </Button>
    </div>
  );
}

/** One RCA insurer: standard and direct settlement side by side, bonus-malus class, coverage. */
export function RcaOfferRow({ row, onChoose, cheapest }: { row: Row; onChoose: (offer: Offer) => void; cheapest?: boolean }) {
  const any = row.standard ?? row.direct;
  const headingId = `rca-offer-${row.insurerCode}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-border bg-surface p-5 shadow-sm">
      <div className="grid gap-4 md:grid-cols-[1fr_auto_auto] md:items-center">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            {row.insurerName}
            {cheapest ? <span className="ml-2 rounded-full bg-success-surface px-2 py-0.5 text-xs font-semibold text-success">Cel mai mic preț</span> : null}
          </h3>
          {any?.bonus_malus_class ? (
            <p className="text-sm">
              Clasa bonus-malus: <strong>{any.bonus_malus_class}</strong>
            </p>
          ) : null}
          {row.standard ? (
            <ul className="mt-2 list-inside list-disc text-sm text-muted">
              {row.standard.coverage.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
        <PriceCell offer={row.standard} label="Fără decontare directă" insurerName={row.insurerName} onChoose={onChoose} />
        <PriceCell offer={row.direct} label="Cu decontare directă" insurerName={row.insurerName} onChoose={onChoose} />
      </div>
    </li>
  );
}
