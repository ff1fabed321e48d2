'use client';

import { ProductShop, type ShopProduct } from '@/components/products/product-shop';
import { useProductAvailability } from '@/components/products/use-product-availability';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import type { ProductStatus } from '@/contract/types';
import { mergeDraft } from '@/lib/shop/paths';
import type { HouseInput } from '@/lib/validation/products/house';
import { emptyHouseForm, type HouseFormValues } from '@/contract/products/house-values';
import { HouseForm } from './house-form';

const HOUSE: ShopProduct<HouseInput> = {
  flowKey: 'house',
  productCode: 'house-insurance',
  productName: 'Asigurarea locuinței',
  // zod and the schema load with the first edit or the submit, not with the page.
  schema: () => import('@/lib/validation/products/house').then((m) => m.houseInputSchema()),
};

type Props = {
  partnerCode: string | null;
  initialStatuses: ProductStatus | null;
  productAvailable: boolean | null;
  renewal?: Record<string, unknown> | null;
};

type QuotedHouse = { address?: { town?: string; street?: string } };

/** The house purchase: PAD (+ voluntary cover) → offers → details → order. */
export function HouseShop({ partnerCode, initialStatuses, productAvailable, renewal }: Props) {
  const available = useProductAvailability('house-insurance', initialStatuses, productAvailable);
  const today = useBucharestToday();
  const defaults = (): HouseFormValues => {
    const empty = emptyHouseForm(today);
    if (!renewal) return empty;
    const merged = mergeDraft(empty, renewal);
    const voluntary = renewal.voluntary && typeof renewal.voluntary === 'object' ? mergeDraft(empty.voluntary, renewal.voluntary) : null;
    return { ...merged, voluntary: voluntary ? { ...voluntary, enabled: true } : empty.voluntary };
  };
  return (
    <ProductShop
      available={available}
      product={HOUSE}
      partnerCode={partnerCode}
      defaults={defaults}
      renewal={renewal}
      details={(quoted) => {
        const address = (quoted as QuotedHouse | undefined)?.address;
        return { summary: address?.town ? [{ label: 'Adresa', value: `${address.street ?? ''}, ${address.town}` }] : [] };
      }}
    >
      {(shop) => <HouseForm {...shop} />}
    </ProductShop>
  );
}
