'use client';

import { useEffect, type BaseSyntheticEvent, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { ProductCode } from '@/contract/types';
import { useSchemaForm, type SchemaForm, type SchemaSource } from '@/lib/forms/use-schema-form';
import { sameRenewal, type RenewalFormFields } from '@/contract/renewal';
import { draftKeys, useQuoteFlow } from '@/lib/shop/use-quote-flow';
import type { DetailsFormValues, IdentityRequirement } from '@/contract/products/customer-values';
import { ProductUnavailable } from './product-unavailable';
import { QuoteFlowView } from './quote-flow';

/** What a product's form (step 1) gets from its shop. */
export type ShopFormProps<V extends FieldValues, Out> = {
  form: SchemaForm<V, Out>;
  /** Validating or asking for the offers. */
  busy: boolean;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
};

/** A product as its shop sells it. */
export type ShopProduct<Out> = {
  /** Names its drafts and its purchase in sessionStorage (`${flowKey}:form`, …). */
  flowKey: string;
  productCode: ProductCode;
  /** As the order summary names it. */
  productName: string;
  /**
   * Loaded on demand (zod is not in the product pages' first-load JavaScript). Its input is the form's values
   * (strings as typed), its output what the quote is asked with.
   */
  schema: SchemaSource<z.ZodType<Out, unknown>>;
};

/** What the details step takes from the quoted input: who buys and the order summary's rows. */
type QuoteDetails = {
  identity?: IdentityRequirement;
  prefill?: Partial<DetailsFormValues['customer']>;
  summary?: { label: string; value: string }[];
};

type Props<V extends FieldValues, Out> = {
  /** When false, the product cannot be bought now: a notice instead of the purchase. */
  available?: boolean;
  /** The product as the notice names it ("Asigurarea RCA nu este disponibilă momentan"). */
  unavailableName?: string;
  product: ShopProduct<Out>;
  partnerCode: string | null;
  defaults: () => V;
  /** Policy input to start from (renewal). */
  renewal?: Partial<RenewalFormFields> | null;
  /** Fields typed in upper case (plates, VINs, CUIs). */
  uppercase?: readonly string[];
  /**
   * The product's own change to a restored draft (e.g. another vehicle in the route). Before it, the shell applies the
   * rule every product shares: a renewal of another policy than the draft's starts from that policy's data.
   */
  overrideDraft?: (values: V) => V;
  details?: (input: Record<string, unknown> | undefined) => QuoteDetails;
  children: (shop: ShopFormProps<V, Out>) => ReactNode;
};

/**
 * The purchase of one product around its form: the form on the one form layer (its draft in sessionStorage,
 * its schema loaded on demand), then the quote flow (offers → details → order).
 */
export function ProductShop<V extends FieldValues & Partial<RenewalFormFields>, Out>({
  available = true,
  unavailableName,
  ...purchase
}: Props<V, Out>) {
  if (!available) return <ProductUnavailable productName={unavailableName ?? purchase.product.productName} />;
  return <ProductPurchase {...purchase} />;
}

function ProductPurchase<V extends FieldValues & Partial<RenewalFormFields>, Out>({
  product: { flowKey, productCode, productName, schema },
  partnerCode,
  defaults,
  renewal,
  uppercase,
  overrideDraft,
  details,
  children,
}: Omit<Props<V, Out>, 'available' | 'unavailableName'>) {
  const flow = useQuoteFlow({ flowKey, productCode, partnerCode });
  const form = useSchemaForm<V, Out>({
    schema: schema as unknown as SchemaSource<z.ZodType<Out, V>>,
    defaultValues: defaults,
    uppercase,
    draftKey: draftKeys(flowKey).form,
    overrideDraft:
      renewal || overrideDraft
        ? (v) => {
            if (renewal && !sameRenewal(v, renewal)) return defaults();
            return overrideDraft ? overrideDraft(v) : v;
          }
        : undefined,
  });
  const onSubmit = form.submit((input) => flow.requestQuote(input, form.showFailure));

  // Offers of another purchase than this renewal are not shown for it.
  const input = flow.state.quote?.input as Record<string, unknown> | undefined;
  const quotedRenewal = String(input?.renewal_of ?? '');
  const { reset } = flow;
  const hasQuote = Boolean(flow.state.quote);
  useEffect(() => {
    if (renewal?.renewal_of && hasQuote && quotedRenewal !== renewal.renewal_of) reset();
  }, [renewal?.renewal_of, quotedRenewal, hasQuote, reset]);

  const { identity = 'none', prefill, summary = [] } = details?.(input) ?? {};
  return (
    <QuoteFlowView
      flow={flow}
      flowKey={flowKey}
      productName={productName}
      identity={identity}
      prefill={prefill}
      summary={summary}
      form={children({ form, busy: flow.busy || form.pending, onSubmit })}
    />
  );
}
