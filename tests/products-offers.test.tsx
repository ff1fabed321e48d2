import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OfferList } from '@/components/products/offer-list';
import type { Offer, Quote } from '@/contract/types';
import { groupRcaOffers, sortOffersByPrice } from '@/lib/shop/offers';

const insurer = (code: string, name: string) => ({ code, name });
const offer = (id: string, ins: { code: string; name: string }, price: number, direct = false, extra: Partial<Offer> = {}): Offer => ({
  id,
  insurer: ins,
  package_code: direct ? 'direct_settlement' : 'standard',
  package_name: direct ? 'RCA cu decontare directă' : 'RCA',
  price_bani: price,
  period_label: '12 luni',
  direct_settlement: direct,
  bonus_malus_class: 'B4',
  coverage: ['Daune materiale până la 1.300.000 EUR pe eveniment'],
  ...extra,
});

const allianz = insurer('allianz-tiriac', 'Allianz-Țiriac');
const asirom = insurer('asirom', 'Asirom');
const groupama = insurer('groupama', 'Groupama');

// Deliberately not in price order.
const rcaOffers = [
  offer('allianz-standard', allianz, 123456),
  offer('asirom-direct', asirom, 107831, true),
  offer('groupama-standard', groupama, 99000),
  offer('asirom-standard', asirom, 86265),
  offer('allianz-direct', allianz, 145678, true),
  offer('groupama-direct', groupama, 118800, true),
];

const quote = (product_code: Quote['product_code'], offers: Offer[]): Quote => ({
  id: 'q1',
  product_code,
  partner_code: null,
  input: {},
  offers,
  created_at: '2026-03-01T10:00:00Z',
  expires_at: '2026-03-02T10:00:00Z',
});

describe('offer sorting', () => {
  it('sorts by price, ties by insurer name', () => {
    const sorted = sortOffersByPrice([offer('b', groupama, 500), offer('a', allianz, 500), offer('c', asirom, 100)]);
    expect(sorted.map((o) => o.id)).toEqual(['c', 'a', 'b']);
  });

  it('puts RCA standard and direct settlement of one insurer side by side, rows by cheapest', () => {
    const rows = groupRcaOffers(rcaOffers);
    expect(rows.map((r) => r.insurerName)).toEqual(['Asirom', 'Groupama', 'Allianz-Țiriac']);
    expect(rows[0].standard?.id).toBe('asirom-standard');
    expect(rows[0].direct?.id).toBe('asirom-direct');
  });
});

describe('OfferList', () => {
  it('shows RCA rows in price order with both prices in lei and the bonus-malus class', async () => {
    const onChoose = vi.fn();
    render(<OfferList quote={quote('rca', rcaOffers)} onChoose={onChoose} />);
    const list = screen.getByRole('list', { name: 'Oferte RCA' });
    const headings = within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings[0]).toMatch(/^Asirom/);
    expect(headings[2]).toMatch(/^Allianz-Țiriac/);
    const first = within(list).getAllByRole('listitem')[0];
    expect(within(first).getByText('862,65 lei')).toBeInTheDocument();
    expect(within(first).getByText('1.078,31 lei')).toBeInTheDocument();
    expect(within(first).getByText('B4')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('6 oferte, ordonate după preț');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Alegeți Asirom, cu decontare directă, 1.078,31 lei' }));
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 'asirom-direct' }));
  });

  it('shows other products as cards sorted by price, cheapest marked', () => {
    const offers = [
      offer('premium', groupama, 30000, false, { package_name: 'Anvelope Premium', bonus_malus_class: null }),
      offer('basic', asirom, 7800, false, { package_name: 'Anvelope Basic', bonus_malus_class: null }),
    ];
    render(<OfferList quote={quote('tire', offers)} onChoose={() => {}} />);
    const prices = screen.getAllByTestId('offer-price').map((p) => p.textContent);
    expect(prices).toEqual(['78,00 lei', '300,00 lei']);
    expect(screen.getAllByText('Cel mai mic preț')).toHaveLength(1);
    expect(screen.queryByText(/bonus-malus/)).not.toBeInTheDocument();
  });

  it('shows a vignette\'s one price with its list price in euro and the month\'s rate, no ranking', () => {
    const vignette = offer('cnair-A-30d', insurer('cnair', 'CNAIR'), 4835, false, {
      package_name: 'Categoria A, 30 de zile',
      period_label: '30 de zile',
      bonus_malus_class: null,
      coverage: [],
      list_price: { amount: 9.5, currency: 'EUR' },
      exchange_rate: { currency: 'EUR', lei_per_unit: 5.089, month: '2026-11' },
    });
    render(<OfferList quote={quote('ro-vignette', [vignette])} onChoose={() => {}} />);
    expect(screen.getByRole('heading', { name: 'Prețul vinietei' })).toBeInTheDocument();
    expect(screen.getByTestId('offer-price')).toHaveTextContent('48,35 lei');
    expect(screen.getByTestId('offer-list-price')).toHaveTextContent('Tarif 9,50 EUR, la cursul de 5,089 lei/EUR din noiembrie 2026');
    expect(screen.queryByText('Cel mai mic preț')).not.toBeInTheDocument();
  });

  it('says so when there is no offer', () => {
    render(<OfferList quote={quote('travel', [])} onChoose={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Nu am găsit oferte');
  });
});
