'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { CaptchaNotice } from '@/components/providers/captcha-notice';
import { CaptchaProvider } from '@/components/providers/captcha-provider';
import { useCaptchaToken } from '@/components/providers/use-captcha-token';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { getProfile } from '@/lib/api/account';
import { storeFromProductPage } from '@/lib/api/auth';
import { createOrder } from '@/lib/api/checkout';
import type { Offer, Quote } from '@/contract/types';
import { isApiError } from '@/lib/api/errors';
import { getOrder, isPayable, payOrderHref } from '@/lib/api/orders';
import { orderRequestKey, readPlacedOrder, rememberPlacedOrder } from '@/lib/shop/placed-order';
import { draftKeys } from '@/lib/shop/use-quote-flow';
import { useDraftForm, VALIDATION_UNAVAILABLE } from '@/lib/shop/use-draft-form';
import { ROMANIAN_COUNTIES } from '@/contract/counties';
import { emptyDetailsForm, type DetailsFormValues, type IdentityRequirement } from '@/contract/products/customer-values';
import { isVignetteProduct } from '@/lib/vignettes/catalog';
import { useAuthStore } from '@/stores/auth-store';
import { CompanyFields } from './company-fields';
import { OrderSummary } from './order-summary';

const COUNTY_OPTIONS = ROMANIAN_COUNTIES.map((c) => ({ value: c, label: c }));
export const ORDER_ERROR = 'Nu am putut plasa comanda. Încercați din nou.';
export const CHECK_FIELDS = 'Verificați câmpurile marcate și trimiteți din nou.';
export const SIGN_IN_FIRST = 'Adresa de email aparține unui cont: continuați după autentificare.';

type Props = {
  flowKey: string;
  productName: string;
  /** Product sheet (insurer's information document) link shown next to the consent. */
  productSheetHref?: string;
  quote: Quote;
  offer: Offer;
  identity: IdentityRequirement;
  /** Values known from the quote (e.g. the owner's CNP), used when the form is still empty. */
  prefill?: Partial<DetailsFormValues['customer']>;
  summary?: { label: string; value: string }[];
  onBack: () => void;
  /** Asks for fresh prices with the same data (the quote expired). */
  onRequote?: () => void;
};

/**
 * The details step: who buys (a guest becomes a customer through store-from-product-page and is signed in;
 * a signed-in customer is prefilled from the profile), consents, then the order and the payment redirect.
 */
export function DetailsStep(props: Props) {
  // Loaded with this step (not with the product page): the captcha script starts loading when the step opens.
  return (
    <CaptchaProvider>
      <DetailsForm {...props} />
    </CaptchaProvider>
  );
}

function DetailsForm({ flowKey, productName, productSheetHref = '/info/termeni-si-conditii', quote, offer, identity, prefill, summary, onBack, onRequote }: Props) {
  const router = useRouter();
  const getCaptchaToken = useCaptchaToken('store_from_product_page');
  const authenticated = useAuthStore((s) => s.authenticated);
  const user = useAuthStore((s) => s.user);
  // zod and the schema load on the first blur or submit, not with the page.
  const schema = useMemo(
    () => () => import('@/lib/validation/products/customer').then((m) => m.detailsSchema(identity)),
    [identity],
  );
  const form = useDraftForm({
    draftKey: draftKeys(flowKey).details,
    defaults: () => {
      const empty = emptyDetailsForm();
      return { ...empty, customer: { ...empty.customer, ...prefill } };
    },
    schema,
  });
  const { setValues } = form;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const [expired, setExpired] = useState(false);
  // Back from the payment page may restore this page as it was left (back/forward cache): ready again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // A signed-in customer's profile fills what is still empty.
  useEffect(() => {
    if (!authenticated) return;
    let cancelled = false;
    getProfile()
      .then((profile) => {
        if (cancelled) return;
        setValues((v) => {
          const c = v.customer;
          const pick = (current: string, fromProfile: string | undefined | null) => current || fromProfile || '';
          return {
            ...v,
            customer: {
              ...c,
              first_name: pick(c.first_name, profile.first_name),
              last_name: pick(c.last_name, profile.last_name),
              email: profile.email,
              phone_number: pick(c.phone_number, profile.phone_number),
              address: profile.address
                ? {
                    county: pick(c.address.county, profile.address.county),
                    town: pick(c.address.town, profile.address.town),
                    street: pick(c.address.street, profile.address.street),
                    postal_code: pick(c.address.postal_code, profile.address.postal_code),
                  }
                : c.address,
            },
          };
        });
      })
      .catch(() => {
        /* the customer types the data */
      });
    return () => {
      cancelled = true;
    };
  }, [authenticated, setValues]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setNeedsSignIn(false);
    setExpired(false);
    let parsed: Awaited<ReturnType<typeof form.validate>>;
    try {
      parsed = await form.validate();
    } catch {
      setError(VALIDATION_UNAVAILABLE);
      return;
    }
    if (!parsed) return;
    setBusy(true);
    try {
      if (!useAuthStore.getState().authenticated) {
        const { first_name, last_name, email, phone_number } = parsed.customer;
        await storeFromProductPage({
          customer: { first_name, last_name, email, phone_number },
          product_id: quote.product_code,
          token: await getCaptchaToken(),
        });
      }
      const request = {
        quote_id: quote.id,
        offer_id: offer.id,
        customer: parsed.customer,
        // The partner is the quote's: an order started on a partner route carries it, no other does.
        ...(quote.partner_code ? { partner_code: quote.partner_code } : {}),
        consents: parsed.consents,
      };
      // Back from the payment page keeps this step: the same data pay the order already placed (a new payment
      // only now, because the customer asked), changed data place a new order.
      const placed = readPlacedOrder(flowKey);
      const requestKey = orderRequestKey(request);
      if (placed && placed.request === requestKey) {
        const existing = await getOrder(placed.id).catch(() => null);
        if (existing?.status === 'paid') {
          router.push(`/thank-you?order_id=${existing.id}`);
          return;
        }
        if (existing && isPayable(existing)) {
          router.push(payOrderHref(existing));
          return;
        }
      }
      const order = await createOrder(request);
      rememberPlacedOrder(flowKey, { id: order.id, request: requestKey });
      router.push(payOrderHref(order));
    } catch (e) {
      setBusy(false);
      if (isApiError(e)) {
        const onFields = Object.keys(e.fieldErrors).some((field) => field !== 'quote_id');
        if (onFields) form.setServerErrors(e.fieldErrors);
        const signInFirst = Boolean(e.fieldErrors['customer.email']?.[0]?.includes('Autentificați-vă'));
        setNeedsSignIn(signInFirst);
        const quoteProblem = e.fieldErrors.quote_id?.[0];
        if (quoteProblem) setExpired(true);
        // The fields say what is wrong (once); the box under the form only sums up and offers the way on.
        setError(quoteProblem ?? (signInFirst ? SIGN_IN_FIRST : onFields ? CHECK_FIELDS : e.prettyMessage));
      } else {
        setError(ORDER_ERROR);
      }
    }
  }

  const f = form.field;
  // A vignette is issued by CNAIR / NÚSZ: no insurer, no policy.
  const vignette = isVignetteProduct(quote.product_code);
  const returnPath = typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <form noValidate onSubmit={onSubmit} aria-labelledby="details-heading" className="flex flex-col gap-6">
        <h2 id="details-heading" className="text-2xl font-semibold">
          Datele dumneavoastră
        </h2>
        {authenticated && user ? (
          <p className="text-muted">
            Sunteți autentificat ca <strong>{user.email}</strong>. Am completat datele din profilul dumneavoastră.
          </p>
        ) : vignette ? (
          <p className="text-muted">
            Vă creăm un cont cu aceste date, ca să găsiți vinieta în contul dumneavoastră. Aveți deja cont?{' '}
            <Link className="text-primary underline" href={`/authenticate?last_url=${encodeURIComponent(returnPath)}`}>
              Autentificați-vă
            </Link>
            ; datele introduse rămân aici.
          </p>
        ) : (
          <p className="text-muted">
            Vă creăm un cont cu aceste date, ca să găsiți polița în contul dumneavoastră. Aveți deja cont?{' '}
            <Link className="text-primary underline" href={`/authenticate?last_url=${encodeURIComponent(returnPath)}`}>
              Autentificați-vă
            </Link>
            ; datele introduse rămân aici.
          </p>
        )}
        {identity === 'cui' ? (
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-medium">Firma (polița și factura se emit pe firmă)</legend>
            <CompanyFields
              field={f}
              cuiName="customer.cui"
              nameName="customer.company_name"
              cui={form.values.customer.cui}
              name={form.values.customer.company_name}
              setName={(name) => form.setValue('customer.company_name', name)}
            />
          </fieldset>
        ) : null}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className={identity === 'cui' ? 'mb-2 font-medium' : 'sr-only'}>{identity === 'cui' ? 'Persoana de contact' : 'Date de contact'}</legend>
          <TextField label="Prenume" autoComplete="given-name" required {...f('customer.first_name')} />
          <TextField label="Nume" autoComplete="family-name" required {...f('customer.last_name')} />
          <TextField label="Email" type="email" autoComplete="email" required readOnly={authenticated} {...f('customer.email')} />
          <TextField label="Telefon mobil" type="tel" autoComplete="tel" hint="Ex.: 0722123456" required {...f('customer.phone_number')} />
          {identity === 'cnp' ? <TextField label="CNP" inputMode="numeric" maxLength={13} required {...f('customer.cnp')} /> : null}
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-medium">Adresa de corespondență (opțional)</legend>
          <SelectField label="Județ" placeholder="Alegeți județul" options={COUNTY_OPTIONS} {...f('customer.address.county')} />
          <TextField label="Localitate" autoComplete="address-level2" {...f('customer.address.town')} />
          <TextField label="Strada și numărul" autoComplete="street-address" {...f('customer.address.street')} />
          <TextField label="Cod poștal" inputMode="numeric" maxLength={6} {...f('customer.address.postal_code')} />
        </fieldset>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-medium">Acorduri</legend>
          <Checkbox
            name="consents.terms"
            checked={form.values.consents.terms}
            onChange={(e) => form.setValue('consents.terms', e.target.checked)}
            error={form.errors['consents.terms']}
            label={
              <>
                Accept{' '}
                <Link className="text-primary underline" href="/info/termeni-si-conditii" target="_blank">
                  termenii și condițiile
                </Link>
              </>
            }
          />
          <Checkbox
            name="consents.product_sheet"
            checked={form.values.consents.product_sheet}
            onChange={(e) => form.setValue('consents.product_sheet', e.target.checked)}
            error={form.errors['consents.product_sheet']}
            label={
              <>
                Am citit{' '}
                <Link className="text-primary underline" href={productSheetHref} target="_blank">
                  {vignette
                    ? `fișa produsului (condițiile emitentului ${offer.insurer.name})`
                    : `fișa produsului (documentul de informare al asigurătorului ${offer.insurer.name})`}
                </Link>
              </>
            }
          />
          <Checkbox
            name="consents.data_processing"
            checked={form.values.consents.data_processing}
            onChange={(e) => form.setValue('consents.data_processing', e.target.checked)}
            error={form.errors['consents.data_processing']}
            label={
              <>
                Sunt de acord cu prelucrarea datelor personale pentru ofertare și emiterea {vignette ? 'vinietei' : 'poliței'} (
                <Link className="text-primary underline" href="/info/confidentialitate" target="_blank">
                  politica de confidențialitate
                </Link>
                )
              </>
            }
          />
        </fieldset>
        <div aria-live="polite">
          {error ? (
            <Alert tone="error" title="Comanda nu a fost plasată">
              {error}
              {needsSignIn ? (
                <>
                  {' '}
                  <Link className="text-primary underline" href={`/authenticate?last_url=${encodeURIComponent(returnPath)}`}>
                    Autentificați-vă
                  </Link>
                </>
              ) : null}
              {expired && onRequote ? (
                <div className="mt-3">
                  <Button size="sm" onClick={onRequote}>
                    Recalculați ofertele
                  </Button>
                </div>
              ) : null}
            </Alert>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={onBack} disabled={busy}>
            Înapoi la oferte
          </Button>
          <Button type="submit" loading={busy} loadingLabel="Se plasează comanda…">
            Plasați comanda și plătiți
          </Button>
        </div>
        {!authenticated ? <CaptchaNotice /> : null}
      </form>
      <OrderSummary productName={productName} offer={offer} details={summary} />
    </div>
  );
}
