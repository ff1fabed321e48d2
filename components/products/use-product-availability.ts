'use client';

import { useLiveProductStatuses } from '@/components/home/use-live-product-statuses';
import type { ProductCode, ProductStatus } from '@/lib/api/types';
import { isProductAvailable } from '@/lib/shop/availability';

/** A product's availability: server-rendered statuses first, then kept live (realtime, store, polling). */
export function useProductAvailability(code: ProductCode, initialStatuses: ProductStatus | null, productAvailable: boolean | null): boolean {
  const statuses = useLiveProductStatuses(initialStatuses);
  return isProductAvailable(code, statuses, productAvailable);
}
