import { COUNTRIES, HU_VIGNETTE_TARIFF, RO_VIGNETTE_TARIFF, VIGNETTE_ISSUERS, VIGNETTE_PRODUCTS } from '@/backend/src/db/vignette-data';
import type { Product } from '@/contract/types';

/** A vignette product as the reference backend serves it (backend/src/db/seed.ts `seedVignettes`), available. */
export function vignetteProduct(kind: 'ro' | 'hu'): Product {
  const p = VIGNETTE_PRODUCTS[kind === 'ro' ? 0 : 1];
  const t = kind === 'ro' ? RO_VIGNETTE_TARIFF : HU_VIGNETTE_TARIFF;
  return {
    id: kind === 'ro' ? 20 : 21,
    code: p.code,
    name: p.name,
    description: p.description,
    is_available: true,
    min_period: 1,
    max_period: 365,
    periods: [],
    options: {
      currency: t.currency,
      source: t.source,
      issuer: VIGNETTE_ISSUERS.find((i) => i.code === p.issuer),
      categories: t.categories,
      validities: t.validities,
      counties: t.counties ?? [],
      countries: COUNTRIES,
      start_date: t.start_date,
    },
  };
}
