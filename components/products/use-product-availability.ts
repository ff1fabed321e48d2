'use client';

import { useLiveProductStatuses } from '@/components/home/use-live-product-statuses';
import type { ProductStatus } from '@/contract/types';
import { isProductAvailable } from '@/lib/shop/availability';
import type { CachedProductCode } from '@/stores/product-store';
import { useCachedProduct } from './use-cached-product';

/**
 * A product's availability: server-rendered statuses first, then kept live (realtime, store, polling). When the
 * page's render could not load the product, the product store's copy (or one shared fetch) stands in.
 */
export function useProductAvailability(code: CachedProductCode, initialStatuses: ProductStatus | null, productAvailable: boolean | null): boolean {
  const statuses = useLiveProductStatuses(initialStatuses);
  const cached = useCachedProduct(code, productAvailable === null);
  return isProductAvailable(code, statuses, productAvailable ?? cached?.is_available ?? null);
}
