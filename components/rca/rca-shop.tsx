'use client';

import { useEffect, useMemo } from 'react';
import { ProductUnavailable } from '@/components/products/product-unavailable';
import { QuoteFlowView } from '@/components/products/quote-flow';
import { useProductAvailability } from '@/components/products/use-product-availability';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import type { ProductStatus } from '@/contract/types';
import { sameRenewal } from '@/contract/renewal';
import { draftKeys, useQuoteFlow } from '@/lib/shop/use-quote-flow';
import { useDraftForm } from '@/lib/shop/use-draft-form';
import { emptyRcaForm, type RcaFormValues } from '@/contract/products/rca-values';
import { RcaForm } from './rca-form';

const FLOW_KEY = 'rca';
const UPPERCASE = ['registration_plate', 'vin', 'vehicle.civ_series', 'owner.cui', 'user.cui'] as const;

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
  const defaults = (): RcaFormValues => {
    const empty = emptyRcaForm(today);
    const base = renewal
      ? {
          ...empty,
          ...renewal,
          vehicle: { ...empty.vehicle, ...renewal.vehicle },
          owner: { ...empty.owner, ...renewal.owner },
          user: { ...empty.user, ...renewal.user },
          user_differs: Boolean(renewal.user && (renewal.user.cnp || renewal.user.cui)),
        }
      : empty;
    return { ...base, registration_plate: plate ?? base.registration_plate, vin: vin ?? base.vin };
  };
  const form = useDraftForm({
    draftKey: draftKeys(FLOW_KEY).form,
    defaults,
    overrideOnce: (v) => {
      // A renewal of another policy than the draft's starts from that policy's data.
      if (renewal && !sameRenewal(v, renewal)) return defaults();
      const samePlate = !plate || v.registration_plate === plate;
      const sameVin = !vin || v.vin === vin;
      if (samePlate && sameVin) return v;
      // Another vehicle in the route: keep the owner and dates, forget the old vehicle's data.
      return { ...v, registration_plate: plate ?? v.registration_plate, vin: vin ?? v.vin, vehicle: emptyRcaForm(today).vehicle };
    },
    schema,
    uppercase: UPPERCASE,
  });
  // Offers of another purchase than this renewal are not shown for it.
  const quotedRenewal = String((flow.state.quote?.input as { renewal_of?: number } | undefined)?.renewal_of ?? '');
  const { reset } = flow;
  useEffect(() => {
    if (renewal?.renewal_of && flow.state.quote && quotedRenewal !== renewal.renewal_of) reset();
  }, [renewal?.renewal_of, quotedRenewal, flow.state.quote, reset]);

  if (!available) return <ProductUnavailable productName="Asigurarea RCA" />;

  const input = flow.state.quote?.input as { registration_plate?: string; owner?: { type?: string; cnp?: string; cui?: string; name?: string } } | undefined;
  // A company owner buys as that company (the policy and the invoice go to it); a person owner as that person.
  const identity = input?.owner?.type === 'company' ? 'cui' : 'cnp';
  return (
    <QuoteFlowView
      flow={flow}
      flowKey={FLOW_KEY}
      productName="Asigurare RCA"
      identity={identity}
      prefill={identity === 'cui' ? { cui: input?.owner?.cui ?? '', company_name: input?.owner?.name ?? '' } : { cnp: input?.owner?.cnp ?? '' }}
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
