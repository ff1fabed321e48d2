import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, dayFromNow, FakeClock, login, startServer, WEB, type Call, type TestServer } from './helpers';
import { pdfText } from './pdf-text';

// Issue 14 item 5: travel, house and tire policies get the same care as RCA: who is insured, the period in
// Romanian dates (Europe/Bucharest), the insurer, the price and the product's own data.
const clock = new FakeClock('2026-11-23T08:00:00Z');
let t: TestServer;
let call: Call;
let token: string;

beforeAll(async () => {
  t = await startServer({}, clock, { workers: false });
  call = client(t.url);
  token = await login(call, 'client@exemplu.ro');
});
afterAll(() => t.close());

const consents = { terms: true, product_sheet: true, data_processing: true };
const customer = {
  first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456',
  address: { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Memorandumului nr. 5', postal_code: '400114' },
};
const months = 'ianuarie|februarie|martie|aprilie|mai|iunie|iulie|august|septembrie|octombrie|noiembrie|decembrie';
const lei = (bani: number) => new Intl.NumberFormat('ro-RO', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bani / 100);

/** Quote → order (the offer `pick` chooses) → payment → the policy PDF's text, with the offer and policy. */
async function buy(productCode: string, input: Record<string, unknown>, pick: (o: { package_code: string }) => boolean = () => true) {
  const q = (await call('POST', '/api/v1/quotes', { body: { product_code: productCode, input } })).body.data;
  const offer = q.offers.find(pick);
  const order = (await call('POST', '/api/v1/orders', { token, body: { quote_id: q.id, offer_id: offer.id, customer, consents } })).body.data;
  const p = (await call('POST', `/api/v1/orders/${order.id}/payments`, { token, body: { return_url: `${WEB}/thank-you` } })).body.data;
  const signature = new URL(p.redirect_url).searchParams.get('signature')!;
  await fetch(`${t.url}/payment-processor/checkout/${p.payment_id}/confirm`, { method: 'POST', body: new URLSearchParams({ signature }), redirect: 'manual' });
  const paid = (await call('GET', `/api/v1/orders/${order.id}`, { token })).body.data;
  expect(paid.status).toBe('paid');
  const policy = (await call('GET', `/api/v1/policies/${paid.policy_id}`, { token })).body.data;
  const pdf = await fetch(`${t.url}${policy.document_url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  return { text: await pdfText(new Uint8Array(await pdf.arrayBuffer())), offer, policy };
}

/** What every policy shows: number, insurer, package, period in Romanian dates, premium, contractant, issue day. */
function expectCommon(text: string, offer: { insurer: { name: string }; package_name: string; price_bani: number }, policy: { number: string }) {
  expect(text).toContain(`Poliță nr. ${policy.number}`);
  expect(text).toContain(`Asigurător: ${offer.insurer.name}`);
  expect(text).toContain(`Pachet: ${offer.package_name}`);
  expect(text).toMatch(new RegExp(`Perioada de asigurare: \\d{1,2} (${months}) \\d{4} – \\d{1,2} (${months}) \\d{4} \\(ora României\\)`));
  expect(text).toContain(`Primă de asigurare: ${lei(offer.price_bani)}`);
  expect(text).toMatch(/Contractant Ana Popescu Str\. Memorandumului nr\. 5, Cluj-Napoca, jud\. Cluj, 400114/);
  expect(text).toContain('Emisă la 23 noiembrie 2026');
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
}

describe('policy documents', () => {
  it('travel: zone, destination, purpose, every traveller, options and the sum insured', async () => {
    const { text, offer, policy } = await buy('travel', {
      zone: 'world_ex_us_ca', destination: 'Thailanda', purpose: 'tourism', trip_type: 'single',
      start_date: dayFromNow(clock, 5), end_date: dayFromNow(clock, 18),
      travellers: [{ birth_date: '1985-06-15' }, { birth_date: '2015-09-09' }],
      options: { winter_sports: false, summer_sports: true, road_assistance: false, cancellation_insured_value_eur: 1500 },
    }, (o) => o.package_code === 'sum_30k');
    expectCommon(text, offer, policy);
    expect(text).toContain('Perioada de asigurare: 28 noiembrie 2026 – 11 decembrie 2026');
    expect(text).toContain('Asigurați Cei 2 călători din secțiunea Călătoria');
    expect(text).toContain('Zonă: Toată lumea, fără SUA și Canada');
    expect(text).toContain('Destinație: Thailanda');
    expect(text).toContain('Scop: Turism');
    expect(text).toContain('Călători: 1. născut(ă) la 15 iunie 1985; 2. născut(ă) la 9 septembrie 2015');
    expect(text).toContain('Opțiuni: sporturi de vară, anularea călătoriei (1.500 EUR)');
    expect(text).toContain('Sumă asigurată 30.000 EUR');
  });

  it('house: address, structure, year, area, the PAD and voluntary sums and options', async () => {
    const { text, offer, policy } = await buy('house-insurance', {
      address: { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Memorandumului nr. 5' }, environment: 'urban', structure: 'A',
      year_built: 1990, area_sqm: 70, rooms: 3, floors: 4, start_date: dayFromNow(clock, 2),
      voluntary: { building_sum_lei: 200000, contents_sum_lei: 30000, options: { theft: true, liability: false, pipes: true, electrical: false }, instalments: 2 },
    }, (o) => o.package_code === 'pad_voluntary');
    expectCommon(text, offer, policy);
    expect(text).toContain('Perioada de asigurare: 25 noiembrie 2026 – 24 noiembrie 2027');
    expect(text).toContain('Asigurat Același cu contractantul');
    expect(text).toContain('Adresa: Str. Memorandumului nr. 5, Cluj-Napoca, jud. Cluj');
    expect(text).toContain('Structura: Tip A – beton armat, cărămidă, piatră');
    expect(text).toContain('An construcție: 1990');
    expect(text).toContain('Suprafață: 70 m²');
    expect(text).toContain('Sumă asigurată PAD 100.000 lei');
    expect(text).toContain('Asigurare facultativă: clădire: 200.000 lei');
    expect(text).toContain('Asigurare facultativă: bunuri: 30.000 lei');
    expect(text).toContain('Opțiuni: furt, conducte');
    expect(text).toContain('Rate: 2');
  });

  it('tires: count and brand, type, rim size, purchase day and invoice, the plan and its limits', async () => {
    const { text, offer, policy } = await buy('tire', {
      plan_code: 'plus', tire_count: 4, period_years: 2, tire_type: 'run_flat', rim_band: 'r17_r19', brand: 'Continental',
      purchase_date: dayFromNow(clock, -3), invoice_number: 'F-2026-77',
    });
    expectCommon(text, offer, policy);
    // Cover from the day after payment, for the years bought.
    expect(text).toContain('Perioada de asigurare: 24 noiembrie 2026 – 23 noiembrie 2028');
    expect(text).toContain('Pachet: Anvelope Plus');
    expect(text).toContain('Asigurat Același cu contractantul');
    expect(text).toContain('Anvelope: 4 × Continental');
    expect(text).toContain('Tip: Run-flat');
    expect(text).toContain('Dimensiune jantă: R17–R19');
    expect(text).toContain('Data cumpărării: 20 noiembrie 2026');
    expect(text).toContain('Factura: F-2026-77');
    expect(text).toContain('Limită anuală 2.500 lei');
    expect(text).toContain('Înlocuire până la 900 lei / anvelopă');
  });
});
