'use client';

import { useEffect } from 'react';
import type { Product, ProductStatus } from '@/contract/types';
import { useStoresHydrated } from '@/stores/hydration';
import { useProductStore, type CachedProductCode } from '@/stores/product-store';

/**
 * Puts the product and statuses a product page was rendered with into the product store (SPEC §3/§4:
 * `productStore` in localStorage; the tire product in memory only), once the persisted store has been read, so
 * that the next visit, and a render whose products call failed, start from them (useCachedProduct).
 */
export function ProductCache({ code, product, statuses }: { code: CachedProductCode; product: Product | null; statuses: ProductStatus | null }) {
  const hydrated = useStoresHydrated();
  useEffect(() => {
    if (!hydrated) return;
    const store = useProductStore.getState();
    if (product) store.setProduct(code, product);
    if (statuses) store.updateStatuses(statuses);
  }, [hydrated, code, product, statuses]);
  return null;
}
