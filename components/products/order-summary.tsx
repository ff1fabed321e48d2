import type { Offer } from '@/lib/api/checkout';
import { formatLeiFromBani } from '@/lib/format/money';

/** What is being bought: product, insurer, package, period and the total in lei. */
export function OrderSummary({ productName, offer, details = [] }: { productName: string; offer: Offer; details?: { label: string; value: string }[] }) {
  return (
    <aside aria-labelledby="summary-heading" className="rounded-xl border border-border bg-surface p-5">
      <h2 id="summary-heading" className="mb-3 text-lg font-semibold">
        Rezumatul comenzii
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">Produs</dt>
        <dd>{productName}</dd>
        <dt className="text-muted">Asigurător</dt>
        <dd>{offer.insurer.name}</dd>
        <dt className="text-muted">Pachet</dt>
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
        <dt className="border-t border-border pt-2 font-semibold">Total de plată</dt>
        <dd className="border-t border-border pt-2 text-lg font-bold text-primary" data-testid="summary-total">
          {formatLeiFromBani(offer.price_bani)}
        </dd>
      </dl>
    </aside>
  );
}
