import { api, unwrap, type Envelope } from './client';
import type { Product, ProductCode } from '@/contract/types';

/**
 * Products calls of SPEC §4. Each answer also carries the product statuses in a header
 * (lib/api/product-statuses.ts), which the product store reads from every answer of the client.
 */

/** GET {products host}/api/v1/products. */
export async function listProducts(): Promise<Product[]> {
  return unwrap(await api.get<Envelope<Product[]>>('/api/v1/products'));
}

/** GET {products host}/api/v1/products/{code}. */
export async function getProduct(code: ProductCode): Promise<Product> {
  return unwrap(await api.get<Envelope<Product>>(`/api/v1/products/${encodeURIComponent(code)}`));
}
