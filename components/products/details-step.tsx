'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { CaptchaNotice } from '@/components/providers/captcha-notice';
import { CaptchaProvider } from '@/components/providers/captcha-provider';
import { useCaptchaToken } from '@/components/providers/use-captcha-token';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { getProfile } from '@/lib/api/account';
import { createOrder } from '@/lib/api/checkout';
import type { Offer, Quote } from '@/contract/types';
import { isApiError } from '@/lib/api/errors';
import { getOrder, isPayable, payOrderHref } from '@/lib/api/orders';
import { storeFromProductPage } from '@/lib/session/sign-in';
import { orderRequestKey, readPlacedOrder, rememberPlacedOrder } from '@/lib/shop/placed-order';
import { draftKeys } from '@/lib/shop/use-quote-flow';
import { FORM_ERROR, useSchemaForm } from '@/lib/forms/use-schema-form';
import type { z } from 'zod';
import type { detailsSchema } from '@/lib/validation/products/customer';
import { ROMANIAN_COUNTIES } from '@/contract/counties';
import { emptyDetailsForm, type DetailsFormValues, type IdentityRequirement } from '@/contract/products/customer-values';
import { isVignetteProduct } from '@/lib/vignettes/catalog';
import { useAuthStore } from '@/stores/auth-store';
import { CompanyFields } from './company-fields';
import { OrderSummary } from './order-summary';


type DetailsInput = z.output<ReturnType<typeof detailsSchema>>;

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
      {/* Its schema is the identity's: another identity is another form. */}
      <DetailsForm key={props.identity} {...props} />
    </CaptchaProvider>
  );
}

function DetailsForm({ flowKey, productName, productSheetHref = '/info/termeni-si-conditii', quote, offer, identity, prefill, summary, onBack, onRequote }: Props) {
  const router = useRouter();
  const getCaptchaToken = useCaptchaToken('store_from_product_page');
  const authenticated = useAuthStore((s) => s.authenticated);
  const user = useAuthStore((s) => s.user);
  const form = useSchemaForm<DetailsFormValues, DetailsInput>({
    // zod and the schema load with the first edit or the submit, not with the step.
    schema: () => import('@/lib/validation/products/customer').then((m) => m.detailsSchema(identity) as unknown as z.ZodType<DetailsInput, DetailsFormValues>),
    draftKey: draftKeys(flowKey).details,
    defaultValues: (): DetailsFormValues => {
      const empty = emptyDetailsForm();
      return { ...empty, customer: { ...empty.customer, ...prefill } };
    },
  });

  // A signed-in customer's profile fills what is still empty. A fill, not an edit: the messages stay (a guest who
  // has just become a customer through this step's own submit must still read why the order was not placed).
  const { getValues, setValue } = form;
  useEffect(() => {
    if (!authenticated) return;
    let cancelled = false;
    getProfile()
      .then((profile) => {
        if (cancelled) return;
        const c = getValues('customer');
        const pick = (current: string, fromProfile: string | undefined | null) => current || fromProfile || '';
        setValue('customer', {
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
        });
      })
      .catch(() => {
        /* the customer types the data */
      });
    return () => {
      cancelled = true;
    };
  }, [authenticated, getValues, setValue]);

  const onSubmit = form.submit(async (parsed) => {
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
          return 'redirecting';
        }
        if (existing && isPayable(existing)) {
          router.push(payOrderHref(existing));
          return 'redirecting';
        }
      }
      const order = await createOrder(request);
      rememberPlacedOrder(flowKey, { id: order.id, request: requestKey });
      router.push(payOrderHref(order));
      return 'redirecting';
    } catch (e) {
      if (!isApiError(e)) {
        form.showErrors({ form: ORDER_ERROR });
        return;
      }
      const { quote_id: quoteIssues, ...onFields } = e.fieldErrors;
      const quoteProblem = quoteIssues?.[0];
      const signInFirst = Boolean(onFields['customer.email']?.[0]?.includes('Autentificați-vă'));
      const fieldsWrong = Object.keys(onFields).length > 0;
      // The fields say what is wrong (once); the box under the form only sums up and offers the way on.
      form.setError(FORM_ERROR, {
        type: quoteProblem ? 'expired' : signInFirst ? 'sign-in' : 'server',
        message: quoteProblem ?? (signInFirst ? SIGN_IN_FIRST : fieldsWrong ? CHECK_FIELDS : e.prettyMessage),
      });
      form.showErrors(Object.fromEntries(Object.entries(onFields).flatMap(([path, list]) => (list[0] ? [[path, list[0]]] : []))));
    }
  });
  const failure = form.formState.errors.root?.form;
  const error = failure?.message;
  const needsSignIn = failure?.type === 'sign-in';
  const expired = failure?.type === 'expired';
  const busy = form.pending;

  const f = form.bind;
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
            <CompanyFields cui={f('customer.cui')} name={f('customer.company_name')} setName={(name) => form.change('customer.company_name', name)} />
          </fieldset>
        ) : null}
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className={identity === 'cui' ? 'mb-2 font-medium' : 'sr-only'}>{identity === 'cui' ? 'Persoana de contact' : 'Date de contact'}</legend>
          <TextField label="Prenume" autoComplete="given-name" required {...f('customer.first_name')} />
          <TextField label="Nume" autoComplete="family-name" required {...f('customer.last_name')} />
          <TextField label="Email" type="email" autoComplete="email" required readOnly={authenticated} {...f('customer.email')} />
          <TextField label="Telefon mobil" type="tel" autoComplete="tel" hint="Ex.: 0722123456" required {...f('customer.phone_number')} />
          {identity === 'cnp' ? <TextField label="CNP" inputMode="numeric" maxLength={13} autoComplete="off" required {...f('customer.cnp')} /> : null}
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
            {...f('consents.terms')}
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
            {...f('consents.product_sheet')}
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
            {...f('consents.data_processing')}
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
        <div aria-live="polite" data-form-error={error ? true : undefined} tabIndex={error ? -1 : undefined}>
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
