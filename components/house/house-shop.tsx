'use client';

import { ProductShop } from '@/components/products/product-shop';
import { ProductUnavailable } from '@/components/products/product-unavailable';
import { useProductAvailability } from '@/components/products/use-product-availability';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import type { ProductStatus } from '@/lib/api/types';
import { mergeDraft } from '@/lib/shop/paths';
import { emptyHouseForm, type HouseFormValues } from '@/lib/validation/products/house-values';
import { HouseForm } from './house-form';

/** zod and the schema load with the first edit or the submit, not with the page. */
const loadHouseSchema = () => import('@/lib/validation/products/house').then((m) => m.houseInputSchema());

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
  if (!available) return <ProductUnavailable productName="Asigurarea locuinței" />;
  const defaults = (): HouseFormValues => {
    const empty = emptyHouseForm(today);
    if (!renewal) return empty;
    const merged = mergeDraft(empty, renewal);
    const voluntary = renewal.voluntary && typeof renewal.voluntary === 'object' ? mergeDraft(empty.voluntary, renewal.voluntary) : null;
    return { ...merged, voluntary: voluntary ? { ...voluntary, enabled: true } : empty.voluntary };
  };
  return (
    <ProductShop
      flowKey="house"
      productCode="house-insurance"
      partnerCode={partnerCode}
      productName="Asigurarea locuinței"
      schema={loadHouseSchema}
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
