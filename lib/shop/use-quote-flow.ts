'use client';

import { useCallback, useEffect, useState } from 'react';
import { createQuote } from '@/lib/api/checkout';
import { isApiError } from '@/lib/api/errors';
import type { ProductCode, Quote } from '@/contract/types';
import { readDraft } from './draft-store';
import { useFormDraft } from './use-form-draft';

export type QuoteStep = 'form' | 'offers' | 'details';

export type QuoteFlowState = { step: QuoteStep; quote: Quote | null; offerId: string | null };

const initialFlow: QuoteFlowState = { step: 'form', quote: null, offerId: null };

/** Draft keys of one product's purchase: `${flowKey}:form`, `${flowKey}:flow`, `${flowKey}:details`. */
export const draftKeys = (flowKey: string) => ({
  form: `${flowKey}:form`,
  flow: `${flowKey}:flow`,
  details: `${flowKey}:details`,
});

export const QUOTE_ERROR = 'Nu am putut calcula ofertele. Verificați datele și încercați din nou.';

/** The step of a history entry: `?step=offers|details` in the address, none for the form. */
export function stepOfSearch(search: string): QuoteStep {
  const step = new URLSearchParams(search).get('step');
  return step === 'offers' || step === 'details' ? step : 'form';
}

type StepEntryState = { quoteStep?: QuoteStep; quotePrevious?: QuoteStep };

function addressWithStep(step: QuoteStep): string {
  const url = new URL(window.location.href);
  if (step === 'form') url.searchParams.delete('step');
  else url.searchParams.set('step', step);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A new history entry for a step (Next.js keeps its own router state in `history.state`; ours goes beside it). */
function pushStep(step: QuoteStep, previous: QuoteStep) {
  const state: StepEntryState = { ...(window.history.state as object | null), quoteStep: step, quotePrevious: previous };
  window.history.pushState(state, '', addressWithStep(step));
}

function replaceStep(step: QuoteStep) {
  const state: StepEntryState = { ...(window.history.state as object | null), quoteStep: step };
  window.history.replaceState(state, '', addressWithStep(step));
}

/**
 * Where the visitor is in a purchase (form → offers → details), kept in sessionStorage with the quote, so a
 * reload or going back never loses the offers or the choice. Each step is its own history entry (`?step=`):
 * Back (and Android's back gesture) moves one step; the address restores its step on popstate and reload.
 */
export function useQuoteFlow({ flowKey, productCode, partnerCode }: { flowKey: string; productCode: ProductCode; partnerCode: string | null }) {
  const [state, setState] = useFormDraft<QuoteFlowState>(draftKeys(flowKey).flow, initialFlow);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The address decides the step: on arrival (a reload, Back from the payment page) and on every Back/Forward.
  // An address without a step shows the draft's step and is marked with it, so a reload finds it again.
  useEffect(() => {
    const fromAddress = stepOfSearch(window.location.search);
    if (fromAddress !== 'form') setState((s) => (s.step === fromAddress ? s : { ...s, step: fromAddress }));
    else {
      const stored = (readDraft(draftKeys(flowKey).flow) as QuoteFlowState | undefined)?.step;
      if (stored && stored !== 'form') replaceStep(stored);
    }
    const onPopState = () => {
      const step = stepOfSearch(window.location.search);
      setError(null);
      setState((s) => (s.step === step ? s : { ...s, step }));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [flowKey, setState]);

  const requestQuote = useCallback(
    /** `onFieldErrors` gets a 422 whose field errors belong next to the form's fields. */
    async (input: unknown, onFieldErrors?: (error: unknown) => void) => {
      setBusy(true);
      setError(null);
      try {
        const quote = await createQuote({ product_code: productCode, partner_code: partnerCode, input });
        const from = stepOfSearch(window.location.search);
        setState({ step: 'offers', quote, offerId: null });
        if (from === 'offers') replaceStep('offers');
        else pushStep('offers', from);
        scrollToTop();
      } catch (e) {
        if (isApiError(e) && Object.keys(e.fieldErrors).length > 0) onFieldErrors?.(e);
        setError(isApiError(e) ? e.prettyMessage : QUOTE_ERROR);
      } finally {
        setBusy(false);
      }
    },
    [productCode, partnerCode, setState],
  );

  const chooseOffer = useCallback(
    (offerId: string) => {
      setState((s) => ({ ...s, step: 'details', offerId }));
      pushStep('details', stepOfSearch(window.location.search));
      scrollToTop();
    },
    [setState],
  );

  /** The in-page "back" buttons: one history step back when that is where they lead, else a new entry. */
  const goTo = useCallback(
    (step: QuoteStep) => {
      setError(null);
      const entry = window.history.state as StepEntryState | null;
      if (entry?.quotePrevious === step && stepOfSearch(window.location.search) !== step) {
        window.history.back();
        return;
      }
      setState((s) => ({ ...s, step: step === 'form' || s.quote ? step : 'form' }));
      pushStep(step, stepOfSearch(window.location.search));
      scrollToTop();
    },
    [setState],
  );

  /** Back to an empty flow on the form (a renewal of another policy), without a history entry. */
  const reset = useCallback(() => {
    setState(initialFlow);
    replaceStep('form');
  }, [setState]);

  const offer = state.quote?.offers.find((o) => o.id === state.offerId) ?? null;
  // A details step without a chosen offer (e.g. an old draft) falls back to the offers.
  const step: QuoteStep = state.step === 'details' && !offer ? (state.quote ? 'offers' : 'form') : state.step === 'offers' && !state.quote ? 'form' : state.step;

  return { state, step, offer, busy, error, requestQuote, chooseOffer, goTo, reset };
}

export type QuoteFlow = ReturnType<typeof useQuoteFlow>;

function scrollToTop() {
  if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') {
    try {
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } catch {
      /* jsdom */
    }
  }
}
