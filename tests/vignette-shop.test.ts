import { describe, expect, it } from 'vitest';
import { COUNTRIES, HU_VIGNETTE_TARIFF, RO_VIGNETTE_TARIFF, VIGNETTE_ISSUERS } from '@/backend/src/db/vignette-data';
import { fieldErrorsOf } from './helpers/field-errors';
import { vignetteInputSchema } from '@/lib/validation/products/vignette';
import { emptyVignetteForm, type VignetteFormValues } from '@/contract/products/vignette-values';
import { formatExchangeRate, formatListPrice, formatRateMonth, isVignetteProduct, vignetteOptions } from '@/lib/vignettes/catalog';

/** The product options as the backend seeds them (backend/src/db/seed.ts `seedVignettes`). */
const productOf = (tariff: typeof RO_VIGNETTE_TARIFF, issuer: string) => ({
  options: {
    currency: tariff.currency,
    source: tariff.source,
    issuer: VIGNETTE_ISSUERS.find((i) => i.code === issuer),
    categories: tariff.categories,
    validities: tariff.validities,
    counties: tariff.counties ?? [],
    countries: COUNTRIES,
    start_date: tariff.start_date,
  },
});
const ro = vignetteOptions(productOf(RO_VIGNETTE_TARIFF, 'cnair'))!;
const hu = vignetteOptions(productOf(HU_VIGNETTE_TARIFF, 'nusz'))!;

// 10:00 in Bucharest on 15 March 2026; 23:30 UTC on 31 March is already 1 April there.
const NOW = new Date('2026-03-15T08:00:00Z');

const form = (o: Partial<VignetteFormValues> = {}): VignetteFormValues => ({
  ...emptyVignetteForm('2026-03-15', ro),
  category: 'A',
  registration_plate: 'b 123-abc',
  validity: '30d',
  ...o,
});

function errorsOf(schema: ReturnType<typeof vignetteInputSchema>, values: VignetteFormValues) {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe('vignette catalogue', () => {
  it('reads the tariff from the product options, and nothing from options that are not one', () => {
    expect(ro.currency).toBe('EUR');
    expect(ro.categories.map((c) => c.code)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);
    expect(ro.categories[0].prices).toEqual({ '1d': 3.5, '10d': 6, '30d': 9.5, '60d': 15, '12m': 50 });
    expect(ro.issuer?.code).toBe('cnair');
    expect(hu.counties).toHaveLength(19);
    expect(hu.validities.find((v) => v.code === 'county_year')).toMatchObject({ per_county: true, calendar_year: true });
    expect(vignetteOptions(null)).toBeNull();
    expect(vignetteOptions({ options: {} })).toBeNull();
    expect(vignetteOptions({ options: { ...productOf(RO_VIGNETTE_TARIFF, 'cnair').options, categories: [] } })).toBeNull();
    expect(vignetteOptions({ options: { ...productOf(RO_VIGNETTE_TARIFF, 'cnair').options, currency: 'USD' } })).toBeNull();
  });

  it('prints list prices, rates and the rate month the Romanian way', () => {
    expect(formatListPrice(9.5, 'EUR')).toBe('9,50 EUR');
    expect(formatListPrice(1210, 'EUR')).toBe('1.210,00 EUR');
    expect(formatListPrice(13320, 'HUF')).toBe('13.320 HUF');
    expect(formatListPrice(535280, 'HUF')).toBe('535.280 HUF');
    expect(formatExchangeRate(5.089, 'EUR')).toBe('5,089 lei/EUR');
    expect(formatExchangeRate(0.01312, 'HUF')).toBe('0,01312 lei/HUF');
    expect(formatRateMonth('2026-03')).toBe('martie 2026');
    expect(formatRateMonth('2025-12')).toBe('decembrie 2025');
  });

  it('knows the vignette products', () => {
    expect(isVignetteProduct('ro-vignette')).toBe(true);
    expect(isVignetteProduct('hu-vignette')).toBe(true);
    expect(isVignetteProduct('rca')).toBe(false);
    expect(isVignetteProduct(undefined)).toBe(false);
  });
});

describe('vignette schema', () => {
  it('turns a rovinietă form into the backend input: plate normalised, empty VIN as null', () => {
    expect(vignetteInputSchema('ro', ro, { now: NOW }).parse(form())).toEqual({
      category: 'A',
      registration_plate: 'B123ABC',
      country: 'RO',
      start_date: '2026-03-15',
      validity: '30d',
      vin: null,
    });
    expect(vignetteInputSchema('ro', ro, { now: NOW }).parse(form({ vin: 'wvwzzz1jzxw000001' }))).toMatchObject({ vin: 'WVWZZZ1JZXW000001' });
  });

  it('sells only what the tariff sells for the category, from today to 30 days ahead in Bucharest', () => {
    const schema = vignetteInputSchema('ro', ro, { now: NOW });
    expect(errorsOf(schema, form({ category: 'C', validity: '10d' }))).toEqual({ validity: 'Perioada aleasă nu există pentru categoria C.' });
    expect(errorsOf(schema, form({ category: '' }))).toEqual({ category: 'Alegeți categoria vehiculului.' });
    expect(errorsOf(schema, form({ validity: '' }))).toEqual({ validity: 'Alegeți perioada de valabilitate.' });
    expect(errorsOf(schema, form({ start_date: '2026-03-14' }))).toEqual({ start_date: 'Data de început este între 15.03.2026 și 14.04.2026.' });
    expect(errorsOf(schema, form({ start_date: '2026-04-15' }))).toHaveProperty('start_date');
    expect(errorsOf(schema, form({ start_date: '2026-04-14' }))).toEqual({});
    expect(errorsOf(schema, form({ start_date: '' }))).toEqual({ start_date: 'Alegeți data de început.' });
    // Late on 31 March UTC it is 1 April in Bucharest: 31 March is yesterday there.
    const late = vignetteInputSchema('ro', ro, { now: new Date('2026-03-31T22:30:00Z') });
    expect(errorsOf(late, form({ start_date: '2026-03-31' }))).toHaveProperty('start_date');
    expect(errorsOf(late, form({ start_date: '2026-04-01' }))).toEqual({});
  });

  it('checks a Romanian plate as one and a foreign plate for its shape; a VIN when given', () => {
    const schema = vignetteInputSchema('ro', ro, { now: NOW });
    expect(errorsOf(schema, form({ registration_plate: 'XX12ABC' }))).toEqual({ registration_plate: expect.stringMatching(/nu este valid/) });
    expect(errorsOf(schema, form({ registration_plate: '' }))).toEqual({ registration_plate: 'Introduceți numărul de înmatriculare.' });
    expect(errorsOf(schema, form({ country: 'DE', registration_plate: 'M-AB 1234' }))).toEqual({});
    expect(errorsOf(schema, form({ country: 'DE', registration_plate: 'X' }))).toEqual({ registration_plate: 'Numărul de înmatriculare are între 2 și 12 litere și cifre.' });
    expect(errorsOf(schema, form({ country: 'ZZ' }))).toHaveProperty('country');
    expect(errorsOf(schema, form({ vin: 'SHORT' }))).toHaveProperty('vin');
  });

  it('e-matrica: county passes need counties of the tariff, other validities send none', () => {
    const schema = vignetteInputSchema('hu', hu, { now: NOW });
    const huForm = (o: Partial<VignetteFormValues>) => form({ category: 'D1', validity: '10d', ...o });
    expect(errorsOf(schema, huForm({ category: 'D2', validity: '1d' }))).toHaveProperty('validity');
    expect(errorsOf(schema, huForm({ validity: 'county_year' }))).toEqual({ counties: 'Alegeți cel puțin un județ.' });
    expect(errorsOf(schema, huForm({ validity: 'county_year', counties: ['NOWHERE'] }))).toEqual({ counties: 'Alegeți județele din listă.' });
    expect(schema.parse(huForm({ validity: 'county_year', counties: ['PEST', 'GYOR', 'PEST'] }))).toMatchObject({ counties: ['PEST', 'GYOR'] });
    const year = schema.parse(huForm({ validity: 'year', counties: ['PEST'] }));
    expect(year).toEqual({ category: 'D1', registration_plate: 'B123ABC', country: 'RO', start_date: '2026-03-15', validity: 'year', counties: [] });
    expect(year).not.toHaveProperty('vin');
  });

  it('starts an empty form on the first day the tariff allows', () => {
    expect(emptyVignetteForm('2026-03-15', { start_date: { min_days_ahead: 1, max_days_ahead: 30 } }).start_date).toBe('2026-03-16');
    expect(emptyVignetteForm('2026-03-15', null)).toMatchObject({ start_date: '2026-03-15', country: 'RO', counties: [] });
  });
});
