'use client';

import { ProductShop } from '@/components/products/product-shop';
import { ProductUnavailable } from '@/components/products/product-unavailable';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import { mergeDraft } from '@/lib/shop/paths';
import { emptyTireForm, type TireFormValues } from '@/lib/validation/products/tire-values';
import { TireForm } from './tire-form';

/** zod and the schema load with the first edit or the submit, not with the page. */
const loadTireSchema = (michelin: boolean) => () => import('@/lib/validation/products/tire').then((m) => m.tireInputSchema({ michelin }));

type Props = {
  michelin?: boolean;
  partnerCode: string | null;
  /** The tire products have no status flag: the product's own availability. */
  productAvailable: boolean | null;
  renewal?: Record<string, unknown> | null;
};

/** Tire insurance, or Michelin TireSecure+ (`michelin`): tires → offers (plans) → details → order. */
export function TireShop({ michelin = false, partnerCode, productAvailable, renewal }: Props) {
  const today = useBucharestToday();
  const productName = michelin ? 'Michelin TireSecure+' : 'Asigurarea anvelopelor';
  if (productAvailable === false) return <ProductUnavailable productName={productName} />;
  const defaults = (): TireFormValues => {
    const empty = emptyTireForm({ today, michelin });
    return renewal ? mergeDraft(empty, renewal) : empty;
  };
  return (
    <ProductShop
      flowKey={michelin ? 'michelin' : 'tire'}
      productCode={michelin ? 'michelin-tiresecureplus' : 'tire'}
      partnerCode={partnerCode}
      productName={productName}
      schema={loadTireSchema(michelin)}
      defaults={defaults}
      renewal={renewal}
    >
      {(shop) => <TireForm michelin={michelin} {...shop} />}
    </ProductShop>
  );
}
