import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onApiResponse } from '@/lib/api/client';
import { parseProductStatuses, PRODUCT_STATUSES_HEADER } from '@/lib/api/product-statuses';
import type { Product, ProductStatus } from '@/contract/types';
import { mergeStored } from './stored-state';

/**
 * Products (SPEC §3/§4), localStorage `productStore`: productStatuses, travelProduct, rcaProduct,
 * houseInsuranceProduct. The tire product and the two road vignettes are kept in memory only (not persisted: the
 * spec names the persisted fields).
 * Fetching with a shared in-flight request lives in lib/shop/product-cache.ts (`loadProduct`); the statuses
 * follow the header of every products answer of the browser's API client (registered at the end of this file).
 */
export type ProductState = {
  productStatuses: ProductStatus | null;
  travelProduct: Product | null;
  rcaProduct: Product | null;
  houseInsuranceProduct: Product | null;
  tireProduct: Product | null;
  roVignetteProduct: Product | null;
  huVignetteProduct: Product | null;
};

export type CachedProductCode = 'rca' | 'travel' | 'house-insurance' | 'tire' | 'ro-vignette' | 'hu-vignette';

type ProductActions = {
  /** Replaces the statuses only when the server's updated_at differs from the stored one (SPEC §4). Returns whether it did. */
  updateStatuses: (statuses: ProductStatus) => boolean;
  setProduct: (code: CachedProductCode, product: Product) => void;
  clearProducts: () => void;
};

export const PRODUCT_STORE_KEY = 'productStore';

export const PRODUCT_FIELD: Record<CachedProductCode, keyof Omit<ProductState, 'productStatuses'>> = {
  rca: 'rcaProduct',
  travel: 'travelProduct',
  'house-insurance': 'houseInsuranceProduct',
  tire: 'tireProduct',
  'ro-vignette': 'roVignetteProduct',
  'hu-vignette': 'huVignetteProduct',
};

export const initialProductState: ProductState = {
  productStatuses: null,
  travelProduct: null,
  rcaProduct: null,
  houseInsuranceProduct: null,
  tireProduct: null,
  roVignetteProduct: null,
  huVignetteProduct: null,
};

export const useProductStore = create<ProductState & ProductActions>()(
  persist(
    (set, get) => ({
      ...initialProductState,
      updateStatuses: (statuses) => {
        if (get().productStatuses?.updated_at === statuses.updated_at) return false;
        set({ productStatuses: statuses });
        return true;
      },
      setProduct: (code, product) => set({ [PRODUCT_FIELD[code]]: product }),
      // Every product back to its initial state; the statuses stay.
      clearProducts: () => set({ ...initialProductState, productStatuses: get().productStatuses }),
    }),
    {
      name: PRODUCT_STORE_KEY,
      storage: createJSONStorage(() => localStorage),
      skipHydration: true,
      partialize: ({ productStatuses, travelProduct, rcaProduct, houseInsuranceProduct }) => ({
        productStatuses,
        travelProduct,
        rcaProduct,
        houseInsuranceProduct,
      }),
      merge: mergeStored('product', PRODUCT_STORE_KEY, () => localStorage),
    },
  ),
);

// Every products answer carries the statuses (SPEC §4): the store keeps the newest, whoever made the call.
onApiResponse((response) => {
  const statuses = parseProductStatuses(response.headers?.[PRODUCT_STATUSES_HEADER]);
  if (statuses) useProductStore.getState().updateStatuses(statuses);
});
