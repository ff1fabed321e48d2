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
import { emptyTravelForm, type TravelFormValues } from '@/contract/products/travel-values';
import { TravelForm } from './travel-form';

const FLOW_KEY = 'travel';

type Props = {
  partnerCode: string | null;
  initialStatuses: ProductStatus | null;
  productAvailable: boolean | null;
  renewal?: Record<string, unknown> | null;
};

/** The travel purchase: trip and travellers → offers → details → order. */
export function TravelShop({ partnerCode, initialStatuses, productAvailable, renewal }: Props) {
  const available = useProductAvailability('travel', initialStatuses, productAvailable);
  const flow = useQuoteFlow({ flowKey: FLOW_KEY, productCode: 'travel', partnerCode });
  const today = useBucharestToday();
  // zod and the schema load on the first blur or submit, not with the page.
  const schema = useMemo(() => () => import('@/lib/validation/products/travel').then((m) => m.travelInputSchema()), []);
  const defaults = (): TravelFormValues => {
    const empty = emptyTravelForm(today);
    if (!renewal) return empty;
    const merged = mergeDraft(empty, renewal);
    const value = (renewal.options as { cancellation_insured_value_eur?: string } | undefined)?.cancellation_insured_value_eur ?? '';
    return { ...merged, options: { ...merged.options, cancellation: value !== '', cancellation_insured_value_eur: value } };
  };
  const form = useDraftForm({
    draftKey: draftKeys(FLOW_KEY).form,
    defaults,
    // A renewal of another policy than the draft's starts from that policy's data.
    overrideOnce: (v) => (renewal && !sameRenewal(v, renewal) ? defaults() : v),
    schema,
  });
  if (!available) return <ProductUnavailable productName="Asigurarea de călătorie" />;
  const input = flow.state.quote?.input as { destination?: string } | undefined;
  return (
    <QuoteFlowView
      flow={flow}
      flowKey={FLOW_KEY}
      productName="Asigurare de călătorie"
      identity="none"
      summary={input?.destination ? [{ label: 'Destinație', value: input.destination }] : []}
      form={
        <TravelForm
          form={form}
          busy={flow.busy}
          onSubmit={() => void flow.submitForm(form)}
        />
      }
    />
  );
}
