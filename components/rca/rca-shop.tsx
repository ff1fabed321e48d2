'use client';

import { useMemo } from 'react';
import { ProductUnavailable } from '@/components/products/product-unavailable';
import { QuoteFlowView } from '@/components/products/quote-flow';
import { useProductAvailability } from '@/components/products/use-product-availability';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import type { ProductStatus } from '@/lib/api/types';
import { draftKeys, useQuoteFlow } from '@/lib/shop/use-quote-flow';
import { useDraftForm } from '@/lib/shop/use-draft-form';
import { emptyRcaForm, type RcaFormValues } from '@/lib/validation/products/rca-values';
import { RcaForm } from './rca-form';

const FLOW_KEY = 'rca';
const UPPERCASE = ['registration_plate', 'vin', 'vehicle.civ_series', 'owner.cui'] as const;

type Props = {
  plate: string | null;
  vin: string | null;
  partnerCode: string | null;
  initialStatuses: ProductStatus | null;
  productAvailable: boolean | null;
  /** Policy input to start from (renewal). */
  renewal?: Partial<RcaFormValues> | null;
};

/** The RCA purchase: plate-first form → offers → details → order. */
export function RcaShop({ plate, vin, partnerCode, initialStatuses, productAvailable, renewal }: Props) {
  const available = useProductAvailability('rca', initialStatuses, productAvailable);
  const flow = useQuoteFlow({ flowKey: FLOW_KEY, productCode: 'rca', partnerCode });
  const today = useBucharestToday();
  // zod and the schema load on the first blur or submit, not with the page.
  const schema = useMemo(() => () => import('@/lib/validation/products/rca').then((m) => m.rcaInputSchema()), []);
  const form = useDraftForm({
    draftKey: draftKeys(FLOW_KEY).form,
    defaults: () => {
      const empty = emptyRcaForm(today);
      const base = renewal ? { ...empty, ...renewal, vehicle: { ...empty.vehicle, ...renewal.vehicle }, owner: { ...empty.owner, ...renewal.owner } } : empty;
      return { ...base, registration_plate: plate ?? base.registration_plate, vin: vin ?? base.vin };
    },
    overrideOnce: (v) => {
      const samePlate = !plate || v.registration_plate === plate;
      const sameVin = !vin || v.vin === vin;
      if (samePlate && sameVin) return v;
      // Another vehicle in the route: keep the owner and dates, forget the old vehicle's data.
      return { ...v, registration_plate: plate ?? v.registration_plate, vin: vin ?? v.vin, vehicle: emptyRcaForm(today).vehicle };
    },
    schema,
    uppercase: UPPERCASE,
  });

  if (!available) return <ProductUnavailable productName="Asigurarea RCA" />;

  const input = flow.state.quote?.input as { registration_plate?: string; owner?: { type?: string; cnp?: string; cui?: string } } | undefined;
  const identity = input?.owner?.type === 'company' ? 'cui' : 'cnp';
  return (
    <QuoteFlowView
      flow={flow}
      flowKey={FLOW_KEY}
      productName="Asigurare RCA"
      identity={identity}
      prefill={identity === 'cui' ? { cui: input?.owner?.cui ?? '' } : { cnp: input?.owner?.cnp ?? '' }}
      summary={input?.registration_plate ? [{ label: 'Vehicul', value: input.registration_plate }] : []}
      form={
        <RcaForm
          form={form}
          draftKey={draftKeys(FLOW_KEY).form}
          busy={flow.busy}
          autoLookup={Boolean(plate || vin)}
          onSubmit={() => void flow.submitForm(form)}
        />
      }
    />
  );
}
