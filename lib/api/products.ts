import type { AxiosResponse } from 'axios';
import { useProductStore, PRODUCT_FIELD, type CachedProductCode } from '@/stores/product-store';
import { api, unwrap, type Envelope } from './client';
import type { Product, ProductCode, ProductStatus } from '@/contract/types';

export const PRODUCT_STATUSES_HEADER = 'x-site-product-statuses';

/** Every products response carries the statuses as JSON in a header; a changed updated_at replaces them. */
export function applyStatusesHeader(response: AxiosResponse): void {
  const raw: unknown = response.headers?.[PRODUCT_STATUSES_HEADER];
  if (typeof raw !== 'string' || raw === '') return;
  try {
    const statuses = JSON.parse(raw) as ProductStatus;
    if (statuses && typeof statuses.updated_at === 'string') useProductStore.getState().updateStatuses(statuses);
  } catch {
    /* malformed header: keep what we have */
  }
}

/** GET {products host}/api/v1/products. */
export async function listProducts(): Promise<Product[]> {
  const response = await api.get<Envelope<Product[]>>('/api/v1/products');
  applyStatusesHeader(response);
  return unwrap(response);
}

/** GET {products host}/api/v1/products/{code}. */
export async function getProduct(code: ProductCode): Promise<Product> {
  const response = await api.get<Envelope<Product>>(`/api/v1/products/${encodeURIComponent(code)}`);
  applyStatusesHeader(response);
  return unwrap(response);
}

const inFlight = new Map<CachedProductCode, Promise<Product>>();

/**
 * A product's data, fetched once and cached in the product store (SPEC §4); concurrent calls share one
 * pending request. The tire product is cached in memory only.
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
