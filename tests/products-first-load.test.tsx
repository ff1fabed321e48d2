import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// date-fns-tz makes a time-zone-aware Intl call as it loads, which costs a fresh page tens of milliseconds:
// the product pages' first-load code must not import it (only the schemas, loaded on demand, do).
const tz = vi.hoisted(() => ({ loaded: false }));
vi.mock('date-fns-tz', async (importOriginal) => {
  tz.loaded = true;
  return importOriginal();
});
// The details step (customer form, captcha) loads when the customer gets past the offers, not with the page.
const details = vi.hoisted(() => ({ loaded: false }));
vi.mock('@/components/products/details-step', async (importOriginal) => {
  details.loaded = true;
  return importOriginal();
});
vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), replace: vi.fn() }), usePathname: () => '/' }));

const { BucharestTodayProvider } = await import('@/components/providers/bucharest-today');
const { HouseShop } = await import('@/components/house/house-shop');
const { RcaShop } = await import('@/components/rca/rca-shop');
const { TireShop } = await import('@/components/tire/tire-shop');
const { TravelShop } = await import('@/components/travel/travel-shop');
const { VignetteShop } = await import('@/components/vignettes/vignette-shop');
const { vignetteProduct } = await import('./helpers/vignette-product');
const { resetDraftCache, writeDraft } = await import('@/lib/shop/draft-store');
const loadedWithThePages = tz.loaded;
const detailsLoadedWithThePages = details.loaded;

/** Not the clock's day (the tests run on any date): the forms must take it from the provider. */
const TODAY = '2026-03-29';

let dateTimeFormats = 0;
const RealDateTimeFormat = Intl.DateTimeFormat;

beforeEach(() => {
  sessionStorage.clear();
  resetDraftCache();
  dateTimeFormats = 0;
  Intl.DateTimeFormat = new Proxy(RealDateTimeFormat, {
    construct(target, args) {
      dateTimeFormats += 1;
      return Reflect.construct(target, args);
    },
    apply(target, self, args) {
      dateTimeFormats += 1;
      return Reflect.apply(target, self, args);
    },
  });
});
afterEach(() => {
  Intl.DateTimeFormat = RealDateTimeFormat;
});

function renderWithToday(children: ReactNode) {
  return render(<BucharestTodayProvider value={{ day: TODAY, nextDayAt: Date.now() + 3_600_000 }}>{children}</BucharestTodayProvider>);
}

const dateInput = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('product pages at first load', () => {
  it('do not load date-fns-tz with the shops', () => {
    expect(loadedWithThePages).toBe(false);
  });

  it('do not load the details step with the shops', () => {
    expect(detailsLoadedWithThePages).toBe(false);
  });

  it('RCA: the start date from tomorrow to 30 days ahead, from the provided day, without Intl', () => {
    renderWithToday(<RcaShop plate={null} vin={null} partnerCode={null} initialStatuses={null} productAvailable />);
    const start = dateInput(/^Data de început/);
    expect([start.value, start.min, start.max]).toEqual(['2026-03-30', '2026-03-30', '2026-04-28']);
    expect(dateTimeFormats).toBe(0);
  });

  it('travel: departure tomorrow, a week-long trip, up to a year ahead, without Intl', () => {
    renderWithToday(<TravelShop partnerCode={null} initialStatuses={null} productAvailable />);
    const start = dateInput(/^Data plecării/);
    expect([start.value, start.min, start.max]).toEqual(['2026-03-30', '2026-03-30', '2027-03-29']);
    expect(dateInput(/^Data întoarcerii/).value).toBe('2026-04-05');
    expect(dateTimeFormats).toBe(0);
  });

  it('house: the start date from tomorrow to 30 days ahead, without Intl', () => {
    renderWithToday(<HouseShop partnerCode={null} initialStatuses={null} productAvailable />);
    const start = dateInput(/^Data de început/);
    expect([start.value, start.min, start.max]).toEqual(['2026-03-30', '2026-03-30', '2026-04-28']);
    expect(dateTimeFormats).toBe(0);
  });

  it('tire and Michelin: bought today or in the last 30 days, without Intl', () => {
    const view = renderWithToday(<TireShop partnerCode={null} productAvailable />);
    let purchase = dateInput(/^Data cumpărării/);
    expect([purchase.value, purchase.min, purchase.max]).toEqual(['2026-03-29', '2026-02-27', '2026-03-29']);
    view.unmount();
    renderWithToday(<TireShop michelin partnerCode={null} productAvailable />);
    purchase = dateInput(/^Data cumpărării/);
    expect([purchase.value, purchase.min, purchase.max]).toEqual(['2026-03-29', '2026-02-27', '2026-03-29']);
    expect(dateTimeFormats).toBe(0);
  });

  it('vignettes: the start date from today to 30 days ahead, from the provided day, without Intl', () => {
    const view = renderWithToday(<VignetteShop kind="ro" product={vignetteProduct('ro')} initialStatuses={null} />);
    let start = dateInput(/^Data de început/);
    expect([start.value, start.min, start.max]).toEqual(['2026-03-29', '2026-03-29', '2026-04-28']);
    view.unmount();
    renderWithToday(<VignetteShop kind="hu" product={vignetteProduct('hu')} initialStatuses={null} />);
    start = dateInput(/^Data de început/);
    expect([start.value, start.min, start.max]).toEqual(['2026-03-29', '2026-03-29', '2026-04-28']);
    expect(dateTimeFormats).toBe(0);
  });

  it('restores a stored draft over the defaults', () => {
    writeDraft('travel:form', { destination: 'Grecia', start_date: '2026-04-10', end_date: '2026-04-20' });
    resetDraftCache(); // as after a reload
    renderWithToday(<TravelShop partnerCode={null} initialStatuses={null} productAvailable />);
    expect(dateInput(/^Data plecării/).value).toBe('2026-04-10');
    expect(dateInput(/^Data întoarcerii/).value).toBe('2026-04-20');
    expect((screen.getByLabelText(/^Destinația/) as HTMLInputElement).value).toBe('Grecia');
  });

  it('neither does the details step, nor its schema', async () => {
    await import('@/lib/validation/products/customer');
    expect(tz.loaded).toBe(false);
  });
});
