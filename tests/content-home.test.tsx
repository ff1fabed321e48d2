import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductStatus } from '@/contract/types';
import { emitRealtimeEvent } from '@/lib/realtime/events';
import { useProductStore, initialProductState } from '@/stores/product-store';

// Typing-heavy UI tests: allow for a loaded CI machine.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('@/lib/api/products', () => ({ listProducts: vi.fn(() => Promise.resolve([])) }));

const { ProductCards } = await import('@/components/home/product-cards');
const { listProducts } = await import('@/lib/api/products');
const { homeProducts, vignetteFlags } = await import('@/components/home/product-catalogue');
const { newerStatuses } = await import('@/components/home/product-availability');

const statuses = (over: Partial<ProductStatus> = {}): ProductStatus => ({
  id: 1,
  is_ro_vignette_available: true,
  is_hu_vignette_available: false,
  is_rca_available: true,
  is_travel_available: true,
  is_house_insurance_available: true,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  deleted_at: null,
  ...over,
});

function card(name: RegExp) {
  return screen.getByRole('listitem', { name });
}

describe('home products', () => {
  beforeEach(() => useProductStore.setState(initialProductState));

  it('shows the four products with a way to start each available one', () => {
    render(<ProductCards statuses={statuses()} pollMs={0} />);
    for (const [name, cta] of [
      [/Asigurare RCA/, 'Calculați RCA'],
      [/Asigurare de călătorie/, 'Calculați călătoria'],
      [/Asigurare de locuință/, 'Calculați locuința'],
      [/Asigurare de anvelope/, 'Calculați anvelopele'],
    ] as const) {
      expect(within(card(name)).getByRole('link', { name: cta })).toHaveAttribute('href');
    }
  });

  it('says an unavailable product is unavailable and offers no link to start it', () => {
    render(<ProductCards statuses={statuses({ is_rca_available: false })} pollMs={0} />);
    const rca = card(/Asigurare RCA/);
    expect(within(rca).queryByRole('link')).toBeNull();
    expect(within(rca).getByText(/Momentan indisponibil/)).toBeInTheDocument();
    expect(within(card(/călătorie/)).getByRole('link', { name: 'Calculați călătoria' })).toBeInTheDocument();
  });

  it('shows the vignette flags as available or not', () => {
    render(<ProductCards statuses={statuses()} pollMs={0} />);
    expect(within(screen.getByText('Rovinieta România').closest('li')!).getByText('Disponibilă')).toBeInTheDocument();
    expect(within(screen.getByText(/Vigneta Ungaria/).closest('li')!).getByText('Indisponibilă')).toBeInTheDocument();
  });

  it('updates live on the realtime event and on newer statuses in the store', () => {
    render(<ProductCards statuses={statuses()} pollMs={0} />);
    act(() => emitRealtimeEvent('product-statuses.updated', statuses({ is_travel_available: false, updated_at: '2026-01-02T00:00:00Z' })));
    expect(within(card(/călătorie/)).queryByRole('link')).toBeNull();
    act(() => {
      useProductStore.getState().updateStatuses(statuses({ is_travel_available: true, is_hu_vignette_available: true, updated_at: '2026-01-03T00:00:00Z' }));
    });
    expect(within(card(/călătorie/)).getByRole('link')).toBeInTheDocument();
    expect(within(screen.getByText(/Vigneta Ungaria/).closest('li')!).getByText('Disponibilă')).toBeInTheDocument();
  });

  it('ignores an older status record arriving late', () => {
    const newer = statuses({ updated_at: '2026-01-05T00:00:00Z' });
    const older = statuses({ is_rca_available: false, updated_at: '2026-01-04T00:00:00Z' });
    expect(newerStatuses(newer, older)).toBe(newer);
  });

  it('falls back to the record defaults without statuses: insurance on, vignettes off', () => {
    expect(homeProducts(null).every((p) => p.available)).toBe(true);
    expect(vignetteFlags(null).every((v) => !v.available)).toBe(true);
  });

  it('without statuses (backend unreachable) says so with a retry, and the box goes when statuses arrive', async () => {
    render(<ProductCards statuses={null} pollMs={0} />);
    // The box is a chunk of its own, loaded only when needed (issue 17).
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent('Nu am putut verifica disponibilitatea produselor');
    vi.mocked(listProducts).mockClear();
    await userEvent.click(within(box).getByRole('button', { name: 'Încercați din nou' }));
    expect(listProducts).toHaveBeenCalledTimes(1);
    act(() => void useProductStore.getState().updateStatuses(statuses()));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows no error box while statuses are known', () => {
    render(<ProductCards statuses={statuses()} pollMs={0} />);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
