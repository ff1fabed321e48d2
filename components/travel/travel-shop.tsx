'use client';

import { ProductShop } from '@/components/products/product-shop';
import { ProductUnavailable } from '@/components/products/product-unavailable';
import { useProductAvailability } from '@/components/products/use-product-availability';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import type { ProductStatus } from '@/lib/api/types';
import { mergeDraft } from '@/lib/shop/paths';
import { emptyTravelForm, type TravelFormValues } from '@/lib/validation/products/travel-values';
import { TravelForm } from './travel-form';

/** zod and the schema load with the first edit or the submit, not with the page. */
const loadTravelSchema = () => import('@/lib/validation/products/travel').then((m) => m.travelInputSchema());

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
  if (!available) return <ProductUnavailable productName="Asigurarea de călătorie" />;
  const defaults = (): TravelFormValues => {
    const empty = emptyTravelForm(today);
    if (!renewal) return empty;
    const merged = mergeDraft(empty, renewal);
    const value = (renewal.options as { cancellation_insured_value_eur?: string } | undefined)?.cancellation_insured_value_eur ?? '';
    return { ...merged, options: { ...merged.options, cancellation: value !== '', cancellation_insured_value_eur: value } };
  };
  return (
    <ProductShop
      flowKey="travel"
      productCode="travel"
      partnerCode={partnerCode}
      productName="Asigurare de călătorie"
      schema={loadTravelSchema}
      defaults={defaults}
      renewal={renewal}
      details={(input) => ({ summary: typeof input?.destination === 'string' && input.destination ? [{ label: 'Destinație', value: input.destination }] : [] })}
    >
      {(shop) => <TravelForm {...shop} />}
    </ProductShop>
  );
}
