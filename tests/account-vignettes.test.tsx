import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Policy } from '@/lib/api/policies';
import { emitRealtimeEvent } from '@/lib/realtime/events';

const listPolicies = vi.fn();
vi.mock('@/lib/api/policies', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/policies')>()),
  listPolicies: () => listPolicies(),
}));

const { VignettesView } = await import('@/components/account/vignettes-view');
const { PoliciesView } = await import('@/components/account/policies-view');
const { BucharestTodayProvider } = await import('@/components/providers/bucharest-today');

const TODAY = '2026-03-15';

function withToday(children: React.ReactNode) {
  return render(<BucharestTodayProvider value={{ day: TODAY, nextDayAt: Date.now() + 3_600_000 }}>{children}</BucharestTodayProvider>);
}

const item = (over: Partial<Policy>): Policy => ({
  id: 1,
  number: 'ROV-2026-0000001',
  order_id: 1,
  product_code: 'ro-vignette',
  product_name: 'Rovinietă',
  insurer: { code: 'cnair', name: 'CNAIR' },
  package_name: 'Categoria A, 12 luni',
  starts_on: '2026-01-01',
  ends_on: '2026-12-31',
  status: 'active',
  amount_bani: 25445,
  insured_object: 'B123ABC (RO)',
  input: { category: 'A', registration_plate: 'B123ABC', country: 'RO', validity: '12m' },
  document_url: '/api/v1/policies/1/document',
  created_at: '2026-01-01T10:00:00Z',
  is_vignette: true,
  ...over,
});

const rca = item({ id: 9, number: 'RCA-2026-0000009', product_code: 'rca', product_name: 'Asigurare RCA', insured_object: 'CJ45XYZ', is_vignette: false, input: {} });

describe('account vignettes', () => {
  it('lists only the vignettes, still valid first, each with its state on today and its PDF proof', () => {
    withToday(
      <VignettesView
        initialVignettes={[
          rca,
          item({ id: 1 }),
          item({ id: 2, number: 'ROV-2026-0000002', insured_object: 'CJ10AAA (RO)', starts_on: '2026-03-01', ends_on: '2026-03-20', package_name: 'Categoria A, 30 de zile' }),
          item({ id: 3, number: 'HUV-2026-0000003', product_code: 'hu-vignette', product_name: 'Vignetă Ungaria (e-matrica)', insured_object: 'MAB1234 (DE)', starts_on: '2026-02-01', ends_on: '2026-02-10' }),
          item({ id: 4, number: 'ROV-2026-0000004', insured_object: 'IS22TOY (RO)', starts_on: '2026-03-17', ends_on: '2026-03-26' }),
        ]}
      />,
    );
    const cards = within(screen.getByRole('list', { name: 'Viniete' })).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual([
      'Rovinietă · CJ10AAA (RO)',
      'Rovinietă · IS22TOY (RO)',
      'Rovinietă · B123ABC (RO)',
      'Vignetă Ungaria (e-matrica) · MAB1234 (DE)',
    ]);
    expect(cards.map((c) => within(c).getByTestId('vignette-state').textContent)).toEqual([
      'Expiră în 5 zile',
      'Începe în 2 zile',
      'Valabilă',
      'Expirată',
    ]);
    const pdf = within(cards[2]).getByRole('link', { name: 'Descărcați dovada (PDF)' });
    expect(pdf.getAttribute('href')).toBe('/api/v1/policies/1/document');
    expect(pdf.getAttribute('download')).toBe('vigneta-ROV-2026-0000001.pdf');
    // Ending soon or ended: bought again from the product page; valid or upcoming: not yet.
    expect(within(cards[0]).getByRole('link', { name: 'Cumpărați din nou' }).getAttribute('href')).toBe('/rovinieta?renew=2');
    expect(within(cards[3]).getByRole('link', { name: 'Cumpărați din nou' }).getAttribute('href')).toBe('/vigneta-ungaria?renew=3');
    expect(within(cards[1]).queryByRole('link', { name: 'Cumpărați din nou' })).toBeNull();
    expect(within(cards[2]).queryByRole('link', { name: 'Cumpărați din nou' })).toBeNull();
  });

  it('shows an empty state with the ways to buy, and a newly issued vignette live', () => {
    withToday(<VignettesView initialVignettes={[rca]} />);
    expect(screen.getByRole('heading', { name: 'Nu aveți încă viniete' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cumpărați o rovinietă' }).getAttribute('href')).toBe('/rovinieta');
    expect(screen.getByRole('link', { name: 'vinieta e-matrica' }).getAttribute('href')).toBe('/vigneta-ungaria');
    act(() => emitRealtimeEvent('policy.issued', { ...rca, id: 10 } as unknown as { id: number } & Record<string, unknown>));
    expect(screen.getByRole('heading', { name: 'Nu aveți încă viniete' })).toBeTruthy();
    act(() => emitRealtimeEvent('policy.issued', item({ id: 11, number: 'ROV-2026-0000011' }) as unknown as { id: number } & Record<string, unknown>));
    expect(screen.getByText('Vinieta cu seria ROV-2026-0000011 a fost emisă.')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('leaves the vignettes out of the policies page', () => {
    withToday(<PoliciesView initialPolicies={[rca, item({ id: 1 })]} />);
    expect(screen.getByRole('heading', { name: /Asigurare RCA · CJ45XYZ/ })).toBeTruthy();
    expect(screen.queryByText(/B123ABC \(RO\)/)).toBeNull();
  });
});
