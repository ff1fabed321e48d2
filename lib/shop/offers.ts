import type { Offer } from '@/lib/api/checkout';

/** Cheapest first; equal prices by insurer name, then id (stable, whatever order the backend used). */
export function sortOffersByPrice(offers: readonly Offer[]): Offer[] {
  return offers
    .slice()
    .sort((a, b) => a.price_bani - b.price_bani || a.insurer.name.localeCompare(b.insurer.name, 'ro') || a.id.localeCompare(b.id));
}

export type RcaOfferRow = { insurerCode: string; insurerName: string; standard: Offer | null; direct: Offer | null };

/**
 * RCA offers as one row per insurer, standard and direct settlement side by side, rows sorted by the
 * cheaper of the two.
 */
export function groupRcaOffers(offers: readonly Offer[]): RcaOfferRow[] {
  const rows = new Map<string, RcaOfferRow>();
  for (const offer of sortOffersByPrice(offers)) {
    let row = rows.get(offer.insurer.code);
    if (!row) {
      row = { insurerCode: offer.insurer.code, insurerName: offer.insurer.name, standard: null, direct: null };
      rows.set(offer.insurer.code, row);
    }
    if (offer.direct_settlement) row.direct ??= offer;
    else row.standard ??= offer;
  }
  const cheapest = (row: RcaOfferRow) => Math.min(row.standard?.price_bani ?? Infinity, row.direct?.price_bani ?? Infinity);
  return [...rows.values()].sort((a, b) => cheapest(a) - cheapest(b) || a.insurerName.localeCompare(b.insurerName, 'ro'));
}
