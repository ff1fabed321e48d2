import { describe, expect, it } from 'vitest';
import { cnpControlDigit, cuiControlDigit } from '@/contract/formats';
import { toBucharestDay } from '@/lib/time';
import { fieldErrorsOf } from './helpers/field-errors';
import { M } from '@/contract/fields';
import { detailsSchema } from '@/lib/validation/products/customer';
import { customerMessages, emptyDetailsForm } from '@/contract/products/customer-values';
import { houseInputSchema } from '@/lib/validation/products/house';
import { emptyHouseForm, houseMessages, houseStartWindow } from '@/contract/products/house-values';
import { rcaInputSchema } from '@/lib/validation/products/rca';
import { emptyRcaForm, rcaMessages, rcaStartWindow, type RcaFormValues } from '@/contract/products/rca-values';
import { tireInputSchema } from '@/lib/validation/products/tire';
import { emptyTireForm, tireMessages, tirePurchaseWindow } from '@/contract/products/tire-values';
import { travelInputSchema } from '@/lib/validation/products/travel';
import { emptyTravelForm, travelMessages, travelStartWindow } from '@/contract/products/travel-values';

// 2026-03-28 22:30 UTC is already 29 March in Bucharest (UTC+2): "tomorrow" there is 30 March.
const NOW = new Date('2026-03-28T22:30:00Z');
// The forms get today as a day (useBucharestToday(), from the server); the schemas compute it from the clock.
const TODAY = toBucharestDay(NOW);

function validCnp(prefix12 = '185061540001'): string {
  return prefix12 + cnpControlDigit(prefix12);
}

function rcaForm(patch: (f: RcaFormValues) => void = () => {}): RcaFormValues {
  const f = emptyRcaForm(TODAY);
  f.registration_plate = 'b 123 abc';
  f.vin = 'wvwzzz1jzxw000001';
  Object.assign(f.vehicle, {
    make: 'Volkswagen',
    model: 'Golf',
    fuel: 'petrol',
    year: '2018',
    max_mass_kg: '1750',
    engine_cc: '1395',
    power_kw: '110',
    seats: '5',
  });
  f.owner.cnp = validCnp();
  f.owner.driving_licence_date = '2005-06-01';
  patch(f);
  return f;
}

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value) as { success: boolean; error?: Parameters<typeof fieldErrorsOf>[0] };
  return result.success ? {} : fieldErrorsOf(result.error!);
}

describe('today and the date windows the forms render', () => {
  it('takes today from the Bucharest calendar, not the UTC one', () => {
    expect(TODAY).toBe('2026-03-29');
    expect(toBucharestDay(new Date('2026-03-28T21:59:59Z'))).toBe('2026-03-28');
    // Summer time (UTC+3) from 29 March: 21:00 UTC is already the next day.
    expect(toBucharestDay(new Date('2026-07-15T20:59:59Z'))).toBe('2026-07-15');
    expect(toBucharestDay(new Date('2026-07-15T21:00:00Z'))).toBe('2026-07-16');
  });

  it('computes the windows from the day alone, across the clock change and month and year ends', () => {
    expect(rcaStartWindow('2026-03-28')).toEqual({ min: '2026-03-29', max: '2026-04-27' });
    expect(rcaStartWindow(TODAY)).toEqual({ min: '2026-03-30', max: '2026-04-28' });
    expect(rcaStartWindow('2026-12-31')).toEqual({ min: '2027-01-01', max: '2027-01-30' });
    expect(houseStartWindow('2026-10-24')).toEqual({ min: '2026-10-25', max: '2026-11-23' });
    expect(travelStartWindow('2028-02-28')).toEqual({ min: '2028-02-29', max: '2029-02-27' });
    expect(tirePurchaseWindow('2026-03-29')).toEqual({ min: '2026-02-27', max: '2026-03-29' });
    expect(tirePurchaseWindow('2028-03-01')).toEqual({ min: '2028-01-31', max: '2028-03-01' });
  });

  it('fills the empty forms with the same days the schemas accept for that instant', () => {
    expect(emptyRcaForm(TODAY).start_date).toBe('2026-03-30');
    expect(emptyHouseForm(TODAY).start_date).toBe('2026-03-30');
    expect(emptyTravelForm(TODAY)).toMatchObject({ start_date: '2026-03-30', end_date: '2026-04-05' });
    expect(emptyTravelForm('2026-12-30')).toMatchObject({ start_date: '2026-12-31', end_date: '2027-01-06' });
    expect(emptyTireForm({ today: TODAY })).toMatchObject({ purchase_date: '2026-03-29', brand: '' });
    expect(emptyTireForm({ today: TODAY, michelin: true })).toMatchObject({ purchase_date: '2026-03-29', brand: 'Michelin' });
  });
});

describe('RCA input schema', () => {
  it('accepts a complete form and yields the backend input (normalised, numbers)', () => {
    const result = rcaInputSchema(NOW).parse(rcaForm());
    expect(result.registration_plate).toBe('B123ABC');
    expect(result.vin).toBe('WVWZZZ1JZXW000001');
    expect(result.vehicle).toEqual({
      category: 'car',
      make: 'Volkswagen',
      model: 'Golf',
      fuel: 'petrol',
      year: 2018,
      max_mass_kg: 1750,
      engine_cc: 1395,
      power_kw: 110,
      seats: 5,
      use_type: 'personal',
    });
    expect(result.owner).toEqual({ type: 'person', cnp: validCnp(), driving_licence_date: '2005-06-01' });
    expect(result.start_date).toBe('2026-03-30');
    expect(result.period_months).toBe(12);
  });

  it('puts Romanian messages on invalid plate, VIN and CNP fields', () => {
    const errors = errorsOf(
      rcaInputSchema(NOW),
      rcaForm((f) => {
        f.registration_plate = 'XX12ABC';
        f.vin = 'WVWZZZ1JZXW00000I';
        f.owner.cnp = '1850615400012';
      }),
    );
    expect(errors.registration_plate).toBe('Numărul de înmatriculare nu este valid (ex.: B123ABC, CJ45XYZ).');
    expect(errors.vin).toBe('Seria de șasiu (VIN) are 17 caractere: litere fără I, O, Q și cifre.');
    expect(errors['owner.cnp']).toBe('CNP-ul nu este valid: verificați cele 13 cifre.');
  });

  it('asks for missing plate and VIN rather than calling them invalid', () => {
    const errors = errorsOf(rcaInputSchema(NOW), rcaForm((f) => ((f.registration_plate = ''), (f.vin = ' '))));
    expect(errors.registration_plate).toBe('Introduceți numărul de înmatriculare.');
    expect(errors.vin).toBe('Introduceți seria de șasiu (VIN).');
  });

  it('validates a company owner by CUI checksum and strips the RO prefix', () => {
    const body = '1472583';
    const cui = `RO${body}${cuiControlDigit(body)}`;
    const ok = rcaInputSchema(NOW).parse(rcaForm((f) => ((f.owner.type = 'company'), (f.owner.cui = cui), (f.owner.name = 'Transport Exemplu SRL'), (f.owner.caen = '4941'))));
    expect(ok.owner).toEqual({ type: 'company', cui: cui.slice(2), name: 'Transport Exemplu SRL', caen: '4941' });
    const wrongDigit = `${body}${(cuiControlDigit(body) + 1) % 10}`;
    const errors = errorsOf(rcaInputSchema(NOW), rcaForm((f) => ((f.owner.type = 'company'), (f.owner.cui = wrongDigit), (f.owner.caen = '49'))));
    expect(errors['owner.cui']).toBe('CUI-ul nu este valid: verificați cifra de control.');
    expect(errors['owner.caen']).toBe('Codul CAEN are 4 cifre.');
  });

  it('allows a start date from tomorrow to 30 days ahead in Europe/Bucharest', () => {
    const schema = rcaInputSchema(NOW);
    expect(schema.safeParse(rcaForm((f) => (f.start_date = '2026-03-30'))).success).toBe(true);
    expect(schema.safeParse(rcaForm((f) => (f.start_date = '2026-04-28'))).success).toBe(true);
    const today = errorsOf(schema, rcaForm((f) => (f.start_date = '2026-03-29')));
    expect(today.start_date).toBe(rcaMessages.start('2026-03-30', '2026-04-28'));
    expect(errorsOf(schema, rcaForm((f) => (f.start_date = '2026-04-29'))).start_date).toBeDefined();
    expect(errorsOf(schema, rcaForm((f) => (f.start_date = '2026-02-30'))).start_date).toBe('Introduceți o dată validă.');
  });

  it('keeps the period between 1 and 12 months', () => {
    const schema = rcaInputSchema(NOW);
    expect(errorsOf(schema, rcaForm((f) => (f.period_months = '0'))).period_months).toBe(rcaMessages.period);
    expect(errorsOf(schema, rcaForm((f) => (f.period_months = '13'))).period_months).toBe(rcaMessages.period);
    expect(schema.parse(rcaForm((f) => (f.period_months = '1'))).period_months).toBe(1);
  });

  it('checks vehicle numbers and the driving licence against the CNP', () => {
    const errors = errorsOf(
      rcaInputSchema(NOW),
      rcaForm((f) => {
        f.vehicle.year = 'abc';
        f.vehicle.seats = '';
        f.owner.driving_licence_date = '1990-01-01'; // CNP born 1985-06-15: licence at 4 years old
      }),
    );
    expect(errors['vehicle.year']).toBe('Introduceți un număr.');
    expect(errors['vehicle.seats']).toBe('Câmpul este obligatoriu.');
    expect(errors['owner.driving_licence_date']).toBe(rcaMessages.licenceTooEarly);
    const noEngine = errorsOf(rcaInputSchema(NOW), rcaForm((f) => (f.vehicle.engine_cc = '0')));
    expect(noEngine['vehicle.engine_cc']).toBe(rcaMessages.engineNeeded);
    // An electric car has no cylinder capacity.
    const electric = rcaForm((f) => ((f.vehicle.fuel = 'electric'), (f.vehicle.engine_cc = '0')));
    expect(rcaInputSchema(NOW).safeParse(electric).success).toBe(true);
  });
});

describe('the forms end in the endpoint schemas of the contract', () => {
  it('an RCA form value the backend would refuse is refused on its field with the backend words', () => {
    // The form asks only for a company name; POST /quotes wants at least 2 characters (contract/quotes.ts).
    const company = (name: string) => (f: RcaFormValues) => ((f.owner.type = 'company'), (f.owner.cui = 'RO12345674'), (f.owner.name = name));
    expect(errorsOf(rcaInputSchema(NOW), rcaForm(company('X')))).toEqual({ 'owner.name': 'Introduceți denumirea firmei.' });
    expect(errorsOf(rcaInputSchema(NOW), rcaForm(company('XY')))).toEqual({});
  });

  it('a company name the order endpoint refuses shows under the customer field', () => {
    const form = emptyDetailsForm();
    Object.assign(form.customer, {
      first_name: 'Ana',
      last_name: 'Pop',
      email: 'ana@example.com',
      phone_number: '0722123456',
      cui: 'RO12345674',
      company_name: 'X',
    });
    Object.assign(form.consents, { terms: true, product_sheet: true, data_processing: true });
    expect(errorsOf(detailsSchema('cui'), form)).toEqual({ 'customer.company_name': 'Introduceți denumirea firmei.' });
  });
});

describe('travel input schema', () => {
  const base = () => {
    const f = emptyTravelForm(TODAY);
    f.destination = 'Grecia';
    f.travellers = [{ birth_date: '1990-05-01' }];
    return f;
  };

  it('yields the backend input with a null cancellation value when storno is off', () => {
    const result = travelInputSchema(NOW).parse(base());
    expect(result.start_date).toBe('2026-03-30');
    expect(result.end_date).toBe('2026-04-05');
    expect(result.options).toEqual({ winter_sports: false, summer_sports: false, road_assistance: false, cancellation_insured_value_eur: null });
  });

  it('a multi-trip policy lasts one year from its start, as the backend expects', () => {
    const f = base();
    f.trip_type = 'multi';
    f.start_date = '2026-04-10';
    expect(travelInputSchema(NOW).parse(f).end_date).toBe('2027-04-09');
    f.start_date = '2026-03-29';
    expect(errorsOf(travelInputSchema(NOW), f).start_date).toBe(travelMessages.start('2026-03-30', '2027-03-29'));
  });

  it('limits trips to 2–365 days and 1–7 travellers', () => {
    const schema = travelInputSchema(NOW);
    const oneDay = base();
    oneDay.end_date = oneDay.start_date;
    expect(errorsOf(schema, oneDay).end_date).toBe(travelMessages.duration);
    const backwards = base();
    backwards.end_date = '2026-03-29';
    expect(errorsOf(schema, backwards).end_date).toBe(travelMessages.endBeforeStart);
    const crowd = base();
    crowd.travellers = Array.from({ length: 8 }, () => ({ birth_date: '1990-01-01' }));
    expect(errorsOf(schema, crowd).travellers).toBe(travelMessages.travellers);
    const nobody = base();
    nobody.travellers = [];
    expect(errorsOf(schema, nobody).travellers).toBe(travelMessages.travellers);
  });

  it('requires each traveller birth date in the past and a storno value when storno is chosen', () => {
    const f = base();
    f.travellers = [{ birth_date: '1990-01-01' }, { birth_date: '2027-01-01' }];
    f.options.cancellation = true;
    const errors = errorsOf(travelInputSchema(NOW), f);
    expect(errors['travellers.1.birth_date']).toBe(travelMessages.birthFuture);
    expect(errors['options.cancellation_insured_value_eur']).toBe(travelMessages.cancellation);
    f.travellers = [{ birth_date: '1990-01-01' }];
    f.options.cancellation_insured_value_eur = '1500';
    expect(travelInputSchema(NOW).parse(f).options.cancellation_insured_value_eur).toBe(1500);
  });

  it('says the storno range the quote takes (100–10.000 EUR), under the field', () => {
    const f = base();
    f.options.cancellation = true;
    f.options.cancellation_insured_value_eur = '50';
    expect(errorsOf(travelInputSchema(NOW), f)['options.cancellation_insured_value_eur']).toBe(travelMessages.cancellation);
    expect(travelMessages.cancellation).toBe('Valoarea asigurată pentru storno este între 100 și 10.000 EUR.');
    f.options.cancellation_insured_value_eur = '100';
    expect(travelInputSchema(NOW).parse(f).options.cancellation_insured_value_eur).toBe(100);
  });

  it('keeps the destination on one line (it is printed on the policy)', () => {
    const f = base();
    f.destination = 'Grecia\nZonă: Toată lumea';
    expect(errorsOf(travelInputSchema(NOW), f).destination).toBe(M.plainText);
  });
});

describe('house input schema', () => {
  const base = () => {
    const f = emptyHouseForm(TODAY);
    f.address = { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Memorandumului 1' };
    Object.assign(f, { year_built: '1995', area_sqm: '80', rooms: '3', floors: '1' });
    return f;
  };

  it('sends voluntary: null for PAD only', () => {
    const result = houseInputSchema(NOW).parse(base());
    expect(result.voluntary).toBeNull();
    expect(result.structure).toBe('A');
    expect(result.area_sqm).toBe(80);
  });

  it('validates the voluntary cover only when chosen', () => {
    const f = base();
    f.voluntary.building_sum_lei = '5';
    expect(houseInputSchema(NOW).safeParse(f).success).toBe(true);
    f.voluntary.enabled = true;
    expect(errorsOf(houseInputSchema(NOW), f)['voluntary.building_sum_lei']).toBe(houseMessages.building);
    f.voluntary = { ...f.voluntary, building_sum_lei: '200000', contents_sum_lei: '30000', instalments: '4' };
    f.voluntary.options.theft = true;
    expect(houseInputSchema(NOW).parse(f).voluntary).toEqual({
      building_sum_lei: 200000,
      contents_sum_lei: 30000,
      options: { theft: true, liability: false, pipes: false, electrical: false },
      instalments: 4,
    });
  });

  it('allows a start date from tomorrow to 30 days ahead in Europe/Bucharest', () => {
    const schema = houseInputSchema(NOW);
    expect(schema.safeParse({ ...base(), start_date: '2026-04-28' }).success).toBe(true);
    expect(errorsOf(schema, { ...base(), start_date: '2026-03-29' }).start_date).toBe(houseMessages.start('2026-03-30', '2026-04-28'));
    expect(errorsOf(schema, { ...base(), start_date: '2026-04-29' }).start_date).toBe(houseMessages.start('2026-03-30', '2026-04-28'));
  });

  it('rejects a missing address and impossible numbers', () => {
    const f = base();
    f.address.county = '';
    f.year_built = '2100';
    f.area_sqm = '5';
    const errors = errorsOf(houseInputSchema(NOW), f);
    expect(errors['address.county']).toBe(houseMessages.county);
    expect(errors.year_built).toBe(houseMessages.year(2026));
    expect(errors.area_sqm).toBe(houseMessages.area);
  });
});

describe('tire input schema', () => {
  it('accepts 2–4 tires bought in the last 30 days', () => {
    const f = { ...emptyTireForm({ today: TODAY }), plan_code: 'basic', brand: 'Continental', tire_count: '2' };
    const result = tireInputSchema({ now: NOW }).parse(f);
    expect(result).toMatchObject({ plan_code: 'basic', tire_count: 2, period_years: 1, purchase_date: '2026-03-29' });
    expect(result.invoice_number).toBeUndefined();
    const errors = errorsOf(tireInputSchema({ now: NOW }), { ...f, tire_count: '1', purchase_date: '2026-02-20' });
    expect(errors.tire_count).toBe(tireMessages.count);
    expect(tireInputSchema({ now: NOW }).parse({ ...f, plan_code: '' }).plan_code).toBeUndefined();
    expect(errors.purchase_date).toBe(tireMessages.purchase('2026-02-27', '2026-03-29'));
  });

  it('Michelin TireSecure+ needs a set of 4 Michelin tires and the invoice', () => {
    const f = { ...emptyTireForm({ today: TODAY, michelin: true }), tire_count: '2', brand: 'Pirelli' };
    const errors = errorsOf(tireInputSchema({ now: NOW, michelin: true }), f);
    expect(errors.tire_count).toBe(tireMessages.michelinCount);
    expect(errors.brand).toBe(tireMessages.michelinBrand);
    expect(errors.invoice_number).toBe(tireMessages.invoiceRequired);
    const ok = tireInputSchema({ now: NOW, michelin: true }).parse({ ...f, tire_count: '4', brand: 'MICHELIN', invoice_number: 'FV-2026/1' });
    expect(ok.brand).toBe('michelin');
  });
});

describe('details step schema', () => {
  const filled = () => {
    const f = emptyDetailsForm();
    f.customer = { ...f.customer, first_name: 'Ana', last_name: 'Pop', email: 'ana@exemplu.ro', phone_number: '+40722 123 456' };
    f.consents = { terms: true, product_sheet: true, data_processing: true };
    return f;
  };

  it('normalises the phone and leaves out empty identity and address', () => {
    expect(detailsSchema().parse(filled()).customer).toEqual({
      first_name: 'Ana',
      last_name: 'Pop',
      email: 'ana@exemplu.ro',
      phone_number: '0722123456',
    });
  });

  it('refuses line breaks and control characters in the names and the address printed on the policy and invoice', () => {
    const named = filled();
    named.customer.first_name = 'Ana\nMaria';
    expect(errorsOf(detailsSchema(), named)['customer.first_name']).toBe(M.name);
    const addressed = filled();
    addressed.customer.address = { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. X\u202E 1', postal_code: '' };
    expect(errorsOf(detailsSchema(), addressed)['customer.address.street']).toBe(M.plainText);
  });

  it('requires every consent, with Romanian messages', () => {
    const f = filled();
    f.consents = { terms: false, product_sheet: false, data_processing: true };
    const errors = errorsOf(detailsSchema(), f);
    expect(errors['consents.terms']).toBe(customerMessages.terms);
    expect(errors['consents.product_sheet']).toBe(customerMessages.productSheet);
    expect(errors['consents.data_processing']).toBeUndefined();
  });

  it('checks CNP or CUI when the product needs it, and a half-filled address', () => {
    const f = filled();
    f.customer.cnp = '1234567890123';
    f.customer.address.town = 'Iași';
    f.customer.email = 'nu-e-email';
    const errors = errorsOf(detailsSchema('cnp'), f);
    expect(errors['customer.cnp']).toBe('CNP-ul nu este valid: verificați cele 13 cifre.');
    expect(errors['customer.address.county']).toBe(customerMessages.county);
    expect(errors['customer.email']).toBe('Adresa de email nu este validă.');
    expect(errorsOf(detailsSchema('cui'), filled())['customer.cui']).toBe('Introduceți CUI-ul.');
  });
});
