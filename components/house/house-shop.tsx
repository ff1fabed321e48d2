'use client';

import { useMemo } from 'react';
import { ProductUnavailable } from '@/components/products/product-unavailable';
import { QuoteFlowView } from '@/components/products/quote-flow';
import { useProductAvailability } from '@/components/products/use-product-availability';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import type { ProductStatus } from '@/contract/types';
import { sameRenewal } from '@/contract/renewal';
import { mergeDraft } from '@/lib/shop/paths';
import { draftKeys, useQuoteFlow } from '@/lib/shop/use-quote-flow';
import { useDraftForm } from '@/lib/shop/use-draft-form';
import { emptyHouseForm, type HouseFormValues } from '@/contract/products/house-values';
import { HouseForm } from './house-form';

const FLOW_KEY = 'house';

type Props = {
  partnerCode: string | null;
  initialStatuses: ProductStatus | null;
  productAvailable: boolean | null;
  renewal?: Record<string, unknown> | null;
};

/** The house purchase: PAD (+ voluntary cover) → offers → details → order. */
export function HouseShop({ partnerCode, initialStatuses, productAvailable, renewal }: Props) {
  const available = useProductAvailability('house-insurance', initialStatuses, productAvailable);
  const flow = useQuoteFlow({ flowKey: FLOW_KEY, productCode: 'house-insurance', partnerCode });
  const today = useBucharestToday();
  // zod and the schema load on the first blur or submit, not with the page.
  const schema = useMemo(() => () => import('@/lib/validation/products/house').then((m) => m.houseInputSchema()), []);
  const defaults = (): HouseFormValues => {
    const empty = emptyHouseForm(today);
    if (!renewal) return empty;
    const merged = mergeDraft(empty, renewal);
    const voluntary = renewal.voluntary && typeof renewal.voluntary === 'object' ? mergeDraft(empty.voluntary, renewal.voluntary) : null;
    return { ...merged, voluntary: voluntary ? { ...voluntary, enabled: true } : empty.voluntary };
  };
  const form = useDraftForm({
    draftKey: draftKeys(FLOW_KEY).form,
    defaults,
    // A renewal of another policy than the draft's starts from that policy's data.
    overrideOnce: (v) => (renewal && !sameRenewal(v, renewal) ? defaults() : v),
    schema,
  });
  if (!available) return <ProductUnavailable productName="Asigurarea locuinței" />;
  const input = flow.state.quote?.input as { address?: { town?: string; street?: string } } | undefined;
  return (
    <QuoteFlowView
      flow={flow}
      flowKey={FLOW_KEY}
      productName="Asigurarea locuinței"
      identity="none"
      summary={input?.address?.town ? [{ label: 'Adresa', value: `${input.address.street ?? ''}, ${input.address.town}` }] : []}
      form={
        <HouseForm
          form={form}
          busy={flow.busy}
          onSubmit={() => void flow.submitForm(form)}
        />
      }
    />
  );
}
