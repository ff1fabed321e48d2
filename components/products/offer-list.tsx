import type { Offer, Quote } from '@/contract/types';
import { formatDateTime } from '@/lib/time';
import { isVignetteProduct } from '@/lib/vignettes/catalog';
import { groupRcaOffers, matchesChosenCover, rankOffers } from '@/lib/shop/offers';
import { OfferCard } from './offer-card';
import { RcaOfferRow } from './rca-offer-row';

/** The quote's offers sorted by price (RCA: one row per insurer, standard and direct settlement side by side). */
export function OfferList({ quote, onChoose }: { quote: Quote; onChoose: (offer: Offer) => void }) {
  const count = quote.offers.length;
  const ranked = rankOffers(quote);
  const vignette = isVignetteProduct(quote.product_code);
  if (count === 0) {
    return <p role="status">Nu am găsit oferte pentru datele introduse. Modificați datele și încercați din nou.</p>;
  }
  return (
    <section aria-labelledby="offers-heading">
      <h2 id="offers-heading" className="mb-2 text-2xl font-semibold">
        {vignette ? 'Prețul vinietei' : 'Ofertele asigurătorilor'}
      </h2>
      <p role="status" className="mb-4 text-muted">
        {vignette
          ? `Prețul în lei este calculat la cursul lunii și este valabil până la ${formatDateTime(quote.expires_at)}.`
          : `${count === 1 ? 'O ofertă' : `${count} oferte`}, ordonate după preț. Prețurile sunt valabile până la ${formatDateTime(quote.expires_at)}.`}
      </p>
      {ranked.offers.some((o) => !matchesChosenCover(quote, o)) ? (
        <p className="mb-4 text-sm text-muted">Ofertele doar PAD, fără asigurarea facultativă aleasă, sunt la final.</p>
      ) : null}
      {quote.product_code === 'rca' ? (
        <>
          <p className="mb-4 text-sm text-muted">
            Cu decontare directă, paguba dumneavoastră este plătită de propriul asigurător RCA, fără să așteptați asigurătorul
            vinovatului.
          </p>
          <ul className="flex flex-col gap-4" aria-label="Oferte RCA">
            {groupRcaOffers(quote.offers).map((row, index) => (
              <RcaOfferRow key={row.insurerCode} row={row} onChoose={onChoose} cheapest={index === 0} />
            ))}
          </ul>
        </>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Oferte">
          {ranked.offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} onChoose={onChoose} cheapest={!vignette && offer.id === ranked.cheapestId} />
          ))}
        </ul>
      )}
    </section>
  );
}
