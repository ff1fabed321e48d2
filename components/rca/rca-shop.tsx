'use client';

import { ProductShop, type ShopProduct } from '@/components/products/product-shop';
import { useProductAvailability } from '@/components/products/use-product-availability';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import type { ProductStatus } from '@/contract/types';
import type { RcaInput } from '@/lib/validation/products/rca';
import { emptyRcaForm, type RcaFormValues } from '@/contract/products/rca-values';
import { RcaForm } from './rca-form';

const UPPERCASE = ['registration_plate', 'vin', 'vehicle.civ_series', 'owner.cui', 'user.cui'] as const;
const RCA: ShopProduct<RcaInput> = {
  flowKey: 'rca',
  productCode: 'rca',
  productName: 'Asigurare RCA',
  // zod and the schema load with the first edit or the submit, not with the page.
  schema: () => import('@/lib/validation/products/rca').then((m) => m.rcaInputSchema()),
};

type Props = {
  plate: string | null;
  vin: string | null;
  partnerCode: string | null;
  initialStatuses: ProductStatus | null;
  productAvailable: boolean | null;
  /** Policy input to start from (renewal). */
  renewal?: Partial<RcaFormValues> | null;
};

type QuotedRca = { registration_plate?: string; owner?: { type?: string; cnp?: string; cui?: string; name?: string } };

/** The RCA purchase: plate-first form → offers → details → order. */
export function RcaShop({ plate, vin, partnerCode, initialStatuses, productAvailable, renewal }: Props) {
  const available = useProductAvailability('rca', initialStatuses, productAvailable);
  const today = useBucharestToday();

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
  // The renewal rule (another policy than the draft's) is the shell's; this is the route's vehicle.
  const overrideDraft = (v: RcaFormValues): RcaFormValues => {
    const samePlate = !plate || v.registration_plate === plate;
    const sameVin = !vin || v.vin === vin;
    if (samePlate && sameVin) return v;
    // Another vehicle in the route: keep the owner and dates, forget the old vehicle's data.
    return { ...v, registration_plate: plate ?? v.registration_plate, vin: vin ?? v.vin, vehicle: emptyRcaForm(today).vehicle };
  };
  return (
    <ProductShop
      available={available}
      unavailableName="Asigurarea RCA"
      product={RCA}
      partnerCode={partnerCode}
      defaults={defaults}
      renewal={renewal}
      uppercase={UPPERCASE}
      overrideDraft={overrideDraft}
      details={(quoted) => {
        const input = quoted as QuotedRca | undefined;
        // A company owner buys as that company (the policy and the invoice go to it); a person owner as that person.
        const company = input?.owner?.type === 'company';
        return {
          identity: company ? 'cui' : 'cnp',
          prefill: company ? { cui: input?.owner?.cui ?? '', company_name: input?.owner?.name ?? '' } : { cnp: input?.owner?.cnp ?? '' },
          summary: input?.registration_plate ? [{ label: 'Vehicul', value: input.registration_plate }] : [],
        };
      }}
    >
      {(shop) => <RcaForm {...shop} autoLookup={Boolean(plate || vin)} />}
    </ProductShop>
  );
}
