'use client';

import { useEffect, type BaseSyntheticEvent, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type { ProductCode } from '@/lib/api/types';
import { useSchemaForm, type SchemaForm, type SchemaSource } from '@/lib/forms/use-schema-form';
import { sameRenewal, type RenewalFormFields } from '@/lib/policies/renewal';
import { draftKeys, useQuoteFlow } from '@/lib/shop/use-quote-flow';
import type { DetailsFormValues, IdentityRequirement } from '@/lib/validation/products/customer-values';
import { QuoteFlowView } from './quote-flow';

/** What a product's form (step 1) gets from its shop. */
export type ShopFormProps<V extends FieldValues, Out> = {
  form: SchemaForm<V, Out>;
  /** Validating or asking for the offers. */
  busy: boolean;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
};

/** What the details step takes from the quoted input: who buys and the order summary's rows. */
type QuoteDetails = {
  identity?: IdentityRequirement;
  prefill?: Partial<DetailsFormValues['customer']>;
  summary?: { label: string; value: string }[];
};

type Props<V extends FieldValues, Out> = {
  flowKey: string;
  productCode: ProductCode;
  partnerCode: string | null;
  productName: string;
  /**
   * Loaded on demand (zod is not in the product pages' first-load JavaScript). Its input is the form's values
   * (strings as typed), its output what the quote is asked with.
   */
  schema: SchemaSource<z.ZodType<Out, unknown>>;
  defaults: () => V;
  /** Policy input to start from (renewal). */
  renewal?: Partial<RenewalFormFields> | null;
  /** Fields typed in upper case (plates, VINs, CUIs). */
  uppercase?: readonly string[];
  /** Applied over a restored draft; by default a renewal of another policy than the draft's starts from its data. */
  overrideDraft?: (values: V) => V;
  details?: (input: Record<string, unknown> | undefined) => QuoteDetails;
  children: (shop: ShopFormProps<V, Out>) => ReactNode;
};

/**
 * The purchase of one product around its form: the form on the one form layer (its draft in sessionStorage,
 * its schema loaded on demand), then the quote flow (offers → details → order).
 */
export function ProductShop<V extends FieldValues & Partial<RenewalFormFields>, Out>({
  flowKey,
  productCode,
  partnerCode,
  productName,
  schema,
  defaults,
  renewal,
  uppercase,
  overrideDraft,
  details,
  children,
}: Props<V, Out>) {
  const flow = useQuoteFlow({ flowKey, productCode, partnerCode });
  const form = useSchemaForm<V, Out>({
    schema: schema as unknown as SchemaSource<z.ZodType<Out, V>>,
    defaultValues: defaults,
    uppercase,
    draftKey: draftKeys(flowKey).form,
    overrideDraft: overrideDraft ?? (renewal ? (v) => (sameRenewal(v, renewal) ? v : defaults()) : undefined),
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
