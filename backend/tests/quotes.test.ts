import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, dayFromNow, fields, rcaInput, startServer, type Call, type TestServer } from './helpers';

let t: TestServer;
let call: Call;

beforeAll(async () => {
  t = await startServer();
  call = client(t.url);
});
afterAll(() => t.close());

const quote = (product_code: string, input: unknown, partner_code?: string) =>
  call('POST', '/api/v1/quotes', { body: { product_code, input, partner_code } });

describe('RCA quotes', () => {
  it('prices every insurer with and without direct settlement, sorted, deterministic', async () => {
    const a = await quote('rca', rcaInput());
    expect(a.status).toBe(201);
    const q = a.body.data;
    expect(q).toMatchObject({ product_code: 'rca', partner_code: null, id: expect.any(String) });
    expect(q.offers).toHaveLength(14);
    const prices = q.offers.map((o: { price_bani: number }) => o.price_bani);
    expect([...prices].sort((x, y) => x - y)).toEqual(prices);
    for (const o of q.offers) {
      expect(Number.isInteger(o.price_bani)).toBe(true);
      expect(o.bonus_malus_class).toBe('B4'); // seeded claims history for this CNP + VIN
      expect(o.period_label).toBe('12 luni');
    }
    const allianz = q.offers.filter((o: { insurer: { code: string } }) => o.insurer.code === 'allianz-tiriac');
    expect(allianz.map((o: { direct_settlement: boolean }) => o.direct_settlement).sort()).toEqual([false, true]);
    const std = allianz.find((o: { direct_settlement: boolean }) => !o.direct_settlement);
    const ds = allianz.find((o: { direct_settlement: boolean }) => o.direct_settlement);
    expect(ds.price_bani).toBeGreaterThan(std.price_bani);

    const b = await quote('rca', rcaInput());
    expect(b.body.data.id).not.toBe(q.id);
    expect(b.body.data.offers).toEqual(q.offers);
    const fetched = await call('GET', `/api/v1/quotes/${q.id}`);
    expect(fetched.body.data).toEqual(q);
    expect((await call('GET', '/api/v1/quotes/nu-exista')).status).toBe(404);
  });

  it('reacts to period, bonus-malus, county and owner type', async () => {
    const price = async (input: unknown) => (await quote('rca', input)).body.data.offers.find((o: { id: string }) => o.id === 'groupama-standard').price_bani as number;
    const base = await price(rcaInput());
    expect(await price(rcaInput({ period_months: 6 }))).toBeLessThan(base);
    // no history → B0 (dearer than B4)
    const b0 = await quote('rca', rcaInput({ owner: { type: 'person', cnp: '1970303120013', driving_licence_date: '2016-01-01' } }));
    expect(b0.body.data.offers[0].bonus_malus_class).toBe('B0');
    // a county plate is cheaper than Bucharest
    expect(await price(rcaInput({ registration_plate: 'AG33DST' }))).toBeLessThan(base);
    const company = await quote('rca', rcaInput({ owner: { type: 'company', cui: 'RO14725831' } }));
    expect(company.status).toBe(201);
    expect(company.body.data.input.owner.cui).toBe('14725831');
  });

  it('refuses bad plate, VIN, CNP and CUI with Romanian messages on those fields', async () => {
    const bad = await quote('rca', rcaInput({ registration_plate: 'XX12ABC', vin: 'WVWZZZ1JZXW00000I', owner: { type: 'person', cnp: '1850615400012', driving_licence_date: '2005-07-01' } }));
    expect(bad.status).toBe(422);
    expect(fields(bad)).toEqual({
      registration_plate: ['Numărul de înmatriculare nu este valid.'],
      vin: ['Seria de șasiu (VIN) nu este validă.'],
      'owner.cnp': ['CNP-ul nu este valid.'],
    });
    const cui = await quote('rca', rcaInput({ owner: { type: 'company', cui: '14725832' } }));
    expect(fields(cui)).toEqual({ 'owner.cui': ['CUI-ul nu este valid.'] });
  });

  it('keeps the start date within tomorrow … +30 days and the period within 1–12', async () => {
    for (const start_date of [dayFromNow(null, 0), dayFromNow(null, 31)]) {
      const res = await quote('rca', rcaInput({ start_date }));
      expect(Object.keys(fields(res))).toEqual(['start_date']);
    }
    expect((await quote('rca', rcaInput({ start_date: dayFromNow(null, 30) }))).status).toBe(201);
    expect(Object.keys(fields(await quote('rca', rcaInput({ period_months: 13 }))))).toEqual(['period_months']);
    expect(Object.keys(fields(await quote('rca', rcaInput({ period_months: 0 }))))).toEqual(['period_months']);
    expect(Object.keys(fields(await quote('rca', rcaInput({ start_date: '2026-02-30' }))))).toEqual(['start_date']);
  });

  it('holds the form\'s vehicle and licence rules for direct API callers (they change the price)', async () => {
    const base = rcaInput();
    const vehicle = (o: Record<string, unknown>) => rcaInput({ vehicle: { ...base.vehicle, ...o } });
    // A petrol car with 0 cm³ would be priced by kW like an electric car (3000 cm³: 1690 lei base → 740 lei).
    expect(fields(await quote('rca', vehicle({ engine_cc: 0, power_kw: 0 })))).toEqual({
      'vehicle.engine_cc': ['Introduceți capacitatea cilindrică (0 doar pentru vehicule electrice și remorci).'],
      'vehicle.power_kw': ['Introduceți puterea motorului.'],
    });
    expect(fields(await quote('rca', vehicle({ category: 'motorcycle', engine_cc: 0 })))).toEqual({
      'vehicle.engine_cc': ['Introduceți capacitatea cilindrică (0 doar pentru vehicule electrice și remorci).'],
    });
    expect(fields(await quote('rca', vehicle({ seats: 0 })))).toEqual({ 'vehicle.seats': ['Introduceți numărul de locuri (inclusiv șoferul).'] });
    // What the rules allow: an electric car without cm³, a trailer without engine, power or seats.
    expect((await quote('rca', vehicle({ fuel: 'electric', engine_cc: 0 }))).status).toBe(201);
    expect((await quote('rca', vehicle({ category: 'trailer', engine_cc: 0, power_kw: 0, seats: 0, max_mass_kg: 700 }))).status).toBe(201);
    // A licence before the holder's 16th birthday (born 15 June 1985) would drop the new-driver surcharge.
    const owner = (driving_licence_date: string) => rcaInput({ owner: { type: 'person', cnp: '1850615400011', driving_licence_date } });
    for (const day of ['1900-01-01', '1985-06-15', '2001-06-14']) {
      expect(fields(await quote('rca', owner(day)))).toEqual({ 'owner.driving_licence_date': ['Data permisului nu poate fi înainte de împlinirea vârstei de 16 ani.'] });
    }
    expect((await quote('rca', owner('2001-06-15'))).status).toBe(201);
    expect(fields(await quote('rca', owner(dayFromNow(null, 1))))).toEqual({ 'owner.driving_licence_date': ['Data permisului nu poate fi în viitor.'] });
  });

  it('validates the envelope', async () => {
    expect(fields(await quote('vignette', {}))).toEqual({ product_code: ['Produsul nu există.'] });
    expect(fields(await quote('rca', null))).toEqual({ input: ['Datele pentru ofertă lipsesc.'] });
    // Partner codes come from the registry: a known one (any case) is recorded, an unknown one refused.
    const partner = await quote('rca', rcaInput(), 'ABC');
    expect(partner.body.data.partner_code).toBe('abc');
    expect(fields(await quote('rca', rcaInput(), 'partener-1'))).toEqual({ partner_code: ['Partenerul nu există.'] });
  });
});

describe('travel quotes', () => {
  const travel = (o: Record<string, unknown> = {}) => ({
    zone: 'europe', destination: 'Italia', purpose: 'tourism', trip_type: 'single',
    start_date: dayFromNow(null, 5), end_date: dayFromNow(null, 11),
    travellers: [{ birth_date: '1985-06-15' }, { birth_date: '1987-02-01' }, { birth_date: '2015-09-09' }],
    options: { winter_sports: false, summer_sports: false, road_assistance: false, cancellation_insured_value_eur: null },
    ...o,
  });

  it('prices insurers × packages by days, ages and options', async () => {
    const res = await quote('travel', travel());
    expect(res.status).toBe(201);
    expect(res.body.data.offers).toHaveLength(16);
    expect(res.body.data.offers[0].period_label).toBe('7 zile');
    const cheapest = res.body.data.offers[0].price_bani;
    const winter = await quote('travel', travel({ options: { winter_sports: true, summer_sports: false, road_assistance: true, cancellation_insured_value_eur: 1000 } }));
    expect(winter.body.data.offers[0].price_bani).toBeGreaterThan(cheapest);
    const world = await quote('travel', travel({ zone: 'world' }));
    expect(world.body.data.offers[0].price_bani).toBeGreaterThan(cheapest);
  });

  it('validates duration and travellers', async () => {
    expect(Object.keys(fields(await quote('travel', travel({ end_date: dayFromNow(null, 5) }))))).toEqual(['end_date']);
    expect(Object.keys(fields(await quote('travel', travel({ travellers: [] }))))).toEqual(['travellers']);
    expect(Object.keys(fields(await quote('travel', travel({ travellers: Array(8).fill({ birth_date: '1990-01-01' }) }))))).toEqual(['travellers']);
    expect(Object.keys(fields(await quote('travel', travel({ travellers: [{ birth_date: 'ieri' }] }))))).toEqual(['travellers.0.birth_date']);
    // Born after today (before the trip) or more than 100 years ago: refused as the form refuses them.
    const born = (birth_date: string) => quote('travel', travel({ travellers: [{ birth_date: '1985-06-15' }, { birth_date }] }));
    expect(fields(await born(dayFromNow(null, 1)))).toEqual({ 'travellers.1.birth_date': ['Data nașterii nu poate fi în viitor.'] });
    expect(fields(await born('1900-01-01'))).toEqual({ 'travellers.1.birth_date': ['Vârsta maximă acceptată este 100 de ani.'] });
    expect((await born(dayFromNow(null, 0))).status).toBe(201);
  });
});

describe('house quotes', () => {
  const house = (o: Record<string, unknown> = {}) => ({
    address: { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Memorandumului 5' }, environment: 'urban', structure: 'A',
    year_built: 1990, area_sqm: 70, rooms: 3, floors: 4, voluntary: null, ...o,
  });

  it('offers PAD at 130 lei (A) / 50 lei (B), plus PAD + voluntary', async () => {
    const a = await quote('house-insurance', house());
    expect(new Set(a.body.data.offers.map((o: { price_bani: number }) => o.price_bani))).toEqual(new Set([13000]));
    const b = await quote('house-insurance', house({ structure: 'B' }));
    expect(b.body.data.offers[0].price_bani).toBe(5000);
    const vol = await quote('house-insurance', house({ voluntary: { building_sum_lei: 200000, contents_sum_lei: 30000, options: { theft: true, liability: false, pipes: false, electrical: false }, instalments: 2 } }));
    const packages = new Set(vol.body.data.offers.map((o: { package_code: string }) => o.package_code));
    expect(packages).toEqual(new Set(['pad', 'pad_voluntary']));
    const withVol = vol.body.data.offers.filter((o: { package_code: string }) => o.package_code === 'pad_voluntary');
    for (const o of withVol) expect(o.price_bani).toBeGreaterThan(13000);
  });
});

describe('tire quotes', () => {
  const tire = (o: Record<string, unknown> = {}) => ({
    tire_count: 4, period_years: 1, tire_type: 'standard', rim_band: 'r17_r19', brand: 'Continental', purchase_date: dayFromNow(null, -3), ...o,
  });

  it('prices plans by count, years, rim band and run-flat', async () => {
    const res = await quote('tire', tire());
    expect(res.body.data.offers.map((o: { package_code: string }) => o.package_code).sort()).toEqual(['basic', 'plus', 'premium']);
    const one = await quote('tire', tire({ plan_code: 'plus' }));
    expect(one.body.data.offers).toHaveLength(1);
    const more = await quote('tire', tire({ plan_code: 'plus', period_years: 3, tire_type: 'run_flat' }));
    expect(more.body.data.offers[0].price_bani).toBeGreaterThan(one.body.data.offers[0].price_bani);
    expect(Object.keys(fields(await quote('tire', tire({ tire_count: 1 }))))).toEqual(['tire_count']);
    expect(Object.keys(fields(await quote('tire', tire({ purchase_date: dayFromNow(null, -40) }))))).toEqual(['purchase_date']);
  });

  it('runs the Michelin guarantee for 4 Michelin tires only', async () => {
    const ok = await quote('michelin-tiresecureplus', tire({ brand: 'Michelin', invoice_number: 'F-2026/17' }));
    expect(ok.status).toBe(201);
    expect(ok.body.data.offers[0].package_name).toBe('Michelin TireSecure+');
    expect(Object.keys(fields(await quote('michelin-tiresecureplus', tire({ invoice_number: 'F-2026/17' }))))).toEqual(['brand']);
  });
});
