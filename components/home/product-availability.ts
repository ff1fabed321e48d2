import type { ProductStatus } from '@/contract/types';

/**
 * Whether each home-page product and vignette can be started, from the site's product statuses
 * (`x-site-product-statuses`). Tire cover has no flag in the status record: it is always offered.
 * Without statuses (backend unreachable) the record's defaults apply: insurance on, vignettes off.
 * Kept apart from the products' texts (product-catalogue.ts, server-rendered): this is what the page's client
 * leaves need to follow the statuses live (issue 17).
 */
export type HomeProductCode = 'rca' | 'travel' | 'house' | 'tire';
export type VignetteCode = 'ro' | 'hu';

export function productAvailable(statuses: ProductStatus | null, code: HomeProductCode): boolean {
  if (code === 'rca') return statuses?.is_rca_available ?? true;
  if (code === 'travel') return statuses?.is_travel_available ?? true;
  if (code === 'house') return statuses?.is_house_insurance_available ?? true;
  return true;
}

export function vignetteAvailable(statuses: ProductStatus | null, code: VignetteCode): boolean {
  return (code === 'ro' ? statuses?.is_ro_vignette_available : statuses?.is_hu_vignette_available) ?? false;
}

/** The newer of two status records (by updated_at); realtime, polling and the store may race. */
export function newerStatuses(current: ProductStatus | null, candidate: ProductStatus | null): ProductStatus | null {
  if (!candidate) return current;
  if (!current) return candidate;
  return Date.parse(candidate.updated_at) >= Date.parse(current.updated_at) ? candidate : current;
}
