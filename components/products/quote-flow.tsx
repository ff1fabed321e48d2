'use client';

import dynamic from 'next/dynamic';
import { useEffect, useRef, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { QuoteFlow as Flow } from '@/lib/shop/use-quote-flow';
import type { DetailsFormValues, IdentityRequirement } from '@/contract/products/customer-values';
import { Skeleton } from '@/components/ui/skeleton';
import { QuoteStepper } from './quote-stepper';
import { useStepHeadingFocus } from './use-step-heading-focus';

const loadOfferList = () => import('./offer-list');
const loadDetailsStep = () => import('./details-step');

// The offers come with their own code: they show the quote's expiry in Bucharest time (lib/time, date-fns-tz),
// which must not load, with its time-zone data, while the product page does.
const OfferList = dynamic(() => loadOfferList().then((m) => m.OfferList), { ssr: false });
// So does the details step (customer form, its schema, captcha): a product page loads only its own form, and the
// browser has less code to compile before the page responds.
const DetailsStep = dynamic(() => loadDetailsStep().then((m) => m.DetailsStep), {
  ssr: false,
  loading: () => (
    <div role="status" aria-label="Se încarcă datele de contact" className="flex min-h-96 flex-col gap-4">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-40 w-full" />
      <Skeleton className="h-40 w-full" />
    </div>
  ),
});

type Props = {
  flow: Flow;
  flowKey: string;
  productName: string;
  identity: IdentityRequirement;
  prefill?: Partial<DetailsFormValues['customer']>;
  summary?: { label: string; value: string }[];
  /** The product's own form (step 1). */
  form: ReactNode;
};

/** The steps of a purchase around a product's form: offers, details, then the order and the payment. */
export function QuoteFlowView({ flow, flowKey, productName, identity, prefill, summary, form }: Props) {
  const { step, offer, state, busy } = flow;
  // Fetched while the quote is computed, so the offers show as soon as it arrives; the details step while the
  // customer looks at the offers.
  useEffect(() => {
    if (busy) loadOfferList().catch(() => {});
  }, [busy]);
  useEffect(() => {
    if (step !== 'form') loadDetailsStep().catch(() => {});
  }, [step]);
  const stepRef = useRef<HTMLDivElement>(null);
  useStepHeadingFocus(step, stepRef);
  return (
    <div ref={stepRef}>
      <QuoteStepper current={step === 'form' ? 0 : step === 'offers' ? 1 : 2} />
      {step === 'form' ? form : null}
      <div aria-live="polite" className={flow.error ? 'my-4' : undefined}>
        {flow.error ? <Alert tone="error" title="Ofertele nu au putut fi calculate">{flow.error}</Alert> : null}
      </div>
      {step === 'offers' && state.quote ? (
        <div className="flex flex-col gap-6">
          <div>
            <Button variant="secondary" onClick={() => flow.goTo('form')}>
              Modificați datele
            </Button>
          </div>
          <OfferList quote={state.quote} onChoose={(o) => flow.chooseOffer(o.id)} />
        </div>
      ) : null}
      {step === 'details' && state.quote && offer ? (
        <DetailsStep
          flowKey={flowKey}
          productName={productName}
          quote={state.quote}
          offer={offer}
          identity={identity}
          prefill={prefill}
          summary={summary}
          onBack={() => flow.goTo('offers')}
          onRequote={() => void flow.requestQuote(state.quote?.input)}
        />
      ) : null}
    </div>
  );
}
