import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BucharestTodayProvider } from '@/components/providers/bucharest-today';
import { VignetteShop } from '@/components/vignettes/vignette-shop';
import { resetDraftCache } from '@/lib/shop/draft-store';
import type { ProductStatus } from '@/contract/types';
import { vignetteProduct } from './helpers/vignette-product';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn(), refresh: vi.fn() }), usePathname: () => '/rovinieta' }));

const TODAY = '2026-03-29';

function renderWithToday(children: ReactNode) {
  return render(<BucharestTodayProvider value={{ day: TODAY, nextDayAt: Date.now() + 3_600_000 }}>{children}</BucharestTodayProvider>);
}

const statuses = (ro: boolean, hu: boolean): ProductStatus => ({
  id: 1,
  is_ro_vignette_available: ro,
  is_hu_vignette_available: hu,
  is_rca_available: true,
  is_travel_available: true,
  is_house_insurance_available: true,
  created_at: '2026-03-01T00:00:00Z',
  updated_at: '2026-03-01T00:00:00Z',
  deleted_at: null,
});

beforeEach(() => {
  sessionStorage.clear();
  resetDraftCache();
});

describe('vignette form', () => {
  it('rovinietă: categories from the tariff, then the validities of the category with their euro price and the last day', () => {
    renderWithToday(<VignetteShop kind="ro" product={vignetteProduct('ro')} initialStatuses={statuses(true, false)} />);
    const category = screen.getByRole('combobox', { name: /Categoria vehiculului/ });
    expect(within(category).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    expect(screen.queryByRole('group', { name: /Perioada de valabilitate/ })).toBeNull();

    fireEvent.change(category, { target: { value: 'C' } });
    let group = screen.getByRole('group', { name: /Perioada de valabilitate \(categoria C\)/ });
    expect(within(group).getAllByRole('radio').map((r) => r.closest('div')?.textContent)).toEqual([
      '1 zi: 4,00 EUR',
      '7 zile: 16,00 EUR',
      '30 de zile: 32,00 EUR',
      '12 luni: 320,00 EUR',
    ]);
    fireEvent.click(within(group).getByRole('radio', { name: '7 zile: 16,00 EUR' }));
    expect(screen.getByText('Valabilă de la 29 martie 2026 până la 4 aprilie 2026 inclusiv.')).toBeTruthy();

    // A category without the chosen validity drops it: A has no 7-day rovinietă.
    fireEvent.change(category, { target: { value: 'A' } });
    group = screen.getByRole('group', { name: /Perioada de valabilitate \(categoria A\)/ });
    expect(within(group).getAllByRole('radio')).toHaveLength(5);
    expect(within(group).getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(screen.queryByText(/^Valabilă de la/)).toBeNull();
    expect(screen.getByRole('textbox', { name: /Serie de șasiu \(VIN, opțional\)/ })).toBeTruthy();
  });

  it('plate typed in upper case', () => {
    renderWithToday(<VignetteShop kind="ro" product={vignetteProduct('ro')} initialStatuses={statuses(true, false)} />);
    const plate = screen.getByRole('textbox', { name: /Număr de înmatriculare/ }) as HTMLInputElement;
    fireEvent.change(plate, { target: { value: 'cj45xyz' } });
    expect(plate.value).toBe('CJ45XYZ');
  });

  it('e-matrica county pass: counties with their count and total in forint; no VIN', () => {
    renderWithToday(<VignetteShop kind="hu" product={vignetteProduct('hu')} initialStatuses={statuses(false, true)} />);
    expect(screen.queryByRole('textbox', { name: /VIN/ })).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: /Categoria vehiculului/ }), { target: { value: 'D1' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Anuală pe județ (megye): 6.660 HUF pe județ' }));
    expect(screen.getByText('Valabilă de la 29 martie 2026 până la 31 ianuarie 2027 inclusiv.')).toBeTruthy();
    const counties = screen.getByRole('group', { name: /Județele/ });
    expect(within(counties).getAllByRole('checkbox')).toHaveLength(19);
    expect(within(counties).getByText('Alegeți cel puțin un județ (6.660 HUF pe județ).')).toBeTruthy();
    fireEvent.click(within(counties).getByRole('checkbox', { name: 'Pest' }));
    fireEvent.click(within(counties).getByRole('checkbox', { name: 'Vas' }));
    fireEvent.click(within(counties).getByRole('checkbox', { name: 'Baranya' }));
    expect(within(counties).getByText('3 județe: total 19.980 HUF.')).toBeTruthy();
    // Another validity takes no counties.
    fireEvent.click(screen.getByRole('radio', { name: '10 zile: 6.400 HUF' }));
    expect(screen.queryByRole('group', { name: /Județele/ })).toBeNull();
  });

  it('says the vignette cannot be bought while its flag is off', () => {
    renderWithToday(<VignetteShop kind="ro" product={vignetteProduct('ro')} initialStatuses={statuses(false, true)} />);
    expect(screen.getByText('Rovinieta nu este disponibilă momentan')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Categoria vehiculului/ })).toBeNull();
  });
});
