import type { Offer, Quote } from '@/contract/types';

/** Cheapest first; equal prices by insurer name, then id (stable, whatever order the backend used). */
export function sortOffersByPrice(offers: readonly Offer[]): Offer[] {
  return offers
    .slice()
    .sort((a, b) => a.price_bani - b.price_bani || a.insurer.name.localeCompare(b.insurer.name, 'ro') || a.id.localeCompare(b.id));
}

/**
 * Whether an offer gives the cover the customer asked for. House: with voluntary cover ticked only the
 * PAD + voluntary offers do (the PAD-only ones stay listed, after them); other products: every offer.
 */
export function matchesChosenCover(quote: Pick<Quote, 'product_code' | 'input'>, offer: Offer): boolean {
  if (quote.product_code !== 'house-insurance') return true;
  const wantsVoluntary = Boolean((quote.input as { voluntary?: unknown } | undefined)?.voluntary);
  return !wantsVoluntary || offer.package_code !== 'pad';
}

/**
 * A quote's offers in the order shown: those matching the chosen cover first, each group cheapest first; the
 * cheapest is the cheapest matching offer ("Cel mai mic preț"), never one without the chosen cover.
 */
export function rankOffers(quote: Pick<Quote, 'product_code' | 'input' | 'offers'>): { offers: Offer[]; cheapestId: string | null } {
  const sorted = sortOffersByPrice(quote.offers);
  const matching = sorted.filter((o) => matchesChosenCover(quote, o));
  const others = sorted.filter((o) => !matchesChosenCover(quote, o));
  return { offers: [...matching, ...others], cheapestId: matching[0]?.id ?? null };
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
