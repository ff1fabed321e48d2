'use client';

import { useMemo } from 'react';
import { ProductUnavailable } from '@/components/products/product-unavailable';
import { QuoteFlowView } from '@/components/products/quote-flow';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import type { ProductCode } from '@/contract/types';
import { sameRenewal } from '@/contract/renewal';
import { mergeDraft } from '@/lib/shop/paths';
import { draftKeys, useQuoteFlow } from '@/lib/shop/use-quote-flow';
import { useDraftForm } from '@/lib/shop/use-draft-form';
import { emptyTireForm, type TireFormValues } from '@/contract/products/tire-values';
import { TireForm } from './tire-form';

type Props = {
  michelin?: boolean;
  partnerCode: string | null;
  /** The tire products have no status flag: the product's own availability. */
  productAvailable: boolean | null;
  renewal?: Record<string, unknown> | null;
};

/** Tire insurance, or Michelin TireSecure+ (`michelin`): tires → offers (plans) → details → order. */
export function TireShop({ michelin = false, partnerCode, productAvailable, renewal }: Props) {
  const flowKey = michelin ? 'michelin' : 'tire';
  const productCode: ProductCode = michelin ? 'michelin-tiresecureplus' : 'tire';
  const flow = useQuoteFlow({ flowKey, productCode, partnerCode });
  const today = useBucharestToday();
  // zod and the schema load on the first blur or submit, not with the page.
  const schema = useMemo(() => () => import('@/lib/validation/products/tire').then((m) => m.tireInputSchema({ michelin })), [michelin]);
  const defaults = (): TireFormValues => {
    const empty = emptyTireForm({ today, michelin });
    return renewal ? mergeDraft(empty, renewal) : empty;
  };
  const form = useDraftForm({
    draftKey: draftKeys(flowKey).form,
    defaults,
    // A renewal of another policy than the draft's starts from that policy's data.
    overrideOnce: (v) => (renewal && !sameRenewal(v, renewal) ? defaults() : v),
    schema,
  });
  const productName = michelin ? 'Michelin TireSecure+' : 'Asigurarea anvelopelor';
  if (productAvailable === false) return <ProductUnavailable productName={productName} />;
  return (
    <QuoteFlowView
      flow={flow}
      flowKey={flowKey}
      productName={productName}
      identity="none"
      form={
        <TireForm
          michelin={michelin}
          form={form}
          busy={flow.busy}
          onSubmit={() => void flow.submitForm(form)}
        />
      }
    />
  );
}
