import type { ProductCode, ProductStatus } from '@/contract/types';

const FLAG: Partial<Record<ProductCode, keyof ProductStatus>> = {
  rca: 'is_rca_available',
  travel: 'is_travel_available',
  'house-insurance': 'is_house_insurance_available',
  'ro-vignette': 'is_ro_vignette_available',
  'hu-vignette': 'is_hu_vignette_available',
};

/** Whether a product can be bought: its status flag (when it has one), else the product's own flag. */
export function isProductAvailable(code: ProductCode, statuses: ProductStatus | null, productAvailable: boolean | null = null): boolean {
  const flag = FLAG[code];
  if (flag && statuses) return Boolean(statuses[flag]);
  return productAvailable ?? true;
}
