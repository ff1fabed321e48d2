import { randomBytes, scryptSync } from 'node:crypto';
import type { DB } from './connection';
import { bucharestDay, addDaysToDay, addMonthsToDay } from '../../../contract/day';
import { sha256 } from '../lib/crypto';
import * as S from './seed-data';
import * as V from './vignette-data';
import { issueInvoice } from '../modules/invoices/service';
import type { OrderRow } from '../modules/orders/service';
import { writeInfoPages } from '../modules/content/pages';

function hashPasswordSync(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 64, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

export function isSeeded(db: DB): boolean {
  return Boolean(db.prepare("SELECT 1 FROM settings WHERE key = 'seeded_at'").get());
}

export function orderNumber(id: number, createdAt: string): string {
  return `BRK-${createdAt.slice(0, 4)}-${String(id).padStart(6, '0')}`;
}

export function policyNumber(prefix: string, id: number, createdAt: string): string {
  return `${prefix}-${createdAt.slice(0, 4)}-${String(id).padStart(7, '0')}`;
}

/** Loads reference and demo data once (first start or after reset). */
export function seed(db: DB, now: Date = new Date()): void {
  if (isSeeded(db)) return;
  const at = now.toISOString();
  db.transaction(() => {
    const setting = db.prepare('INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES (?, ?, ?)');
    setting.run('maintenance', JSON.stringify({ is_active: false, message: null }), at);
    setting.run('broker', JSON.stringify(S.BROKER), at);

    db.prepare(
      `INSERT INTO product_statuses (id, is_ro_vignette_available, is_hu_vignette_available, is_rca_available,
        is_travel_available, is_house_insurance_available, created_at, updated_at) VALUES (1, 0, 0, 1, 1, 1, ?, ?)`,
    ).run(at, at);

    const insurer = db.prepare('INSERT INTO insurers (code, name, sort) VALUES (?, ?, ?)');
    S.INSURERS.forEach((i, n) => insurer.run(i.code, i.name, n));

    const tariff = db.prepare('INSERT INTO tariffs (product_code, insurer_code, name, data) VALUES (?, ?, ?, ?)');
    for (const i of S.INSURERS) tariff.run('rca', i.code, 'insurer', JSON.stringify(S.rcaInsurerTariff(i.code)));
    tariff.run('rca', null, 'common', JSON.stringify(S.RCA_COMMON));
    for (const code of S.TRAVEL_INSURERS_LIST) tariff.run('travel', code, 'insurer', JSON.stringify(S.travelInsurerTariff(code)));
    tariff.run('travel', null, 'common', JSON.stringify(S.TRAVEL_COMMON));
    for (const code of S.HOUSE_INSURERS_LIST) tariff.run('house-insurance', code, 'insurer', JSON.stringify(S.houseInsurerTariff(code)));
    tariff.run('house-insurance', null, 'common', JSON.stringify(S.HOUSE_COMMON));
    tariff.run('tire', null, 'common', JSON.stringify(S.TIRE_COMMON));

    const bm = db.prepare('INSERT INTO bonus_malus_classes (code, factor, ordinal) VALUES (?, ?, ?)');
    S.BONUS_MALUS.forEach(([code, factor], n) => bm.run(code, factor, n));

    const product = db.prepare(
      `INSERT INTO products (code, name, description, status_flag, policy_prefix, min_period, max_period, periods, options, sort)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    S.PRODUCTS.forEach((p, n) => {
      const options = { ...p.options } as Record<string, unknown>;
      if ('plans' in options) {
        options.plans = S.TIRE_COMMON.plans
          .filter((plan) => plan.product_code === p.code)
          .map((plan) => ({
            code: plan.code,
            name: plan.name,
            insurer: S.INSURERS.find((i) => i.code === plan.insurer),
            yearly_limit_lei: plan.yearly_limit_lei,
            replacement_per_tire_lei: plan.replacement_per_tire_lei,
            repair_per_tire_lei: plan.repair_per_tire_lei,
          }));
      }
      product.run(p.code, p.name, p.description, p.status_flag, p.policy_prefix, p.min_period, p.max_period,
        JSON.stringify(p.periods), JSON.stringify(options), n);
    });

    const vehicle = db.prepare(
      `INSERT INTO vehicles (registration_plate, vin, category, make, model, fuel, year, max_mass_kg, engine_cc, power_kw,
        seats, first_registration_date, civ_series) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const v of S.VEHICLES) vehicle.run(...v);

    const claim = db.prepare('INSERT INTO claims_history (owner_id, vin, bonus_malus_class, claims_count, updated_at) VALUES (?, ?, ?, ?, ?)');
    for (const c of S.CLAIMS_HISTORY) claim.run(c.owner_id, c.vin, c.cls, c.claims, at);

    const faq = db.prepare('INSERT INTO faq (category, category_sort, slug, question, answer, sort) VALUES (?, ?, ?, ?, ?, ?)');
    S.FAQ.forEach((group, g) => group.questions.forEach(([slug, q, a], n) => faq.run(group.category, g, slug, q, a, n)));

    writeInfoPages(db, S.INFO_PAGES, at);

    const hash = hashPasswordSync(S.DEMO_PASSWORD);
    const user = db.prepare(
      `INSERT INTO users (email, password_hash, first_name, last_name, phone_number, is_deleted, is_two_factor_required,
        two_factor_provider, two_factor_secret, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const ids: Record<string, number> = {};
    for (const u of S.DEMO_USERS) {
      const r = user.run(u.email, hash, u.first_name, u.last_name, u.phone_number, u.deleted ? 1 : 0, u.required ? 1 : 0,
        u.provider, u.provider === 'authenticator' ? S.DEMO_TOTP_SECRET : null, at, at);
      ids[u.email] = Number(r.lastInsertRowid);
    }
    const rc = db.prepare('INSERT INTO recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)');
    for (const code of S.DEMO_RECOVERY_CODES) rc.run(ids['client2fa@exemplu.ro'], sha256(code), at);

    seedDemoPolicies(db, ids['client@exemplu.ro'], now);
    setting.run('seeded_at', JSON.stringify(at), at);
  })();
}

function seedDemoPolicies(db: DB, userId: number, now: Date): void {
  const today = bucharestDay(now);
  const customer = { first_name: 'Ana', last_name: 'Popescu', email: 'client@exemplu.ro', phone_number: '0722123456', cnp: '2901123123456' };
  const demo = [
    {
      product: 'rca', prefix: 'RCA', insurer: 'omniasig', package: 'RCA standard', amount: 98_430,
      ends_on: addDaysToDay(today, 20), months: 12, object: 'CJ45XYZ',
      input: { registration_plate: 'CJ45XYZ', vin: 'UU1HSDAAG52345678', vehicle: { category: 'car', make: 'Dacia', model: 'Logan', fuel: 'lpg', year: 2020, max_mass_kg: 1560, engine_cc: 999, power_kw: 67, seats: 5, use_type: 'personal' }, owner: { type: 'person', cnp: '2901123123456', driving_licence_date: '2010-05-01' }, period_months: 12 },
    },
    {
      product: 'travel', prefix: 'CAL', insurer: 'groupama', package: '30.000 EUR', amount: 6_470,
      ends_on: addDaysToDay(today, -50), days: 10, object: 'Grecia',
      input: { zone: 'europe', destination: 'Grecia', purpose: 'tourism', trip_type: 'single', travellers: [{ birth_date: '1990-11-23' }], options: { winter_sports: false, summer_sports: true, road_assistance: false, cancellation_insured_value_eur: null } },
    },
    {
      product: 'house-insurance', prefix: 'LOC', insurer: 'generali', package: 'PAD + facultativă', amount: 41_250,
      ends_on: addDaysToDay(today, 300), months: 12, object: 'Str. Memorandumului nr. 5, Cluj-Napoca, Cluj',
      input: { address: { county: 'Cluj', town: 'Cluj-Napoca', street: 'Str. Memorandumului nr. 5' }, environment: 'urban', structure: 'A', year_built: 1995, area_sqm: 72, rooms: 3, floors: 4, voluntary: { building_sum_lei: 250000, contents_sum_lei: 40000, options: { theft: true, liability: true, pipes: false, electrical: false }, instalments: 1 } },
    },
  ];
  for (const [n, d] of demo.entries()) insertPaidPolicy(db, userId, customer, { ...d, key: `demo-${n + 1}`, createdOffsetMs: n * 1000 });
  // Their invoices, numbered in the order they were paid (a series runs in date order).
  const paid = db.prepare("SELECT * FROM orders WHERE user_id = ? AND status = 'paid' ORDER BY paid_at, id").all(userId) as OrderRow[];
  const paymentOf = db.prepare("SELECT id FROM payments WHERE order_id = ? AND status = 'confirmed'").pluck();
  for (const order of paid) issueInvoice(db, order, paymentOf.get(order.id) as string, order.paid_at!);
}

export interface PaidPolicySpec {
  product: string;
  prefix: string;
  insurer: string;
  package: string;
  amount: number;
  ends_on: string;
  /** Length: months (RCA, house, tires) or days (a trip, a vignette). */
  months?: number;
  days?: number;
  object: string;
  input: Record<string, unknown>;
  /** Unique per policy: names its quote and payment. */
  key: string;
  createdOffsetMs?: number;
}

/**
 * A paid order with its policy, as if bought before (demo data, and the dev endpoint that gives a test customer
 * a policy ending on a chosen day). The quote input gets the policy's dates. Returns the policy id.
 */
export function insertPaidPolicy(db: DB, userId: number, customer: Record<string, unknown>, d: PaidPolicySpec): number {
  const insurerName = (code: string) => S.INSURERS.find((i) => i.code === code)?.name ?? code;
  const startsOn = d.months ? addDaysToDay(addMonthsToDay(d.ends_on, -d.months), 1) : addDaysToDay(d.ends_on, -((d.days ?? 1) - 1));
  const input = d.product === 'travel'
    ? { ...d.input, start_date: startsOn, end_date: d.ends_on }
    : { ...d.input, start_date: startsOn };
  const createdAt = new Date(Date.parse(`${startsOn}T08:00:00Z`) - 86_400_000 * 2 + (d.createdOffsetMs ?? 0)).toISOString();
  const quoteId = `${d.key}-quote`;
  const offerId = `${d.insurer}-demo`;
  const offer = {
    id: offerId, insurer: { code: d.insurer, name: insurerName(d.insurer) }, package_code: 'demo', package_name: d.package,
    price_bani: d.amount, period_label: d.months ? `${d.months} luni` : `${d.days} zile`, direct_settlement: false,
    bonus_malus_class: d.product === 'rca' ? 'M2' : null, coverage: [],
  };
  db.prepare('INSERT INTO quotes (id, product_code, partner_code, input, offers, created_at, expires_at) VALUES (?, ?, NULL, ?, ?, ?, ?)')
    .run(quoteId, d.product, JSON.stringify(input), JSON.stringify([offer]), createdAt, createdAt);
  const order = db.prepare(
    `INSERT INTO orders (user_id, quote_id, offer_id, product_code, insurer_code, package_name, amount_bani, status, customer,
      consents, created_at, updated_at, paid_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'paid', ?, ?, ?, ?, ?)`,
  ).run(userId, quoteId, offerId, d.product, d.insurer, d.package, d.amount, JSON.stringify(customer),
    JSON.stringify({ terms: true, product_sheet: true, data_processing: true }), createdAt, createdAt, createdAt);
  const orderId = Number(order.lastInsertRowid);
  const policy = db.prepare(
    `INSERT INTO policies (number, order_id, user_id, product_code, insurer_code, package_name, starts_on, ends_on, amount_bani,
      insured_object, input, created_at) VALUES ('pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(orderId, userId, d.product, d.insurer, d.package, startsOn, d.ends_on, d.amount, d.object, JSON.stringify(input), createdAt);
  const policyId = Number(policy.lastInsertRowid);
  db.prepare('UPDATE policies SET number = ? WHERE id = ?').run(policyNumber(d.prefix, policyId, createdAt), policyId);
  db.prepare('UPDATE orders SET policy_id = ? WHERE id = ?').run(policyId, orderId);
  db.prepare("INSERT INTO payments (id, order_id, amount_bani, status, return_url, created_at, updated_at) VALUES (?, ?, ?, 'confirmed', '', ?, ?)")
    .run(`${d.key}-payment`, orderId, d.amount, createdAt, createdAt);
  return policyId;
}

/**
 * Road vignettes (products, tariffs, issuers, monthly exchange rates): inserted when missing, so a database
 * seeded before they existed gets them on the next start. Prices already stored are left alone.
 */
export function seedVignettes(db: DB): void {
  db.transaction(() => {
    const issuer = db.prepare('INSERT OR IGNORE INTO insurers (code, name, sort, is_vignette_issuer) VALUES (?, ?, ?, 1)');
    V.VIGNETTE_ISSUERS.forEach((i, n) => issuer.run(i.code, i.name, 100 + n));
    const product = db.prepare(
      `INSERT OR IGNORE INTO products (code, name, description, status_flag, policy_prefix, min_period, max_period, periods, options, sort)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const tariff = db.prepare('INSERT OR IGNORE INTO tariffs (product_code, insurer_code, name, data) VALUES (?, ?, ?, ?)');
    V.VIGNETTE_PRODUCTS.forEach((p, n) => {
      const t = p.tariff;
      const options = {
        currency: t.currency,
        source: t.source,
        issuer: V.VIGNETTE_ISSUERS.find((i) => i.code === p.issuer),
        categories: t.categories,
        validities: t.validities,
        counties: t.counties ?? [],
        countries: V.COUNTRIES,
        start_date: t.start_date,
      };
      const periods = t.validities.map((v) => ({ value: v.code, unit: v.months ? 'month' : v.calendar_year ? 'year' : 'day', label: v.label }));
      product.run(p.code, p.name, p.description, p.status_flag, p.policy_prefix, 1, 365, JSON.stringify(periods), JSON.stringify(options), 20 + n);
      tariff.run(p.code, p.issuer, 'issuer', JSON.stringify(t));
    });
    const rate = db.prepare('INSERT OR IGNORE INTO exchange_rates (month, currency, lei) VALUES (?, ?, ?)');
    for (const r of V.EXCHANGE_RATES) rate.run(r.month, r.currency, r.lei);
  })();
}
