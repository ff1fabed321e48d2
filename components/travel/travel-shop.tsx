'use client';

import { ProductShop, type ShopProduct } from '@/components/products/product-shop';
import { useProductAvailability } from '@/components/products/use-product-availability';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import type { ProductStatus } from '@/contract/types';
import { mergeDraft } from '@/lib/shop/paths';
import type { TravelInput } from '@/lib/validation/products/travel';
import { emptyTravelForm, type TravelFormValues } from '@/contract/products/travel-values';
import { TravelForm } from './travel-form';

const TRAVEL: ShopProduct<TravelInput> = {
  flowKey: 'travel',
  productCode: 'travel',
  productName: 'Asigurare de călătorie',
  // zod and the schema load with the first edit or the submit, not with the page.
  schema: () => import('@/lib/validation/products/travel').then((m) => m.travelInputSchema()),
};

type Props = {
  partnerCode: string | null;
  initialStatuses: ProductStatus | null;
  productAvailable: boolean | null;
  renewal?: Record<string, unknown> | null;
};

/** The travel purchase: trip and travellers → offers → details → order. */
export function TravelShop({ partnerCode, initialStatuses, productAvailable, renewal }: Props) {
  const available = useProductAvailability('travel', initialStatuses, productAvailable);
  const today = useBucharestToday();
  const defaults = (): TravelFormValues => {
    const empty = emptyTravelForm(today);
    if (!renewal) return empty;
    const merged = mergeDraft(empty, renewal);
    const value = (renewal.options as { cancellation_insured_value_eur?: string } | undefined)?.cancellation_insured_value_eur ?? '';
    return { ...merged, options: { ...merged.options, cancellation: value !== '', cancellation_insured_value_eur: value } };
  };
  return (
    <ProductShop
      available={available}
      unavailableName="Asigurarea de călătorie"
      product={TRAVEL}
      partnerCode={partnerCode}
      defaults={defaults}
      renewal={renewal}
      details={(input) => ({ summary: typeof input?.destination === 'string' && input.destination ? [{ label: 'Destinație', value: input.destination }] : [] })}
    >
      {(shop) => <TravelForm {...shop} />}
    </ProductShop>
  );
}
