import { getProduct } from '@/lib/api/products';
import type { Product } from '@/contract/types';
import { useProductStore, PRODUCT_FIELD, type CachedProductCode } from '@/stores/product-store';

const inFlight = new Map<CachedProductCode, Promise<Product>>();

/**
 * A product's data, fetched once and cached in the product store (SPEC §4); concurrent calls share one
 * pending request. The tire product (and the vignettes) are cached in memory only (the store persists the rest).
 */
export function loadProduct(code: CachedProductCode): Promise<Product> {
  const cached = useProductStore.getState()[PRODUCT_FIELD[code]];
  if (cached) return Promise.resolve(cached);
  let pending = inFlight.get(code);
  if (!pending) {
    pending = getProduct(code)
      .then((product) => {
        useProductStore.getState().setProduct(code, product);
        return product;
      })
      .finally(() => inFlight.delete(code));
    inFlight.set(code, pending);
  }
  return pending;
}
