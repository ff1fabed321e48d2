import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DetailsStep } from '@/components/products/details-step';
import { PublicConfigContext } from '@/components/providers/public-config-context';
import type { PublicConfig } from '@/lib/config/env';
import type { Offer, Quote } from '@/contract/types';
import { ApiError } from '@/lib/api/errors';
import { readDraft, resetDraftCache, writeDraft } from '@/lib/shop/draft-store';
import { useAuthStore } from '@/stores/auth-store';

const push = vi.fn();
const storeFromProductPage = vi.fn();
const createOrder = vi.fn();
const getProfile = vi.fn();

vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));
vi.mock('@/components/providers/use-captcha-token', () => ({ useCaptchaToken: () => async () => 'captcha-token' }));
vi.mock('@/lib/api/auth', () => ({ storeFromProductPage: (...a: unknown[]) => storeFromProductPage(...a) }));
vi.mock('@/lib/api/account', () => ({ getProfile: (...a: unknown[]) => getProfile(...a) }));
vi.mock('@/lib/api/checkout', () => ({ createOrder: (...a: unknown[]) => createOrder(...a) }));
const getOrder = vi.fn();
vi.mock('@/lib/api/orders', async (original) => ({ ...(await original<object>()), getOrder: (...a: unknown[]) => getOrder(...a) }));

const offer: Offer = {
  id: 'asirom-standard',
  insurer: { code: 'asirom', name: 'Asirom' },
  package_code: 'standard',
  package_name: 'RCA',
  price_bani: 86265,
  period_label: '12 luni',
  direct_settlement: false,
  bonus_malus_class: 'B0',
  coverage: [],
};
const quote: Quote = {
  id: 'quote-1',
  product_code: 'rca',
  partner_code: 'abc',
  input: {},
  offers: [offer],
  created_at: '2026-03-01T10:00:00Z',
  expires_at: '2026-03-02T10:00:00Z',
};
const CNP = '1850615400011';

const config: PublicConfig = {
  recaptchaSiteKey: '',
  googleClientId: '',
  pusher: { key: 'k', cluster: 'eu', wsHost: '127.0.0.1', wsPort: 4000, forceTLS: false },
  analytics: { enabled: false, domain: 'localhost' },
};

function WithConfig({ children }: { children: ReactNode }) {
  return <PublicConfigContext value={config}>{children}</PublicConfigContext>;
}

function renderStep() {
  return render(
    <DetailsStep flowKey="rca" productName="Asigurare RCA" quote={quote} offer={offer} identity="cnp" prefill={{ cnp: CNP }} onBack={() => {}} />,
    { wrapper: WithConfig },
  );
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Prenume' }), 'Ana');
  await user.type(screen.getByRole('textbox', { name: 'Nume' }), 'Pop');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana@exemplu.ro');
  await user.type(screen.getByRole('textbox', { name: 'Telefon mobil' }), '0722123456');
  await user.click(screen.getByRole('checkbox', { name: /Accept termenii/ }));
  await user.click(screen.getByRole('checkbox', { name: /Am citit fișa produsului/ }));
  await user.click(screen.getByRole('checkbox', { name: /Sunt de acord cu prelucrarea datelor/ }));
  await user.click(screen.getByRole('button', { name: 'Plasați comanda și plătiți' }));
}

beforeEach(() => {
  sessionStorage.clear();
  resetDraftCache();
  vi.clearAllMocks();
  useAuthStore.setState({ authenticated: false, user: null });
  // A guest signed in by storeFromProductPage is a customer: the step then reads the profile (it fills only
  // what is still empty).
  getProfile.mockResolvedValue({ email: 'ana@exemplu.ro', first_name: 'Ana', last_name: 'Pop', phone_number: '0722123456', address: null });
});

describe('DetailsStep', () => {
  it('a guest becomes a customer, then the order is placed with the partner and the consents, drafts kept for Back', { timeout: 20_000 }, async () => {
    storeFromProductPage.mockResolvedValue({ user: { email: 'ana@exemplu.ro' }, isNew: true, sessionStarted: true });
    createOrder.mockResolvedValue({ id: 77 });
    writeDraft('rca:form', { registration_plate: 'B123ABC' });
    const user = userEvent.setup();
    const view = renderStep();
    expect(screen.getByRole('textbox', { name: 'CNP' })).toHaveValue(CNP);
    await fillAndSubmit(user);

    expect(storeFromProductPage).toHaveBeenCalledWith({
      customer: { first_name: 'Ana', last_name: 'Pop', email: 'ana@exemplu.ro', phone_number: '0722123456' },
      product_id: 'rca',
      token: 'captcha-token',
    });
    expect(createOrder).toHaveBeenCalledWith({
      quote_id: 'quote-1',
      offer_id: 'asirom-standard',
      customer: { first_name: 'Ana', last_name: 'Pop', email: 'ana@exemplu.ro', phone_number: '0722123456', cnp: CNP },
      partner_code: 'abc',
      consents: { terms: true, product_sheet: true, data_processing: true },
    });
    expect(push).toHaveBeenCalledWith('/wait-to-be-redirected/payment-processor?order_id=77');
    // Signed in by the BFF with the answer: the stored user follows.
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, user: { email: 'ana@exemplu.ro' } });
    // Kept for a Back from the payment page (cleared when the order is paid), with the order placed.
    view.unmount();
    expect(readDraft('rca:form')).toEqual({ registration_plate: 'B123ABC' });
    expect(readDraft('rca:order')).toMatchObject({ id: 77 });
  });

  it('back from the payment page, the same data pay the order already placed; changed data place a new one', { timeout: 20_000 }, async () => {
    storeFromProductPage.mockResolvedValue({ user: { email: 'ana@exemplu.ro' }, isNew: true, sessionStarted: true });
    createOrder.mockResolvedValue({ id: 77 });
    const user = userEvent.setup();
    const first = renderStep();
    await fillAndSubmit(user);
    expect(createOrder).toHaveBeenCalledTimes(1);
    first.unmount();

    // Back: the step shows again from its drafts; "Plasați comanda și plătiți" pays order 77 again.
    getOrder.mockResolvedValue({ id: 77, status: 'awaiting_payment', pay_until: new Date(Date.now() + 86_400_000).toISOString() });
    push.mockClear();
    const second = renderStep();
    expect(screen.getByRole('textbox', { name: 'Prenume' })).toHaveValue('Ana');
    await user.click(screen.getByRole('button', { name: 'Plasați comanda și plătiți' }));
    await vi.waitFor(() => expect(push).toHaveBeenCalledWith('/wait-to-be-redirected/payment-processor?order_id=77'));
    expect(createOrder).toHaveBeenCalledTimes(1);
    second.unmount();

    // The order's quote has ended meanwhile: it can no longer be paid, the same data place a new order.
    getOrder.mockResolvedValue({ id: 77, status: 'awaiting_payment', pay_until: new Date(Date.now() - 1_000).toISOString() });
    createOrder.mockResolvedValue({ id: 78 });
    const third = renderStep();
    await user.click(screen.getByRole('button', { name: 'Plasați comanda și plătiți' }));
    await vi.waitFor(() => expect(createOrder).toHaveBeenCalledTimes(2));
    expect(readDraft('rca:order')).toMatchObject({ id: 78 });
    third.unmount();

    createOrder.mockResolvedValue({ id: 79 });
    renderStep();
    await user.type(screen.getByRole('textbox', { name: 'Nume' }), 'escu');
    await user.click(screen.getByRole('button', { name: 'Plasați comanda și plătiți' }));
    await vi.waitFor(() => expect(createOrder).toHaveBeenCalledTimes(3));
    expect(readDraft('rca:order')).toMatchObject({ id: 79 });
  });

  it('the CNP is not offered to the browser’s form history (a shared computer), like the RCA form’s CNP fields', () => {
    renderStep();
    expect(screen.getByRole('textbox', { name: 'CNP' })).toHaveAttribute('autocomplete', 'off');
  });

  it('refuses to continue without the consents, with Romanian messages', async () => {
    const user = userEvent.setup();
    renderStep();
    await user.click(screen.getByRole('button', { name: 'Plasați comanda și plătiți' }));
    expect(screen.getByRole('checkbox', { name: /Accept termenii/ })).toHaveAccessibleDescription('Trebuie să acceptați termenii și condițiile.');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Introduceți adresa de email.');
    expect(storeFromProductPage).not.toHaveBeenCalled();
    expect(createOrder).not.toHaveBeenCalled();
  });

  it('an existing account: the message lands on the email field, a sign-in link is offered, what was typed stays', { timeout: 20_000 }, async () => {
    const message = 'Există deja un cont cu acest email. Autentificați-vă pentru a continua.';
    storeFromProductPage.mockRejectedValue(
      new ApiError({ code: 'validation_failed', status: 422, message: '', prettyMessage: 'Datele nu sunt valide.', fieldErrors: { 'customer.email': [message] } }),
    );
    const user = userEvent.setup();
    renderStep();
    await fillAndSubmit(user);
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(message);
    // The sign-in link sits in the error box too, next to the one under the step's heading.
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Autentificați-vă' })).toHaveAttribute('href', expect.stringMatching(/^\/authenticate\?last_url=/));
    // Said once, on the field: the box under the form does not repeat it.
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(createOrder).not.toHaveBeenCalled();
    expect(readDraft('rca:details')).toMatchObject({ customer: { first_name: 'Ana', email: 'ana@exemplu.ro' } });
  });

  it('a signed-in customer is prefilled from the profile and not signed up again', async () => {
    useAuthStore.setState({ authenticated: true, user: { email: 'client@exemplu.ro' } as never });
    getProfile.mockResolvedValue({ email: 'client@exemplu.ro', first_name: 'Ana', last_name: 'Popescu', phone_number: '0722123456', address: null });
    createOrder.mockResolvedValue({ id: 5 });
    const user = userEvent.setup();
    renderStep();
    expect(await screen.findByDisplayValue('Popescu')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('client@exemplu.ro');
    await user.click(screen.getByRole('checkbox', { name: /Accept termenii/ }));
    await user.click(screen.getByRole('checkbox', { name: /Am citit fișa produsului/ }));
    await user.click(screen.getByRole('checkbox', { name: /Sunt de acord cu prelucrarea datelor/ }));
    await user.click(screen.getByRole('button', { name: 'Plasați comanda și plătiți' }));
    expect(storeFromProductPage).not.toHaveBeenCalled();
    expect(createOrder).toHaveBeenCalledWith(expect.objectContaining({ customer: expect.objectContaining({ last_name: 'Popescu', email: 'client@exemplu.ro' }) }));
  });
});

describe('DetailsStep with an expired quote', () => {
  it('says so and offers fresh prices with the same data', async () => {
    storeFromProductPage.mockResolvedValue({ user: { email: 'ana@exemplu.ro' }, isNew: true, sessionStarted: true });
    createOrder.mockRejectedValue(
      new ApiError({ code: 'validation_failed', status: 422, message: '', fieldErrors: { quote_id: ['Oferta a expirat. Recalculați prețul.'] } }),
    );
    const onRequote = vi.fn();
    const user = userEvent.setup();
    render(
      <DetailsStep flowKey="rca" productName="Asigurare RCA" quote={quote} offer={offer} identity="cnp" prefill={{ cnp: CNP }} onBack={() => {}} onRequote={onRequote} />,
      { wrapper: WithConfig },
    );
    await fillAndSubmit(user);
    expect(await screen.findByText('Oferta a expirat. Recalculați prețul.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Recalculați ofertele' }));
    expect(onRequote).toHaveBeenCalledTimes(1);
    expect(push).not.toHaveBeenCalled();
  }, 20_000);
});
