import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentRedirect } from '@/components/checkout/payment-redirect';
import { ThankYouStatus } from '@/components/checkout/thank-you-status';
import { ApiError, apiErrorFromResponse } from '@/lib/api/errors';
import type { Order } from '@/lib/api/orders';

const startPayment = vi.fn();
const getOrder = vi.fn();

vi.mock('@/lib/api/checkout', () => ({ startPayment: (...args: unknown[]) => startPayment(...args) }));
vi.mock('@/lib/api/orders', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/lib/api/orders')>();
  return { ...original, getOrder: (...args: unknown[]) => getOrder(...args) };
});

const order = (patch: Partial<Order> = {}): Order => ({
  id: 42,
  number: 'BRK-2026-000042',
  product_code: 'rca',
  product_name: 'Asigurare RCA',
  insurer: { code: 'asirom', name: 'Asirom' },
  offer_id: 'asirom-standard',
  package_name: 'RCA',
  amount_bani: 86265,
  status: 'awaiting_payment',
  partner_code: null,
  policy_id: null,
  invoice: null,
  created_at: '2026-03-01T10:00:00Z',
  paid_at: null,
  pay_until: new Date(Date.now() + 86_400_000).toISOString(),
  ...patch,
});

beforeEach(() => {
  startPayment.mockReset();
  getOrder.mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('ThankYouStatus', () => {
  it('a paid order links the policy PDF and the policies page', () => {
    render(<ThankYouStatus initialOrder={order({ status: 'paid', policy_id: 7, paid_at: '2026-03-01T10:05:00Z' })} />);
    expect(screen.getByText('Plata a fost confirmată. Polița este emisă.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Descărcați polița (PDF)' })).toHaveAttribute('href', '/api/v1/policies/7/document');
    expect(screen.getByRole('link', { name: 'Polițele mele' })).toHaveAttribute('href', '/account/policies');
    expect(screen.getByText('862,65 lei')).toBeInTheDocument();
    expect(getOrder).not.toHaveBeenCalled();
  });

  it('a refused payment leaves the order unpaid, with "Plătiți din nou"', () => {
    render(<ThankYouStatus initialOrder={order({ status: 'payment_failed' })} />);
    expect(screen.getByText('Plata nu a reușit. Comanda nu este plătită.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Plătiți din nou' })).toHaveAttribute(
      'href',
      '/wait-to-be-redirected/payment-processor?order_id=42',
    );
    expect(screen.queryByRole('link', { name: 'Descărcați polița (PDF)' })).not.toBeInTheDocument();
  });

  it('while awaiting the confirmation re-reads the order until the backend says paid', async () => {
    vi.useFakeTimers();
    getOrder.mockResolvedValueOnce(order()).mockResolvedValueOnce(order({ status: 'paid', policy_id: 9 }));
    render(<ThankYouStatus initialOrder={order()} pollMs={1000} />);
    expect(screen.getByText('Așteptăm confirmarea plății')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(getOrder).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Plata a fost confirmată. Polița este emisă.')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(getOrder).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Plata a fost confirmată. Polița este emisă.')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(getOrder).toHaveBeenCalledTimes(2);
  });
});

describe('PaymentRedirect', () => {
  it('starts the payment with /thank-you as return address and sends the browser to the processor', async () => {
    startPayment.mockResolvedValue({ payment_id: 'p1', redirect_url: 'http://127.0.0.1:4000/payment-processor/checkout/p1?signature=x' });
    const navigate = vi.fn();
    render(<PaymentRedirect orderId="42" navigate={navigate} />);
    expect(screen.getByText('Pregătim plata securizată…')).toBeInTheDocument();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('http://127.0.0.1:4000/payment-processor/checkout/p1?signature=x'));
    expect(startPayment).toHaveBeenCalledTimes(1);
    expect(startPayment).toHaveBeenCalledWith('42', `${window.location.origin}/thank-you`);
    expect(screen.getByText('Vă trimitem către procesatorul de plăți…')).toBeInTheDocument();
  });

  it('shows the error and lets the customer try again', async () => {
    startPayment
      .mockRejectedValueOnce(new ApiError({ code: 'http_500', status: 500, message: 'x', prettyMessage: 'Serviciul de plăți nu răspunde.' }))
      .mockResolvedValueOnce({ payment_id: 'p2', redirect_url: 'http://processor/p2' });
    const navigate = vi.fn();
    render(<PaymentRedirect orderId="42" navigate={navigate} />);
    expect(await screen.findByText('Serviciul de plăți nu răspunde.')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Încercați din nou' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('http://processor/p2'));
  });

  it('never follows an answer that is not a web address (javascript:, data:, garbage)', async () => {
    for (const redirect_url of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'not a url', undefined]) {
      startPayment.mockResolvedValueOnce({ payment_id: 'p3', redirect_url });
      const navigate = vi.fn();
      const view = render(<PaymentRedirect orderId="42" navigate={navigate} />);
      expect(await screen.findByText('Nu am putut porni plata.')).toBeInTheDocument();
      expect(navigate).not.toHaveBeenCalled();
      view.unmount();
    }
  });

  it('a product ops switched off shows the backend\'s Romanian refusal, with a retry', async () => {
    // The backend's answer as the BFF passes it on (backend/tests/payment-product-off.test.ts).
    const refusal = { error: { code: 'product_unavailable', message: 'Product is not available.', pretty_message: 'Produsul nu este disponibil momentan.' } };
    startPayment.mockRejectedValueOnce(apiErrorFromResponse(422, refusal));
    const navigate = vi.fn();
    render(<PaymentRedirect orderId="42" navigate={navigate} />);
    expect(await screen.findByText('Produsul nu este disponibil momentan.')).toBeInTheDocument();
    expect(screen.getByText('Plata nu a putut fi pornită')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Încercați din nou' })).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('an order already paid points to its status instead', async () => {
    startPayment.mockRejectedValue(new ApiError({ code: 'order_already_paid', status: 409, message: 'paid' }));
    render(<PaymentRedirect orderId="42" navigate={vi.fn()} />);
    expect(await screen.findByRole('link', { name: 'Vedeți starea comenzii' })).toHaveAttribute('href', '/thank-you?order_id=42');
  });
});
