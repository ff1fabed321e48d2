'use client';

import { useCallback, useState } from 'react';
import { createQuote, type Quote } from '@/lib/api/checkout';
import { isApiError } from '@/lib/api/errors';
import type { ProductCode } from '@/lib/api/types';
import { VALIDATION_UNAVAILABLE } from './use-draft-form';
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

/**
 * Where the visitor is in a purchase (form → offers → details), kept in sessionStorage with the quote, so a
 * reload or going back never loses the offers or the choice.
 */
export function useQuoteFlow({ flowKey, productCode, partnerCode }: { flowKey: string; productCode: ProductCode; partnerCode: string | null }) {
  const [state, setState] = useFormDraft<QuoteFlowState>(draftKeys(flowKey).flow, initialFlow);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const requestQuote = useCallback(
    async (input: unknown, onFieldErrors: (errors: Record<string, string[]>) => void) => {
      setBusy(true);
      setError(null);
      try {
        const quote = await createQuote({ product_code: productCode, partner_code: partnerCode, input });
        setState({ step: 'offers', quote, offerId: null });
        scrollToTop();
      } catch (e) {
        if (isApiError(e) && Object.keys(e.fieldErrors).length > 0) onFieldErrors(e.fieldErrors);
        setError(isApiError(e) ? e.prettyMessage : QUOTE_ERROR);
      } finally {
        setBusy(false);
      }
    },
    [productCode, partnerCode, setState],
  );

  /**
   * The product form's submit: validates it (its schema may still be loading) and, when valid, asks for the
   * offers; a schema that cannot load is reported and nothing is sent.
   */
  const submitForm = useCallback(
    async (form: { validate: () => Promise<unknown>; setServerErrors: (errors: Record<string, string[]>) => void }) => {
      let input: unknown;
      try {
        input = await form.validate();
      } catch {
        setError(VALIDATION_UNAVAILABLE);
        return;
      }
      if (input) await requestQuote(input, form.setServerErrors);
    },
    [requestQuote],
  );

  const chooseOffer = useCallback(
    (offerId: string) => {
      setState((s) => ({ ...s, step: 'details', offerId }));
      scrollToTop();
    },
    [setState],
  );

  const goTo = useCallback(
    (step: QuoteStep) => {
      setError(null);
      setState((s) => ({ ...s, step: step === 'form' || s.quote ? step : 'form' }));
      scrollToTop();
    },
    [setState],
  );

  const offer = state.quote?.offers.find((o) => o.id === state.offerId) ?? null;
  // A details step without a chosen offer (e.g. an old draft) falls back to the offers.
  const step: QuoteStep = state.step === 'details' && !offer ? (state.quote ? 'offers' : 'form') : state.step === 'offers' && !state.quote ? 'form' : state.step;

  return { state, step, offer, busy, error, requestQuote, submitForm, chooseOffer, goTo };
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
