import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@/lib/api/orders';
import type { Policy } from '@/lib/api/policies';
import { emitRealtimeEvent } from '@/lib/realtime/events';

// Typing-heavy UI tests: allow for a loaded CI machine.
vi.setConfig({ testTimeout: 20_000 });

const listOrders = vi.fn();
vi.mock('@/lib/api/orders', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/orders')>()),
  listOrders: () => listOrders(),
}));

const listPolicies = vi.fn();
vi.mock('@/lib/api/policies', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/policies')>()),
  listPolicies: () => listPolicies(),
}));

const { OrdersList } = await import('@/components/account/orders-list');
const { PoliciesView } = await import('@/components/account/policies-view');
const { BucharestTodayProvider } = await import('@/components/providers/bucharest-today');

/** Policies as the account page shows them on `today` (the server's Bucharest day). */
function renderPolicies(today: string, props: Parameters<typeof PoliciesView>[0]) {
  return render(
    <BucharestTodayProvider value={{ day: today, nextDayAt: Date.now() + 3_600_000 }}>
      <PoliciesView {...props} />
    </BucharestTodayProvider>,
  );
}

const order = (over: Partial<Order>): Order => ({
  id: 1,
  number: 'BRK-2026-000001',
  product_code: 'rca',
  product_name: 'RCA',
  insurer: { code: 'groupama', name: 'Groupama' },
  offer_id: 'o1',
  package_name: 'Standard',
  amount_bani: 123456,
  status: 'paid',
  partner_code: null,
  policy_id: 3,
  invoice: null,
  created_at: '2026-03-05T12:30:00Z',
  paid_at: '2026-03-05T12:35:00Z',
  pay_until: null,
  ...over,
});

/** An unpaid order whose quote is still valid for a day. */
const unpaid = { policy_id: null, paid_at: null, pay_until: new Date(Date.now() + 86_400_000).toISOString() } as const;

const policy = (over: Partial<Policy>): Policy => ({
  id: 1,
  number: 'POL-1',
  order_id: 1,
  product_code: 'rca',
  product_name: 'RCA',
  insurer: { code: 'groupama', name: 'Groupama' },
  package_name: 'Standard',
  starts_on: '2025-06-01',
  ends_on: '2026-05-31',
  status: 'active',
  amount_bani: 90000,
  insured_object: 'B123ABC',
  input: {},
  document_url: '/api/v1/policies/1/document',
  created_at: '2025-06-01T00:00:00Z',
  ...over,
});

describe('orders list', () => {
  it('shows an empty state with a way to buy', () => {
    render(<OrdersList initialOrders={[]} />);
    expect(screen.getByRole('heading', { name: 'Nu aveți încă nicio comandă' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alegeți o asigurare' })).toHaveAttribute('href', '/#produse-titlu');
  });

  it('shows product, insurer, amount, status and date; only unpaid orders can be paid', () => {
    render(
      <OrdersList
        initialOrders={[order({ id: 2, number: 'BRK-2', status: 'awaiting_payment', ...unpaid }), order({ id: 3, number: 'BRK-3', status: 'payment_failed', ...unpaid }), order({})]}
        dateLabels={{ '2026-03-05T12:30:00Z': '5 martie 2026, 14:30', '2026-03-05T12:35:00Z': '5 martie 2026, 14:35' }}
      />,
    );
    const awaiting = screen.getByRole('listitem', { name: /comanda BRK-2$/ });
    expect(within(awaiting).getByText('Așteaptă plata')).toBeInTheDocument();
    expect(within(awaiting).getByText('1.234,56 lei')).toBeInTheDocument();
    expect(within(awaiting).getByText(/Groupama/)).toBeInTheDocument();
    expect(within(awaiting).getByText('5 martie 2026, 14:30')).toBeInTheDocument();
    expect(within(awaiting).getByRole('link', { name: 'Plătiți acum' })).toHaveAttribute(
      'href',
      '/wait-to-be-redirected/payment-processor?order_id=2',
    );
    const failed = screen.getByRole('listitem', { name: /comanda BRK-3$/ });
    expect(within(failed).getByRole('link', { name: 'Plătiți din nou' })).toBeInTheDocument();
    const paid = screen.getByRole('listitem', { name: /comanda BRK-2026-000001$/ });
    expect(within(paid).queryByRole('link', { name: /Plătiți/ })).toBeNull();
    expect(within(paid).getByText('Plătită')).toBeInTheDocument();
  });

  it('an unpaid order past its quote cannot be paid: it says so and links to a new price', () => {
    const expired = new Date(Date.now() - 1_000).toISOString();
    render(
      <OrdersList
        initialOrders={[
          order({ id: 4, number: 'BRK-4', status: 'awaiting_payment', ...unpaid, pay_until: expired }),
          order({ id: 5, number: 'BRK-5', status: 'payment_failed', product_code: 'travel', ...unpaid, pay_until: null }),
          order({ id: 6, number: 'BRK-6', status: 'awaiting_payment', ...unpaid }),
        ]}
      />,
    );
    for (const [number, route] of [['BRK-4', '/rca'], ['BRK-5', '/travel']]) {
      const item = screen.getByRole('listitem', { name: new RegExp(`comanda ${number}$`) });
      expect(within(item).queryByRole('link', { name: /Plătiți/ })).toBeNull();
      expect(within(item).getByText('Oferta acestei comenzi a expirat și comanda nu mai poate fi plătită.')).toBeInTheDocument();
      expect(within(item).getByRole('link', { name: 'Calculați din nou prețul' })).toHaveAttribute('href', route);
    }
    const payable = screen.getByRole('listitem', { name: /comanda BRK-6$/ });
    expect(within(payable).getByRole('link', { name: 'Plătiți acum' })).toBeInTheDocument();
    expect(within(payable).queryByText(/a expirat/)).toBeNull();
  });

  it('updates an order live when its payment is confirmed, with the payment time in Bucharest', async () => {
    render(
      <OrdersList
        initialOrders={[order({ id: 2, number: 'BRK-2', status: 'awaiting_payment', ...unpaid })]}
        dateLabels={{ '2026-03-05T12:30:00Z': '5 martie 2026, 14:30' }}
      />,
    );
    act(() => emitRealtimeEvent('order.updated', { ...order({ id: 2, number: 'BRK-2', status: 'paid', paid_at: '2026-03-05T22:05:00Z' }) }));
    const item = screen.getByRole('listitem', { name: /comanda BRK-2$/ });
    expect(within(item).getByText('Plătită')).toBeInTheDocument();
    expect(within(item).queryByRole('link', { name: /Plătiți/ })).toBeNull();
    // A time the server did not format is formatted here once lib/time has loaded: past midnight in Bucharest.
    expect(await within(item).findByText('6 martie 2026, 00:05')).toBeInTheDocument();
    expect(within(item).getByText('5 martie 2026, 14:30')).toBeInTheDocument();
  });

  it('offers the invoice of a paid order as a PDF download, and none before payment', () => {
    render(
      <OrdersList
        initialOrders={[
          order({ id: 7, number: 'BRK-7', invoice: { number: 'FBRK-2026-000042', issued_on: '2026-03-05', document_url: '/api/v1/orders/7/invoice' } }),
          order({ id: 8, number: 'BRK-8', status: 'awaiting_payment', ...unpaid }),
        ]}
      />,
    );
    const paid = screen.getByRole('listitem', { name: /comanda BRK-7$/ });
    const link = within(paid).getByRole('link', { name: 'Descărcați factura (PDF)' });
    expect(link).toHaveAttribute('href', '/api/v1/orders/7/invoice');
    expect(link).toHaveAttribute('download', 'factura-FBRK-2026-000042.pdf');
    expect(within(paid).getByText('FBRK-2026-000042')).toBeInTheDocument();
    const awaiting = screen.getByRole('listitem', { name: /comanda BRK-8$/ });
    expect(within(awaiting).queryByRole('link', { name: /factura/ })).toBeNull();
  });

  it('formats the dates itself, in the customer\'s language, when the server gave no labels', async () => {
    render(<OrdersList initialOrders={[order({ id: 4, number: 'BRK-4' })]} dateLocale="fr" />);
    expect(await screen.findByText('5 mars 2026, 14:30')).toBeInTheDocument();
    expect(screen.getByText('5 mars 2026, 14:35')).toBeInTheDocument();
  });

  it('re-reads the list on a payment event', async () => {
    listOrders.mockResolvedValue([order({ id: 9, number: 'BRK-9' })]);
    render(<OrdersList initialOrders={[]} />);
    act(() => emitRealtimeEvent('payment.updated', { payment_id: 'p', order_id: 9, status: 'confirmed' }));
    expect(await screen.findByRole('listitem', { name: /comanda BRK-9$/ })).toBeInTheDocument();
  });

  it('re-reads the list when the realtime channel is (re)subscribed, catching events it missed', async () => {
    listOrders.mockResolvedValue([order({ id: 10, number: 'BRK-10', status: 'paid' })]);
    render(<OrdersList initialOrders={[order({ id: 10, number: 'BRK-10', status: 'awaiting_payment' })]} />);
    expect(screen.getByText('Așteaptă plata')).toBeInTheDocument();
    act(() => emitRealtimeEvent('realtime.subscribed', { channel: 'private-user.1' }));
    expect(await screen.findByText('Plătită')).toBeInTheDocument();
  });
});

describe('policies view', () => {
  const today = '2026-05-10';

  it('re-reads the policies when the realtime channel is (re)subscribed', async () => {
    listPolicies.mockResolvedValue([policy({ id: 7, number: 'POL-7', insured_object: 'CJ45XYZ' })]);
    renderPolicies(today, { initialPolicies: [] });
    act(() => emitRealtimeEvent('realtime.subscribed', { channel: 'private-user.1' }));
    expect(await screen.findByText(/POL-7/)).toBeInTheDocument();
  });

  it('shows "Nu aveți încă polițe" with a way to buy one', () => {
    renderPolicies(today, { initialPolicies: [] });
    expect(screen.getByRole('heading', { name: 'Nu aveți încă polițe' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cumpărați o asigurare' })).toBeInTheDocument();
  });

  it('groups expiring, active and expired policies with the PDF and a renewal shortcut', () => {
    renderPolicies(today, {
      initialPolicies: [
        policy({ id: 1, number: 'POL-EXP', ends_on: '2026-05-31' }),
        policy({ id: 2, number: 'POL-ACT', product_code: 'travel', product_name: 'Călătorie', starts_on: '2026-01-01', ends_on: '2026-12-31' }),
        policy({ id: 3, number: 'POL-OLD', product_code: 'house-insurance', ends_on: '2026-01-31' }),
      ],
    });
    const expiring = screen.getByRole('region', { name: /Expiră în următoarele 30 de zile/ });
    expect(within(expiring).getByText(/POL-EXP/)).toBeInTheDocument();
    expect(within(expiring).getByText('Expiră în 21 de zile')).toBeInTheDocument();
    expect(within(expiring).getByRole('link', { name: 'Reînnoiți' })).toHaveAttribute('href', '/rca?renew=1');
    expect(within(expiring).getByRole('link', { name: 'Descărcați polița (PDF)' })).toHaveAttribute('href', '/api/v1/policies/1/document');

    const active = screen.getByRole('region', { name: /^Active/ });
    expect(within(active).getByText(/POL-ACT/)).toBeInTheDocument();
    expect(within(active).queryByRole('link', { name: 'Reînnoiți' })).toBeNull();

    const expired = screen.getByRole('region', { name: /Expirate/ });
    expect(within(expired).getByRole('link', { name: 'Reînnoiți' })).toHaveAttribute('href', '/house?renew=3');
  });

  it('adds a newly issued policy live', () => {
    renderPolicies(today, { initialPolicies: [] });
    act(() => emitRealtimeEvent('policy.issued', { ...policy({ id: 7, number: 'POL-NEW', starts_on: '2026-05-11', ends_on: '2027-05-10' }) }));
    expect(screen.getByRole('listitem', { name: /POL-NEW|B123ABC/ })).toBeInTheDocument();
    expect(screen.getByText('Polița POL-NEW a fost emisă.')).toBeInTheDocument();
    expect(screen.queryByText('Nu aveți încă polițe')).toBeNull();
  });
});
