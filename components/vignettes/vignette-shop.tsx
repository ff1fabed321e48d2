'use client';

import { useMemo } from 'react';
import { ProductUnavailable } from '@/components/products/product-unavailable';
import { ProductShop, type ShopProduct } from '@/components/products/product-shop';
import { useCachedProduct } from '@/components/products/use-cached-product';
import { useProductAvailability } from '@/components/products/use-product-availability';
import { useBucharestToday } from '@/components/providers/bucharest-today';
import { ReloadError } from '@/components/ui/reload-error';
import type { Product, ProductStatus } from '@/contract/types';
import { mergeDraft } from '@/lib/shop/paths';
import { formatDay } from '@/contract/format-day';
import type { VignetteInput } from '@/lib/validation/products/vignette';
import { emptyVignetteForm, type VignetteFormValues, type VignetteKind } from '@/contract/products/vignette-values';
import { vignetteOptions, type VignetteOptions, type VignetteProductCode } from '@/lib/vignettes/catalog';
import { validityEnd } from '@/contract/vignette-rules';
import { VignetteForm } from './vignette-form';

const UPPERCASE = ['registration_plate', 'vin'] as const;

const PRODUCTS: Record<VignetteKind, { code: VignetteProductCode; flowKey: string; name: string }> = {
  ro: { code: 'ro-vignette', flowKey: 'rovinieta', name: 'Rovinieta' },
  hu: { code: 'hu-vignette', flowKey: 'vigneta-ungaria', name: 'Vinieta pentru Ungaria' },
};

type Props = {
  kind: VignetteKind;
  /** The product as the page's render read it (its options are the tariff); null when that read failed. */
  product: Product | null;
  initialStatuses: ProductStatus | null;
  /** A vignette of the customer's to buy again (`?renew=`): its vehicle and choices, without its dates. */
  renewal?: Record<string, unknown> | null;
};

/** A road vignette: vehicle and validity → price (list price, rate, lei) → details → order and payment. */
export function VignetteShop({ kind, product, initialStatuses, renewal = null }: Props) {
  const { code, flowKey, name } = PRODUCTS[kind];
  const available = useProductAvailability(code, initialStatuses, product?.is_available ?? null);
  const cached = useCachedProduct(code, product === null);
  const data = product ?? cached;
  const tariff = useMemo(() => vignetteOptions(data), [data]);
  const today = useBucharestToday();
  if (!available) {
    return (
      <ProductUnavailable productName={name}>
        Nu putem emite acum această vinietă. Reveniți mai târziu; pagina se actualizează singură când vinieta devine din nou
        disponibilă.
      </ProductUnavailable>
    );
  }
  if (!tariff) {
    return (
      <ReloadError
        title="Nu am putut încărca tarifele"
        message="Serverul nu a răspuns. Reîncercăm automat; puteți încerca și acum."
      />
    );
  }
  // The schema is the tariff's: built once the tariff is known (this shop's form is shown only then).
  const sold: ShopProduct<VignetteInput> = {
    flowKey,
    productCode: code,
    productName: product?.name ?? name,
    schema: () => import('@/lib/validation/products/vignette').then((m) => m.vignetteInputSchema(kind, tariff)),
  };
  return (
    <ProductShop
      product={sold}
      partnerCode={null}
      defaults={(): VignetteFormValues => {
        const empty = emptyVignetteForm(today, tariff);
        return renewal ? mergeDraft(empty, renewal) : empty;
      }}
      uppercase={UPPERCASE}
      details={(input) => ({ summary: summaryOf(input, tariff) })}
    >
      {(shop) => <VignetteForm kind={kind} tariff={tariff} {...shop} />}
    </ProductShop>
  );
}

/** The quoted vehicle and validity, for the order summary of the details step. */
function summaryOf(input: Record<string, unknown> | undefined, tariff: VignetteOptions): { label: string; value: string }[] {
  if (!input) return [];
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const rows = [{ label: 'Vehicul', value: `${text(input.registration_plate)} (${text(input.country)})` }];
  const category = tariff.categories.find((c) => c.code === input.category);
  if (category) rows.push({ label: 'Categoria', value: category.label });
  const validity = tariff.validities.find((v) => v.code === input.validity);
  const start = text(input.start_date);
  if (validity && /^\d{4}-\d{2}-\d{2}$/.test(start)) {
    rows.push({ label: 'Valabilitate', value: `${formatDay(start)} – ${formatDay(validityEnd(start, validity))}` });
  }
  const counties = Array.isArray(input.counties) ? input.counties.filter((c): c is string => typeof c === 'string') : [];
  if (counties.length > 0) {
    const names = counties.map((c) => tariff.counties?.find((k) => k.code === c)?.label ?? c);
    rows.push({ label: 'Județe', value: names.join(', ') });
  }
  return rows;
}
