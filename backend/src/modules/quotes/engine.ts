import type { AppContext } from '../../context';
import { formatWholeLei, formatWholeNumber } from '../../../../contract/money';
import { bucharestDay, addDaysToDay, addMonthsToDay, ageOn, daysBetween } from '../../../../contract/day';
import { ApiError, validationError, type FieldErrors } from '../../lib/errors';
import { isStartDateAllowed, validitiesFor, validityEnd, vignettePrice, toLeiBani, type VignetteTariff } from '../../../../contract/vignette-rules';
import { cnpBirthDate } from '../../../../contract/formats';
import { latestStartDay, RENEWAL_MAX_DAYS_BEFORE_END } from '../../../../contract/renewal';
import { policyOfRenewalToken } from '../reminders/tokens';
import { insurerByCode, productRow } from '../products/service';
import type { Offer, ProductCode } from '../../../../contract/types';
import type { HouseInput, HuVignetteInput, RcaInput, RoVignetteInput, TireInput, TravelInput } from '../../../../contract/quotes';
import { rcaMessages } from '../../../../contract/products/rca-values';
import { travelMessages } from '../../../../contract/products/travel-values';
import { tireMessages } from '../../../../contract/products/tire-values';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Tariffs {
  common: Json;
  byInsurer: Map<string, Json>;
}

function tariffs(ctx: AppContext, product: string): Tariffs {
  return ctx.site.cached(`tariffs:${product}`, () => {
    const rows = ctx.db
      .prepare('SELECT insurer_code, name, data FROM tariffs WHERE product_code = ? ORDER BY id')
      .all(product) as { insurer_code: string | null; name: string; data: string }[];
    const byInsurer = new Map<string, Json>();
    let common: Json = {};
    for (const r of rows) {
      if (r.insurer_code) byInsurer.set(r.insurer_code, JSON.parse(r.data));
      else if (r.name === 'common') common = JSON.parse(r.data);
    }
    return { common, byInsurer };
  });
}

/** First band whose limit (max_*) is null or ≥ value. */
function band<T extends Json>(bands: T[], key: string, value: number): T {
  return bands.find((b) => b[key] === null || value <= b[key]) ?? bands[bands.length - 1];
}

const bani = (lei: number) => Math.round(lei * 100);
const monthsLabel = (m: number) => (m === 1 ? '1 lună' : `${m} luni`);

export function sortOffers(offers: Offer[]): Offer[] {
  return offers.sort((a, b) => a.price_bani - b.price_bani || a.id.localeCompare(b.id));
}

/** Checks a start date lies in [tomorrow, tomorrow + maxDaysAhead - 1] (Europe/Bucharest). */
export function checkStartDate(ctx: AppContext, field: string, day: string, maxDaysAhead = 30): void {
  const today = bucharestDay(ctx.clock.now());
  if (day <= today || day > addDaysToDay(today, maxDaysAhead)) {
    throw validationError({ [field]: [`Data de început trebuie să fie cel mai devreme mâine și cel târziu peste ${maxDaysAhead} de zile.`] });
  }
}

// ── RCA ───────────────────────────────────────────────────────────────────────

export function bonusMalusClass(ctx: AppContext, ownerId: string, vin: string): { code: string; factor: number } {
  const row =
    (ctx.db.prepare('SELECT bonus_malus_class AS c FROM claims_history WHERE owner_id = ? AND vin = ? ORDER BY id DESC').get(ownerId, vin) as { c: string } | undefined) ??
    (ctx.db.prepare('SELECT bonus_malus_class AS c FROM claims_history WHERE owner_id = ? AND vin IS NULL ORDER BY id DESC').get(ownerId) as { c: string } | undefined);
  const code = row?.c ?? 'B0';
  const factor = (ctx.db.prepare('SELECT factor FROM bonus_malus_classes WHERE code = ?').pluck().get(code) as number | undefined) ?? 1;
  return { code, factor };
}

export function countyOfPlate(plate: string): string {
  if (/^B\d/.test(plate)) return 'B';
  return plate.slice(0, 2);
}

/** The policy a renewal renews (`renewal_of` or `renewal_token` of the quote input). */
export interface Renewed {
  id: number;
  ends_on: string;
  /** The renewed policy's quote input (what it insured). */
  input: Json;
}

type RenewalRefs = { renewal_of?: number | null; renewal_token?: string | null; vin?: string };

/**
 * Resolves a renewal: `renewal_token` (a reminder mail's link: whoever holds it, no sign-in) or `renewal_of` (the
 * caller's own policy: bearer required). The renewed policy must be of the same product, for RCA of the same VIN.
 * Null when the input renews nothing; 422 when it names a policy it may not renew.
 */
export function renewedPolicy(ctx: AppContext, product: ProductCode, input: RenewalRefs, userId: number | null): Renewed | null {
  if (!input.renewal_of && !input.renewal_token) return null;
  type Row = { id: number; product_code: string; ends_on: string; input: string };
  let row: Row | undefined;
  if (input.renewal_token) {
    row = policyOfRenewalToken(ctx, input.renewal_token) ?? undefined;
    if (!row || (input.renewal_of && input.renewal_of !== row.id)) {
      throw validationError({ renewal_token: ['Linkul de reînnoire nu mai este valabil. Completați datele pentru o poliță nouă.'] });
    }
  } else if (userId) {
    row = ctx.db.prepare('SELECT id, product_code, ends_on, input FROM policies WHERE id = ? AND user_id = ?').get(input.renewal_of, userId) as Row | undefined;
  }
  const sameObject = product !== 'rca' || (row && (JSON.parse(row.input) as { vin?: string }).vin === input.vin);
  if (!row || row.product_code !== product || !sameObject) {
    throw validationError({ renewal_of: ['Polița reînnoită nu există în contul dumneavoastră sau este pentru alt vehicul.'] });
  }
  return { id: row.id, ends_on: row.ends_on, input: JSON.parse(row.input) as Json };
}

/**
 * Start date of a product sold from tomorrow to `maxDaysAhead` days ahead (DOMAIN.md); a renewal may start the day
 * after the renewed policy ends, bought at most 30 days before the end.
 */
function checkStart(ctx: AppContext, start: string, renewed: Renewed | null, maxDaysAhead: number): void {
  if (!renewed) return checkStartDate(ctx, 'start_date', start, maxDaysAhead);
  const today = bucharestDay(ctx.clock.now());
  const latest = latestStartDay(today, renewed.ends_on, maxDaysAhead);
  if (!latest) {
    throw validationError({ start_date: [`Polița se poate reînnoi cu cel mult ${RENEWAL_MAX_DAYS_BEFORE_END} de zile înainte de expirare.`] });
  }
  if (start <= today || start > latest) {
    throw validationError({ start_date: [`Data de început a reînnoirii este între mâine și ${latest.split('-').reverse().join('.')}.`] });
  }
}

export function quoteRca(ctx: AppContext, input: RcaInput, renewed: Renewed | null = null): Offer[] {
  checkStart(ctx, input.start_date, renewed, 30);
  const today = bucharestDay(ctx.clock.now());
  const v = input.vehicle;
  const fields: FieldErrors = {};
  if (v.year > Number(today.slice(0, 4)) + 1) fields['vehicle.year'] = ['Anul fabricației nu poate fi în viitor.'];
  // The rules the web form checks (lib/validation/products/rca.ts) hold here too: the price depends on them, and
  // a caller of the API is not held by the form (a petrol car with 0 cm³ would be priced as an electric one, a
  // licence dated before its holder's 16th birthday would buy the experienced-driver rate).
  const motorised = v.category !== 'trailer';
  if (motorised && v.fuel !== 'electric' && v.engine_cc === 0) fields['vehicle.engine_cc'] = [rcaMessages.engineNeeded];
  if (motorised && v.power_kw === 0) fields['vehicle.power_kw'] = [rcaMessages.powerNeeded];
  if (motorised && v.seats === 0) fields['vehicle.seats'] = [rcaMessages.seatsNeeded];
  if (input.owner.type === 'person') {
    const birth = cnpBirthDate(input.owner.cnp, ctx.clock.now());
    if (input.owner.driving_licence_date > today) {
      fields['owner.driving_licence_date'] = [rcaMessages.licenceFuture];
    } else if (birth && input.owner.driving_licence_date < `${Number(birth.slice(0, 4)) + 16}${birth.slice(4)}`) {
      fields['owner.driving_licence_date'] = [rcaMessages.licenceTooEarly];
    }
  }
  if (Object.keys(fields).length) throw validationError(fields);

  const { common, byInsurer } = tariffs(ctx, 'rca');
  // The bonus-malus follows the vehicle's user when it is not the owner (leasing), else the owner.
  const holder = input.user ?? input.owner;
  const ownerId = holder.type === 'person' ? holder.cnp : holder.cui;
  const bm = bonusMalusClass(ctx, ownerId, input.vin);
  const county = common.county_factors[countyOfPlate(input.registration_plate)] ?? common.county_factors.default;
  let ownerFactor: number;
  if (input.owner.type === 'person') {
    const birth = cnpBirthDate(input.owner.cnp, ctx.clock.now())!;
    const age = ageOn(birth, input.start_date);
    if (age < 18) throw validationError({ 'owner.cnp': ['Proprietarul trebuie să fie major.'] });
    const licenceYears = Math.max(0, ageOn(input.owner.driving_licence_date, input.start_date));
    ownerFactor = band(common.age_factors, 'max_age', age).factor * band(common.licence_factors, 'max_years', licenceYears).factor;
  } else {
    ownerFactor = common.company_factor;
  }
  const periodFactor = common.period_factors[String(input.period_months)];
  const offers: Offer[] = [];
  for (const [code, t] of byInsurer) {
    const b = t.base_lei;
    let base: number;
    switch (v.category) {
      case 'car':
        base = v.fuel === 'electric' || v.engine_cc === 0
          ? band(b.car_electric_by_kw, 'max_kw', v.power_kw).lei
          : band(b.car, 'max_cc', v.engine_cc).lei;
        break;
      case 'van':
        base = band(b.van, 'max_kg', v.max_mass_kg).lei;
        break;
      case 'motorcycle':
        base = band(b.motorcycle, 'max_cc', v.engine_cc).lei;
        break;
      default:
        base = band(b.trailer, 'max_kg', v.max_mass_kg).lei;
    }
    const price = base * t.use_factors[v.use_type] * county * ownerFactor * bm.factor * periodFactor;
    const insurer = insurerByCode(ctx, code);
    const shared = { insurer, period_label: monthsLabel(input.period_months), bonus_malus_class: bm.code };
    offers.push({
      ...shared, id: `${code}-standard`, package_code: 'standard', package_name: 'RCA', price_bani: bani(price),
      direct_settlement: false, coverage: t.coverage,
    });
    offers.push({
      ...shared, id: `${code}-direct`, package_code: 'direct_settlement', package_name: 'RCA cu decontare directă',
      price_bani: bani(price * (1 + t.direct_settlement_surcharge)), direct_settlement: true,
      coverage: [...t.coverage, ...t.direct_settlement_coverage],
    });
  }
  return sortOffers(offers);
}

// ── Travel ────────────────────────────────────────────────────────────────────

export function quoteTravel(ctx: AppContext, input: TravelInput): Offer[] {
  checkStartDate(ctx, 'start_date', input.start_date, 365);
  const days = daysBetween(input.start_date, input.end_date) + 1;
  if (input.trip_type === 'single' && (days < 2 || days > 365)) {
    throw validationError({ end_date: ['Călătoria trebuie să dureze între 2 și 365 de zile.'] });
  }
  if (input.trip_type === 'multi' && input.end_date !== addDaysToDay(addMonthsToDay(input.start_date, 12), -1)) {
    throw validationError({ end_date: ['Polița multi-călătorie durează un an de la data de început.'] });
  }
  const fields: FieldErrors = {};
  // As the web form (lib/validation/products/travel.ts): born by today, at most 100 years ago.
  const today = bucharestDay(ctx.clock.now());
  const oldest = `${Number(today.slice(0, 4)) - 100}${today.slice(4)}`;
  input.travellers.forEach((t, i) => {
    if (t.birth_date > today) fields[`travellers.${i}.birth_date`] = [travelMessages.birthFuture];
    else if (t.birth_date < oldest) fields[`travellers.${i}.birth_date`] = [travelMessages.birthTooOld];
  });
  if (Object.keys(fields).length) throw validationError(fields);

  const { common, byInsurer } = tariffs(ctx, 'travel');
  const ages = input.travellers.map((t) => ageOn(t.birth_date, input.start_date));
  let ageSum = ages.reduce((s, a) => s + band(common.age_factors, 'max_age', a).factor, 0);
  const adults = ages.filter((a) => a >= 18).length;
  const children = ages.length - adults;
  const fam = common.family_discount;
  if (adults >= fam.min_adults && adults <= fam.max_adults && children >= fam.min_children && children <= fam.max_children) {
    ageSum *= fam.factor;
  }
  const priceDays = input.trip_type === 'multi' ? common.multi_trip_days : days;
  const o = input.options;
  const offers: Offer[] = [];
  for (const [code, t] of byInsurer) {
    for (const [pkg, sum] of Object.entries(t.packages as Record<string, number>)) {
      let eur = t.daily_eur[input.zone][pkg] * priceDays * ageSum * common.purpose_factors[input.purpose];
      if (o.winter_sports) eur *= common.option_factors.winter_sports;
      if (o.summer_sports) eur *= common.option_factors.summer_sports;
      if (o.road_assistance) eur += common.road_assistance_eur_per_day * priceDays;
      if (o.cancellation_insured_value_eur) eur += o.cancellation_insured_value_eur * common.cancellation_rate;
      eur = Math.max(common.min_premium_eur, eur);
      const sumLabel = `${formatWholeNumber(sum)} EUR`;
      offers.push({
        id: `${code}-${pkg}`,
        insurer: insurerByCode(ctx, code),
        package_code: pkg,
        package_name: sumLabel,
        price_bani: bani(eur * common.eur_to_lei),
        period_label: input.trip_type === 'multi' ? '1 an (multi-călătorie)' : `${days} zile`,
        direct_settlement: false,
        bonus_malus_class: null,
        coverage: [`Sumă asigurată ${sumLabel}`, ...t.coverage,
          ...(o.winter_sports ? ['Sporturi de iarnă'] : []), ...(o.summer_sports ? ['Sporturi de vară'] : []),
          ...(o.road_assistance ? ['Asistență rutieră'] : []),
          ...(o.cancellation_insured_value_eur ? [`Storno până la ${o.cancellation_insured_value_eur} EUR`] : [])],
      });
    }
  }
  return sortOffers(offers);
}

// ── House ─────────────────────────────────────────────────────────────────────

export function quoteHouse(ctx: AppContext, input: HouseInput, renewed: Renewed | null = null): Offer[] {
  if (input.start_date) checkStart(ctx, input.start_date, renewed, 30);
  if (input.year_built > Number(bucharestDay(ctx.clock.now()).slice(0, 4))) {
    throw validationError({ year_built: ['Anul construcției nu poate fi în viitor.'] });
  }
  const { common, byInsurer } = tariffs(ctx, 'house-insurance');
  const pad = common.pad[input.structure];
  const offers: Offer[] = [];
  for (const [code, t] of byInsurer) {
    const insurer = insurerByCode(ctx, code);
    const shared = { insurer, period_label: '12 luni', direct_settlement: false, bonus_malus_class: null };
    const padCoverage = [...common.pad_coverage, `Sumă asigurată PAD ${formatWholeLei(pad.sum_insured_lei)}`];
    offers.push({ ...shared, id: `${code}-pad`, package_code: 'pad', package_name: `PAD tip ${input.structure}`, price_bani: bani(pad.premium_lei), coverage: padCoverage });
    const vol = input.voluntary;
    if (vol) {
      let lei = vol.building_sum_lei * t.building_rate + vol.contents_sum_lei * t.contents_rate;
      for (const [k, on] of Object.entries(vol.options)) if (on) lei += t.option_lei[k];
      lei *= t.environment_factors[input.environment];
      if (input.year_built < t.old_building.before_year) lei *= t.old_building.factor;
      lei *= t.instalment_factors[String(vol.instalments)];
      lei = Math.max(t.min_premium_lei, lei);
      offers.push({
        ...shared, id: `${code}-pad-voluntary`, package_code: 'pad_voluntary', package_name: 'PAD + asigurare facultativă',
        price_bani: bani(pad.premium_lei + lei), coverage: [...padCoverage, ...t.coverage],
      });
    }
  }
  return sortOffers(offers);
}

// ── Tires ─────────────────────────────────────────────────────────────────────

export function quoteTire(ctx: AppContext, product: ProductCode, input: TireInput, renewed: Renewed | null = null): Offer[] {
  const today = bucharestDay(ctx.clock.now());
  const fields: FieldErrors = {};
  if (renewed) {
    // A renewal covers the same tires again: bought before the first policy, starting after it ends. Only those
    // tires escape the "bought in the last 30 days" rule: the same purchase date, brand, size and type, and no more
    // of them than before (other or older tires under a renewal would be insured without the new-tire rule).
    const old = renewed.input;
    const sameTires = input.purchase_date === old.purchase_date && input.rim_band === old.rim_band && input.tire_type === old.tire_type &&
      String(input.brand).trim().toLowerCase() === String(old.brand ?? '').trim().toLowerCase() && input.tire_count <= Number(old.tire_count);
    if (!sameTires) {
      throw validationError({ renewal_of: ['Reînnoirea asigură aceleași anvelope ca polița reînnoită (aceeași dată de cumpărare, marcă, dimensiune și tip).'] });
    }
    if (input.purchase_date > today) fields.purchase_date = ['Data cumpărării nu poate fi în viitor.'];
    if (!input.start_date) fields.start_date = ['Alegeți data de început.'];
    else checkStart(ctx, input.start_date, renewed, 1);
  } else {
    if (input.purchase_date > today || input.purchase_date < addDaysToDay(today, -30)) {
      fields.purchase_date = ['Anvelopele trebuie să fi fost cumpărate în ultimele 30 de zile.'];
    }
    // Outside a renewal the cover starts the day after payment.
    if (input.start_date) fields.start_date = ['Data de început se alege doar la reînnoirea unei polițe.'];
  }
  if (product === 'michelin-tiresecureplus') {
    if (input.brand.toLowerCase() !== 'michelin') fields.brand = ['Garanția se aplică doar anvelopelor Michelin.'];
    if (input.tire_count !== 4) fields.tire_count = ['Garanția se aplică unui set de 4 anvelope noi.'];
    if (input.period_years !== 1) fields.period_years = ['Garanția este valabilă 1 an.'];
    // The guarantee is registered with the purchase invoice of the set (the form asks for it).
    if (!input.invoice_number) fields.invoice_number = [tireMessages.invoiceRequired];
  }
  if (Object.keys(fields).length) throw validationError(fields);
  const { common } = tariffs(ctx, 'tire');
  const plans = (common.plans as Json[]).filter((p) => p.product_code === product && (!input.plan_code || p.code === input.plan_code));
  if (plans.length === 0) throw validationError({ plan_code: ['Planul ales nu există.'] });
  const offers = plans.map((p): Offer => {
    const lei = p.per_tire_year_lei * input.tire_count * common.year_factors[String(input.period_years)] *
      common.rim_factors[input.rim_band] * (input.tire_type === 'run_flat' ? common.run_flat_factor : 1);
    return {
      id: p.code,
      insurer: insurerByCode(ctx, p.insurer),
      package_code: p.code,
      package_name: p.name,
      price_bani: bani(lei),
      period_label: input.period_years === 1 ? '1 an' : `${input.period_years} ani`,
      direct_settlement: false,
      bonus_malus_class: null,
      coverage: [
        `Limită anuală ${formatWholeLei(p.yearly_limit_lei)}`,
        `Înlocuire până la ${p.replacement_per_tire_lei} lei / anvelopă`,
        `Reparație până la ${p.repair_per_tire_lei} lei / anvelopă`,
      ],
    };
  });
  return sortOffers(offers);
}

// ── Road vignettes ────────────────────────────────────────────────────────────

export type VignetteProduct = 'ro-vignette' | 'hu-vignette';

/** The vignette tariff and its issuer (CNAIR, NÚSZ), from the tariffs table. */
export function vignetteTariff(ctx: AppContext, product: VignetteProduct): { issuer: string; tariff: VignetteTariff } {
  const [entry] = tariffs(ctx, product).byInsurer;
  if (!entry) throw new ApiError(503, 'service_unavailable', `No tariff for ${product}.`, 'Tariful nu este disponibil momentan.');
  return { issuer: entry[0], tariff: entry[1] as VignetteTariff };
}

/** Lei per unit of a currency for a month: that month's rate, else the latest earlier one. */
export function exchangeRate(ctx: AppContext, currency: string, month: string): { lei_per_unit: number; month: string } {
  const row = ctx.db
    .prepare('SELECT month, lei FROM exchange_rates WHERE currency = ? AND month <= ? ORDER BY month DESC LIMIT 1')
    .get(currency, month) as { month: string; lei: number } | undefined;
  if (!row) throw new ApiError(503, 'service_unavailable', `No ${currency} rate for ${month}.`, 'Cursul de schimb nu este disponibil momentan.');
  return { lei_per_unit: row.lei, month: row.month };
}

const dmy = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const amountLabel = (n: number, currency: string) =>
  `${n.toFixed(currency === 'HUF' ? 0 : 2).replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.')} ${currency}`;

export function quoteVignette(ctx: AppContext, product: VignetteProduct, input: RoVignetteInput | HuVignetteInput): Offer[] {
  const { issuer, tariff } = vignetteTariff(ctx, product);
  const today = bucharestDay(ctx.clock.now());
  const fields: FieldErrors = {};
  // The countries of registration the form offers (the product's options), not any two letters.
  const countries = (JSON.parse(productRow(ctx, product)?.options ?? '{}') as { countries?: { value: string }[] }).countries ?? [];
  if (!countries.some((c) => c.value === input.country)) fields.country = ['Alegeți țara de înmatriculare din listă.'];
  const category = tariff.categories.find((c) => c.code === input.category);
  if (!category) fields.category = ['Alegeți categoria vehiculului din listă.'];
  const validity = category ? validitiesFor(tariff, category.code).find((v) => v.code === input.validity) : undefined;
  if (category && !validity) fields.validity = [`Perioada aleasă nu există pentru categoria ${category.code}.`];
  if (!isStartDateAllowed(input.start_date, today, tariff.start_date)) {
    fields.start_date = [`Data de început poate fi cel mai devreme azi și cel târziu peste ${tariff.start_date.max_days_ahead} de zile.`];
  }
  const counties = 'counties' in input ? [...new Set(input.counties)] : [];
  if (validity?.per_county) {
    const known = new Set((tariff.counties ?? []).map((c) => c.code));
    if (counties.length === 0) fields.counties = ['Alegeți cel puțin un județ.'];
    else if (counties.some((c) => !known.has(c))) fields.counties = ['Alegeți județele din listă.'];
  } else if (counties.length > 0) {
    fields.counties = ['Județele se aleg doar pentru vigneta anuală pe județ.'];
  }
  if (Object.keys(fields).length || !category || !validity) throw validationError(fields);

  const amount = vignettePrice(category, validity, counties)!;
  const rate = exchangeRate(ctx, tariff.currency, today.slice(0, 7));
  const end = validityEnd(input.start_date, validity);
  const countyNames = counties.map((c) => tariff.counties!.find((k) => k.code === c)!.label);
  return [{
    id: `${issuer}-${category.code}-${validity.code}`,
    insurer: insurerByCode(ctx, issuer),
    package_code: validity.code,
    package_name: `Categoria ${category.code}, ${validity.label}`,
    price_bani: toLeiBani(amount, rate.lei_per_unit),
    period_label: validity.label,
    direct_settlement: false,
    bonus_malus_class: null,
    coverage: [
      `Valabilă ${dmy(input.start_date)} – ${dmy(end)} inclusiv`,
      `Categoria ${category.label}`,
      `Vehicul ${input.registration_plate} (${input.country})`,
      ...(countyNames.length ? [`Județe: ${countyNames.join(', ')}`] : []),
      `Tarif ${amountLabel(amount, tariff.currency)}, curs ${String(rate.lei_per_unit).replace('.', ',')} lei/${tariff.currency} (${rate.month})`,
    ],
    list_price: { amount, currency: tariff.currency },
    exchange_rate: { currency: tariff.currency, lei_per_unit: rate.lei_per_unit, month: rate.month },
  }];
}
