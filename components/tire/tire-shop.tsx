'use client';

import { ProductShop, type ShopProduct } from '@/components/products/product-shop';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import { mergeDraft } from '@/lib/shop/paths';
import type { TireInput } from '@/lib/validation/products/tire';
import { emptyTireForm, type TireFormValues } from '@/contract/products/tire-values';
import { TireForm } from './tire-form';

/** zod and the schema load with the first edit or the submit, not with the page. */
const loadTireSchema = (michelin: boolean) => () => import('@/lib/validation/products/tire').then((m) => m.tireInputSchema({ michelin }));
const TIRE: ShopProduct<TireInput> = { flowKey: 'tire', productCode: 'tire', productName: 'Asigurarea anvelopelor', schema: loadTireSchema(false) };
const MICHELIN: ShopProduct<TireInput> = {
  flowKey: 'michelin',
  productCode: 'michelin-tiresecureplus',
  productName: 'Michelin TireSecure+',
  schema: loadTireSchema(true),
};

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
  const defaults = (): TireFormValues => {
    const empty = emptyTireForm({ today, michelin });
    return renewal ? mergeDraft(empty, renewal) : empty;
  };
  return (
    <ProductShop
      available={productAvailable !== false}
      product={michelin ? MICHELIN : TIRE}
      partnerCode={partnerCode}
      defaults={defaults}
      renewal={renewal}
    >
      {(shop) => <TireForm michelin={michelin} {...shop} />}
    </ProductShop>
  );
}
