import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { onApiResponse } from '@/lib/api/client';
import { parseProductStatuses, PRODUCT_STATUSES_HEADER } from '@/lib/api/product-statuses';
import type { Product, ProductStatus } from '@/contract/types';
import { isBoolean, isRecord, isString, orNull, readPersisted, type FieldChecks } from './persisted-fields';

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

const STATUS_FLAGS = ['is_ro_vignette_available', 'is_hu_vignette_available', 'is_rca_available', 'is_travel_available', 'is_house_insurance_available'] as const;

function storedStatuses(value: unknown): ProductStatus | undefined {
  if (!isRecord(value) || !isString(value.updated_at)) return undefined;
  return STATUS_FLAGS.every((flag) => value[flag] === undefined || isBoolean(value[flag])) ? (value as ProductStatus) : undefined;
}

/** A stored product of `code`, in the shape the product pages render; anything else is fetched again. */
function storedProduct(code: CachedProductCode) {
  return (value: unknown): Product | undefined =>
    isRecord(value) &&
    value.code === code &&
    isString(value.name) &&
    (value.description == null || isString(value.description)) &&
    (value.options === undefined || isRecord(value.options)) &&
    (value.periods === undefined || Array.isArray(value.periods))
      ? (value as Product)
      : undefined;
}

/**
 * The fields rehydration takes from localStorage (stores/persisted-fields.ts): the persisted ones only, each in its
 * shape; never the in-memory products or an action.
 */
const STORED_FIELDS: FieldChecks<ProductState> = {
  productStatuses: orNull(storedStatuses),
  rcaProduct: orNull(storedProduct('rca')),
  travelProduct: orNull(storedProduct('travel')),
  houseInsuranceProduct: orNull(storedProduct('house-insurance')),
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
      merge: (stored, current) => ({ ...current, ...readPersisted(stored, STORED_FIELDS) }),
    },
  ),
);

// Every products answer carries the statuses (SPEC §4): the store keeps the newest, whoever made the call.
onApiResponse((response) => {
  const statuses = parseProductStatuses(response.headers?.[PRODUCT_STATUSES_HEADER]);
  if (statuses) useProductStore.getState().updateStatuses(statuses);
});
