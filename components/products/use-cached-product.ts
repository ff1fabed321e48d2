'use client';

import { useEffect, useState } from 'react';
import { loadProduct } from '@/lib/shop/product-cache';
import type { Product } from '@/contract/types';
import { useProductStore, PRODUCT_FIELD, type CachedProductCode } from '@/stores/product-store';

/**
 * A product's data from the product store, fetched once (concurrent callers share one request, lib/shop/product-cache
 * `loadProduct`) when `needed` and the store has none: the page's own render could not load it.
 */
export function useCachedProduct(code: CachedProductCode, needed: boolean): Product | null {
  const cached = useProductStore((s) => s[PRODUCT_FIELD[code]]);
  const [loaded, setLoaded] = useState<Product | null>(null);
  useEffect(() => {
    if (!needed || cached) return;
    let cancelled = false;
    loadProduct(code).then(
      (product) => {
        if (!cancelled) setLoaded(product);
      },
      () => {
        /* keep what we have: the statuses still decide availability */
      },
    );
    return () => {
      cancelled = true;
    };
  }, [code, needed, cached]);
  return cached ?? loaded;
}
