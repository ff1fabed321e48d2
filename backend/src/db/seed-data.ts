/**
 * Demo and reference data loaded into the database on first start. Prices live here only as seed
 * DATA: the quote engine reads them from the `tariffs` tables, never from this file.
 */

import { brokerIdentity } from '../../../contract/broker-identity';
import { FUEL_LABELS, FUELS, USE_TYPE_LABELS, USE_TYPES, VEHICLE_CATEGORIES, VEHICLE_CATEGORY_LABELS } from '../../../contract/products/rca-values';
import { TRAVEL_PURPOSE_LABELS, TRAVEL_PURPOSES, TRAVEL_ZONE_LABELS, TRAVEL_ZONES } from '../../../contract/products/travel-values';
import { formatWholeNumber } from '../../../contract/money';

/** The broker's identity: one source shared with the web app's footer (contract/broker-identity.ts). */
export const BROKER = {
  name: brokerIdentity.legalName,
  asf_code: brokerIdentity.asfCode,
  cui: brokerIdentity.cui,
  trade_register: brokerIdentity.tradeRegister,
  address: brokerIdentity.address,
  email: brokerIdentity.email,
  phone: brokerIdentity.phone,
};

export const INSURERS = [
  { code: 'allianz-tiriac', name: 'Allianz-Țiriac' },
  { code: 'groupama', name: 'Groupama' },
  { code: 'omniasig', name: 'Omniasig' },
  { code: 'generali', name: 'Generali' },
  { code: 'asirom', name: 'Asirom' },
  { code: 'grawe', name: 'Grawe' },
  { code: 'uniqa', name: 'Uniqa' },
];

const opt = (value: string, label: string) => ({ value, label });

export const PRODUCTS = [
  {
    code: 'rca',
    name: 'Asigurare RCA',
    description: 'Asigurarea obligatorie de răspundere civilă auto, cu oferte de la mai mulți asigurători, cu sau fără decontare directă.',
    status_flag: 'is_rca_available',
    policy_prefix: 'RCA',
    min_period: 1,
    max_period: 12,
    periods: [1, 2, 3, 6, 12].map((m) => ({ value: m, unit: 'month', label: m === 1 ? '1 lună' : `${m} luni` })),
    options: {
      vehicle_categories: VEHICLE_CATEGORIES.map((v) => opt(v, VEHICLE_CATEGORY_LABELS[v])),
      fuels: FUELS.map((v) => opt(v, FUEL_LABELS[v])),
      use_types: USE_TYPES.map((v) => opt(v, USE_TYPE_LABELS[v])),
      owner_types: [opt('person', 'Persoană fizică'), opt('company', 'Persoană juridică')],
      bonus_malus_classes: ['M8', 'M7', 'M6', 'M5', 'M4', 'M3', 'M2', 'M1', 'B0', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8'],
      start_date: { min_days_ahead: 1, max_days_ahead: 30 },
      direct_settlement: { available: true, label: 'Decontare directă', description: 'Paguba dumneavoastră este plătită de propriul asigurător RCA, fără să așteptați asigurătorul vinovatului.' },
      limits: { year_min: 1950, engine_cc_max: 10000, power_kw_max: 1000, max_mass_kg_max: 40000, seats_max: 60 },
      countries_of_validity: 'Toate statele sistemului Carte Verde',
    },
  },
  {
    code: 'travel',
    name: 'Asigurare de călătorie',
    description: 'Asigurare medicală de călătorie în străinătate: cheltuieli medicale, repatriere, opțional sporturi de iarnă, asistență rutieră și storno.',
    status_flag: 'is_travel_available',
    policy_prefix: 'CAL',
    min_period: 2,
    max_period: 365,
    periods: [
      { value: 7, unit: 'day', label: '7 zile' },
      { value: 14, unit: 'day', label: '14 zile' },
      { value: 30, unit: 'day', label: '30 de zile' },
      { value: 365, unit: 'day', label: '1 an (multi-călătorie)' },
    ],
    options: {
      zones: TRAVEL_ZONES.map((v) => opt(v, TRAVEL_ZONE_LABELS[v])),
      purposes: TRAVEL_PURPOSES.map((v) => opt(v, TRAVEL_PURPOSE_LABELS[v])),
      trip_types: [opt('single', 'O singură călătorie'), opt('multi', 'Multi-călătorie (1 an)')],
      packages: [10000, 30000, 50000, 100000].map((s) => ({ value: `sum_${s / 1000}k`, label: `${formatWholeNumber(s)} EUR`, sum_insured_eur: s })),
      extra_options: [opt('winter_sports', 'Sporturi de iarnă'), opt('summer_sports', 'Sporturi de vară'), opt('road_assistance', 'Asistență rutieră'), opt('cancellation', 'Storno (anularea călătoriei)')],
      limits: { min_days: 2, max_days: 365, max_travellers: 7, family: { max_adults: 2, max_children: 5 }, cancellation_insured_value_eur_max: 10000 },
    },
  },
  {
    code: 'house-insurance',
    name: 'Asigurarea locuinței',
    description: 'Polița PAD obligatorie și, opțional, asigurarea facultativă a clădirii și a bunurilor.',
    status_flag: 'is_house_insurance_available',
    policy_prefix: 'LOC',
    min_period: 12,
    max_period: 12,
    periods: [{ value: 12, unit: 'month', label: '12 luni' }],
    options: {
      structures: [
        { value: 'A', label: 'Tip A – beton armat, cărămidă, piatră', pad_sum_insured_lei: 100000, pad_premium_lei: 130 },
        { value: 'B', label: 'Tip B – alte materiale (chirpici, lemn)', pad_sum_insured_lei: 50000, pad_premium_lei: 50 },
      ],
      environments: [opt('urban', 'Urban'), opt('rural', 'Rural')],
      voluntary_options: [opt('theft', 'Furt prin efracție'), opt('liability', 'Răspundere civilă față de vecini'), opt('pipes', 'Avarii accidentale la instalații'), opt('electrical', 'Fenomene electrice')],
      instalments: [1, 2, 4],
      limits: { year_built_min: 1850, area_sqm_max: 2000, rooms_max: 30, floors_max: 60, building_sum_lei_max: 5000000, contents_sum_lei_max: 1000000 },
    },
  },
  {
    code: 'tire',
    name: 'Asigurarea anvelopelor',
    description: 'Protecție pentru anvelope noi împotriva deteriorărilor accidentale: înlocuire sau reparație.',
    status_flag: null,
    policy_prefix: 'ANV',
    min_period: 1,
    max_period: 3,
    periods: [1, 2, 3].map((y) => ({ value: y, unit: 'year', label: y === 1 ? '1 an' : `${y} ani` })),
    options: {
      plans: [] as unknown[], // filled from the tire tariff at seed time
      tire_types: [opt('standard', 'Standard'), opt('run_flat', 'Run-flat')],
      rim_bands: [opt('r13_r16', 'R13 – R16'), opt('r17_r19', 'R17 – R19'), opt('r20_plus', 'R20 și peste')],
      limits: { tire_count_min: 2, tire_count_max: 4, purchase_within_days: 30 },
    },
  },
  {
    code: 'michelin-tiresecureplus',
    name: 'Michelin TireSecure+',
    description: 'Garanția Michelin pentru un set de 4 anvelope noi Michelin de autoturism sau SUV: până la 2 anvelope acoperite în 12 luni pentru daune accidentale.',
    status_flag: null,
    policy_prefix: 'MTS',
    min_period: 1,
    max_period: 1,
    periods: [{ value: 1, unit: 'year', label: '1 an' }],
    options: {
      brand: 'michelin',
      plans: [] as unknown[],
      tire_types: [opt('standard', 'Standard'), opt('run_flat', 'Run-flat')],
      rim_bands: [opt('r13_r16', 'R13 – R16'), opt('r17_r19', 'R17 – R19'), opt('r20_plus', 'R20 și peste')],
      limits: { tire_count_min: 4, tire_count_max: 4, purchase_within_days: 30, covered_tires_max: 2 },
    },
  },
];

export const BONUS_MALUS = [
  ['M8', 2.5], ['M7', 2.2], ['M6', 2.0], ['M5', 1.8], ['M4', 1.6], ['M3', 1.45], ['M2', 1.3], ['M1', 1.15],
  ['B0', 1.0], ['B1', 0.95], ['B2', 0.9], ['B3', 0.85], ['B4', 0.8], ['B5', 0.75], ['B6', 0.7], ['B7', 0.65], ['B8', 0.6],
] as const;

/** Per-insurer price level applied when building the seed tariff rows. */
const INSURER_LEVEL: Record<string, number> = {
  'allianz-tiriac': 1.08, groupama: 1.0, omniasig: 0.93, generali: 1.04, asirom: 0.9, grawe: 0.97, uniqa: 1.12,
};
const DS_SURCHARGE: Record<string, number> = {
  'allianz-tiriac': 0.18, groupama: 0.2, omniasig: 0.22, generali: 0.19, asirom: 0.25, grawe: 0.21, uniqa: 0.17,
};

const r2 = (n: number) => Math.round(n * 100) / 100;

export function rcaInsurerTariff(insurer: string) {
  const k = INSURER_LEVEL[insurer];
  return {
    base_lei: {
      car: [
        { max_cc: 1200, lei: r2(620 * k) }, { max_cc: 1400, lei: r2(710 * k) }, { max_cc: 1600, lei: r2(820 * k) },
        { max_cc: 2000, lei: r2(990 * k) }, { max_cc: 2500, lei: r2(1280 * k) }, { max_cc: null, lei: r2(1690 * k) },
      ],
      car_electric_by_kw: [{ max_kw: 70, lei: r2(740 * k) }, { max_kw: 110, lei: r2(930 * k) }, { max_kw: null, lei: r2(1210 * k) }],
      van: [{ max_kg: 2500, lei: r2(1350 * k) }, { max_kg: 3500, lei: r2(1820 * k) }, { max_kg: null, lei: r2(2600 * k) }],
      motorcycle: [{ max_cc: 250, lei: r2(290 * k) }, { max_cc: null, lei: r2(540 * k) }],
      trailer: [{ max_kg: 750, lei: r2(110 * k) }, { max_kg: null, lei: r2(340 * k) }],
    },
    use_factors: { personal: 1, taxi: 2.2, rent: 1.6, courier: 1.8 },
    direct_settlement_surcharge: DS_SURCHARGE[insurer],
    coverage: [
      'Daune materiale până la 1.300.000 EUR pe eveniment',
      'Vătămări corporale și decese până la 6.450.000 EUR pe eveniment',
      'Valabilă în toate statele sistemului Carte Verde',
    ],
    direct_settlement_coverage: ['Decontare directă: dauna este plătită de asigurătorul dumneavoastră'],
  };
}

export const RCA_COMMON = {
  county_factors: { B: 1.35, IF: 1.25, CJ: 1.15, TM: 1.12, IS: 1.1, CT: 1.1, BV: 1.08, PH: 1.06, default: 1.0 },
  /** Owner age bands (person): first band whose max_age >= age applies. */
  age_factors: [{ max_age: 24, factor: 1.45 }, { max_age: 29, factor: 1.2 }, { max_age: 64, factor: 1.0 }, { max_age: null, factor: 1.12 }],
  company_factor: 1.18,
  /** Years since the driving licence was issued. */
  licence_factors: [{ max_years: 1, factor: 1.25 }, { max_years: 3, factor: 1.1 }, { max_years: null, factor: 1.0 }],
  /** Share of the yearly premium charged for 1..12 months. */
  period_factors: { 1: 0.13, 2: 0.23, 3: 0.32, 4: 0.41, 5: 0.5, 6: 0.57, 7: 0.64, 8: 0.71, 9: 0.78, 10: 0.85, 11: 0.92, 12: 1.0 },
};

const TRAVEL_INSURERS = ['allianz-tiriac', 'groupama', 'omniasig', 'generali'];
export function travelInsurerTariff(insurer: string) {
  const k = INSURER_LEVEL[insurer];
  const daily = (base: number) => ({
    sum_10k: r2(base * k), sum_30k: r2(base * 1.35 * k), sum_50k: r2(base * 1.6 * k), sum_100k: r2(base * 2.1 * k),
  });
  return {
    daily_eur: { europe: daily(0.55), world_ex_us_ca: daily(0.95), world: daily(1.6) },
    packages: { sum_10k: 10000, sum_30k: 30000, sum_50k: 50000, sum_100k: 100000 },
    coverage: ['Cheltuieli medicale de urgență', 'Repatriere medicală', 'Asistență telefonică 24/7 în limba română'],
  };
}
export const TRAVEL_INSURERS_LIST = TRAVEL_INSURERS;

export const TRAVEL_COMMON = {
  eur_to_lei: 4.98,
  min_premium_eur: 3,
  age_factors: [{ max_age: 17, factor: 0.5 }, { max_age: 64, factor: 1.0 }, { max_age: 74, factor: 2.0 }, { max_age: null, factor: 3.0 }],
  purpose_factors: { tourism: 1.0, business: 1.1, driver: 1.6, studies: 1.2, work: 1.45 },
  option_factors: { winter_sports: 1.6, summer_sports: 1.3 },
  road_assistance_eur_per_day: 0.45,
  cancellation_rate: 0.035,
  multi_trip_days: 90,
  family_discount: { min_adults: 2, min_children: 1, max_adults: 2, max_children: 5, factor: 0.9 },
};

export const HOUSE_COMMON = {
  pad: { A: { sum_insured_lei: 100000, premium_lei: 130 }, B: { sum_insured_lei: 50000, premium_lei: 50 } },
  pad_coverage: ['Cutremur, inundații și alunecări de teren (PAD)'],
};
const HOUSE_INSURERS = ['allianz-tiriac', 'groupama', 'omniasig', 'generali', 'uniqa'];
export const HOUSE_INSURERS_LIST = HOUSE_INSURERS;
export function houseInsurerTariff(insurer: string) {
  const k = INSURER_LEVEL[insurer];
  return {
    building_rate: r2(0.00085 * k * 1e6) / 1e6,
    contents_rate: r2(0.0014 * k * 1e6) / 1e6,
    option_lei: { theft: r2(60 * k), liability: r2(45 * k), pipes: r2(35 * k), electrical: r2(30 * k) },
    environment_factors: { urban: 1.0, rural: 1.1 },
    old_building: { before_year: 1978, factor: 1.2 },
    instalment_factors: { 1: 1.0, 2: 1.03, 4: 1.05 },
    min_premium_lei: 80,
    coverage: ['Incendiu, trăsnet, explozie', 'Fenomene atmosferice (furtună, grindină)', 'Daune la bunuri și clădire'],
  };
}

export const TIRE_COMMON = {
  rim_factors: { r13_r16: 1.0, r17_r19: 1.3, r20_plus: 1.65 },
  run_flat_factor: 1.25,
  year_factors: { 1: 1.0, 2: 1.9, 3: 2.7 },
  plans: [
    { code: 'basic', name: 'Anvelope Basic', product_code: 'tire', insurer: 'groupama', per_tire_year_lei: 39, yearly_limit_lei: 1500, replacement_per_tire_lei: 600, repair_per_tire_lei: 100 },
    { code: 'plus', name: 'Anvelope Plus', product_code: 'tire', insurer: 'allianz-tiriac', per_tire_year_lei: 58, yearly_limit_lei: 2500, replacement_per_tire_lei: 900, repair_per_tire_lei: 150 },
    { code: 'premium', name: 'Anvelope Premium', product_code: 'tire', insurer: 'generali', per_tire_year_lei: 84, yearly_limit_lei: 4000, replacement_per_tire_lei: 1400, repair_per_tire_lei: 200 },
    { code: 'michelin', name: 'Michelin TireSecure+', product_code: 'michelin-tiresecureplus', insurer: 'allianz-tiriac', brand: 'michelin', per_tire_year_lei: 22, yearly_limit_lei: 3000, replacement_per_tire_lei: 1500, repair_per_tire_lei: 150, covered_tires_max: 2 },
  ],
};

export const VEHICLES = [
  ['B123ABC', 'WVWZZZ1JZXW000001', 'car', 'Volkswagen', 'Golf', 'petrol', 2018, 1750, 1395, 110, 5, '2018-04-12', 'J123456'],
  ['CJ45XYZ', 'UU1HSDAAG52345678', 'car', 'Dacia', 'Logan', 'lpg', 2020, 1560, 999, 67, 5, '2020-09-03', 'K234567'],
  ['IF10AAA', 'WBA3A5C51CF256789', 'car', 'BMW', '320d', 'diesel', 2016, 2045, 1995, 140, 5, '2016-02-18', 'H345678'],
  ['TM99BRK', 'VF1RFB00X55123456', 'car', 'Renault', 'Clio', 'petrol', 2019, 1630, 898, 66, 5, '2019-06-21', 'L456789'],
  ['B777EVS', '5YJ3E7EB2KF123456', 'car', 'Tesla', 'Model 3', 'electric', 2021, 2232, 0, 239, 5, '2021-05-10', 'M567890'],
  ['IS22TOY', 'JTDKB20U203123456', 'car', 'Toyota', 'Prius', 'hybrid', 2017, 1790, 1798, 73, 5, '2017-11-30', 'N678901'],
  ['BV05VAN', 'WF0XXXTTGXKA12345', 'van', 'Ford', 'Transit Custom', 'diesel', 2019, 3200, 1995, 96, 3, '2019-03-14', 'P789012'],
  ['CT88MTO', 'JYARN23E0EA123456', 'motorcycle', 'Yamaha', 'MT-07', 'petrol', 2021, 370, 689, 54, 2, '2021-04-01', 'R890123'],
  ['PH12REM', 'UZ9PR750XLA123456', 'trailer', 'Progress', 'R750', 'petrol', 2020, 750, 0, 0, 0, '2020-07-07', 'S901234'],
  ['B456SKD', 'TMBJJ7NE5J0123456', 'car', 'Škoda', 'Octavia', 'diesel', 2018, 1920, 1968, 110, 5, '2018-08-08', 'T012345'],
  ['AG33DST', 'UU1HSDJ2G65123456', 'car', 'Dacia', 'Duster', 'petrol', 2022, 1850, 1332, 96, 5, '2022-01-20', 'U123450'],
] as const;

/** Claims history keyed by owner (CNP/CUI) and optionally VIN: the source of the bonus-malus class. */
export const CLAIMS_HISTORY = [
  { owner_id: '1850615400011', vin: 'WVWZZZ1JZXW000001', cls: 'B4', claims: 0 },
  { owner_id: '2901123123456', vin: 'UU1HSDAAG52345678', cls: 'M2', claims: 2 },
  { owner_id: '1700201400031', vin: null, cls: 'B8', claims: 0 },
  { owner_id: '14725831', vin: 'WBA3A5C51CF256789', cls: 'B2', claims: 0 },
  { owner_id: '1970303120013', vin: 'VF1RFB00X55123456', cls: 'B1', claims: 0 },
  { owner_id: '2880924400054', vin: null, cls: 'M1', claims: 1 },
];

export const DEMO_PASSWORD = 'Parola-Demo-2026';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
/** Recovery codes of client2fa@exemplu.ro (documented for demos). */
export const DEMO_RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `DEMO-CODE-${String(i + 1).padStart(4, '0')}`);

export const DEMO_USERS = [
  { email: 'client@exemplu.ro', first_name: 'Ana', last_name: 'Popescu', phone_number: '0722123456', provider: null, required: false, deleted: false },
  { email: 'client2fa@exemplu.ro', first_name: 'Mihai', last_name: 'Ionescu', phone_number: '0733123456', provider: 'authenticator', required: false, deleted: false },
  { email: 'obligatoriu2fa@exemplu.ro', first_name: 'Ioana', last_name: 'Stănescu', phone_number: '0744123456', provider: null, required: true, deleted: false },
  { email: 'sters@exemplu.ro', first_name: 'Radu', last_name: 'Vasilescu', phone_number: '0755123456', provider: null, required: false, deleted: true },
];

export const FAQ = [
  {
    category: 'RCA',
    questions: [
      ['ce-este-rca', 'Ce este asigurarea RCA?', 'RCA este asigurarea obligatorie de răspundere civilă auto. Acoperă pagubele produse altor persoane într-un accident din vina dumneavoastră.'],
      ['cum-se-calculeaza-pretul-rca', 'Cum se calculează prețul RCA?', 'Prețul depinde de vehicul (categorie, capacitate, putere), de proprietar (vârstă, județ), de clasa bonus-malus și de perioada aleasă.'],
      ['ce-este-bonus-malus', 'Ce este clasa bonus-malus?', 'Este clasa stabilită din istoricul de daune al proprietarului pentru vehicul: clasele B aduc reduceri, clasele M majorări. Nu o alegeți dumneavoastră, o stabilește asigurătorul.'],
      ['ce-este-decontarea-directa', 'Ce este decontarea directă?', 'Cu decontare directă, dacă sunteți păgubit, despăgubirea o plătește asigurătorul dumneavoastră RCA, apoi acesta recuperează banii de la asigurătorul vinovatului.'],
      ['pot-anula-rca', 'Pot anula polița RCA?', 'Nu. Polița RCA nu poate fi anulată după emitere, decât în cazurile prevăzute de lege (de exemplu, radierea sau înstrăinarea vehiculului).'],
    ],
  },
  {
    category: 'Călătorie',
    questions: [
      ['ce-acopera-asigurarea-de-calatorie', 'Ce acoperă asigurarea de călătorie?', 'Cheltuielile medicale de urgență în străinătate, repatrierea și, opțional, sporturile de iarnă, asistența rutieră și anularea călătoriei.'],
      ['asigurare-calatorie-familie', 'Pot asigura toată familia pe o singură poliță?', 'Da, până la 7 călători pe o poliță; pentru 2 adulți și până la 5 copii se aplică un tarif de familie.'],
    ],
  },
  {
    category: 'Locuință',
    questions: [
      ['ce-este-pad', 'Ce este polița PAD?', 'PAD este asigurarea obligatorie a locuinței împotriva cutremurului, inundațiilor și alunecărilor de teren. Costă 130 de lei pe an pentru tipul A și 50 de lei pentru tipul B.'],
      ['facultativa-fara-pad', 'Pot încheia o asigurare facultativă fără PAD?', 'Nu. Asigurarea facultativă se vinde doar împreună cu o poliță PAD valabilă.'],
    ],
  },
  {
    category: 'Plată și poliță',
    questions: [
      ['cum-platesc', 'Cum pot plăti?', 'Plătiți online cu cardul, pe pagina securizată a procesatorului de plăți. Comanda este confirmată după ce procesatorul ne anunță plata.'],
      ['cand-primesc-polita', 'Când primesc polița?', 'Imediat după confirmarea plății: o primiți pe email în format PDF și o găsiți în contul dumneavoastră.'],
      ['polita-pe-telefon', 'Este valabilă polița afișată pe telefon?', 'Da. Polița RCA afișată pe telefon este o dovadă valabilă a asigurării.'],
    ],
  },
  {
    category: 'Cont',
    questions: [
      ['am-uitat-parola', 'Am uitat parola. Ce fac?', 'Folosiți „Am uitat parola” pe pagina de autentificare: vă trimitem pe email un link de resetare valabil 60 de minute.'],
      ['autentificare-in-doi-pasi', 'Ce este autentificarea în doi pași?', 'Pe lângă parolă, introduceți un cod din aplicația de autentificare sau primit pe email. Vă protejează contul chiar dacă parola este aflată de altcineva.'],
    ],
  },
];

const salLinks = `<p>Pentru soluționarea alternativă a litigiilor vă puteți adresa <a href="https://anpc.ro/ce-este-sal/" rel="noopener">ANPC – Soluționarea Alternativă a Litigiilor (SAL)</a> și <a href="https://www.salfin.ro/" rel="noopener">SAL-FIN</a>, entitatea de soluționare alternativă a litigiilor din domeniul financiar nebancar.</p>`;

const identity = `<ul>
<li>Denumire: ${BROKER.name}</li>
<li>Număr de înregistrare în Registrul ASF: ${BROKER.asf_code}</li>
<li>CUI: ${BROKER.cui}</li>
<li>Nr. de ordine în Registrul Comerțului: ${BROKER.trade_register}</li>
<li>Sediu: ${BROKER.address}</li>
<li>Email: ${BROKER.email}, telefon: ${BROKER.phone}</li>
</ul>`;

export const INFO_PAGES = [
  {
    slug: 'termeni-si-conditii',
    title: 'Termeni și condiții',
    body_html: `<h2>Despre serviciu</h2><p>Site-ul este operat de ${BROKER.name}, broker de asigurare autorizat de Autoritatea de Supraveghere Financiară (${BROKER.asf_code}). Prin site puteți compara oferte și încheia polițe de la asigurătorii parteneri.</p><h2>Comenzi și plăți</h2><p>Polița se emite după confirmarea plății de către procesatorul de plăți. Polițele RCA nu pot fi anulate după emitere.</p><h2>Reclamații</h2><p>Reclamațiile se pot trimite la ${BROKER.email}.</p>${salLinks}`,
  },
  {
    slug: 'confidentialitate',
    title: 'Politica de confidențialitate',
    body_html: `<h2>Operatorul datelor</h2><p>${BROKER.name}, ${BROKER.address}, prelucrează datele dumneavoastră personale pentru ofertare, încheierea și administrarea polițelor, conform Regulamentului (UE) 2016/679.</p><h2>Ce date prelucrăm</h2><p>Nume, date de contact, CNP sau CUI, datele vehiculului sau ale locuinței și istoricul comenzilor.</p><h2>Drepturile dumneavoastră</h2><p>Acces, rectificare, ștergere, restricționare, portabilitate și opoziție, precum și dreptul de a vă adresa ANSPDCP.</p>`,
  },
  {
    slug: 'cookies',
    title: 'Politica de cookie-uri',
    body_html: `<h2>Ce sunt cookie-urile</h2><p>Fișiere mici salvate în browser. Folosim cookie-uri esențiale (sesiune, securitate) și, doar cu acordul dumneavoastră, cookie-uri de analiză.</p><h2>Alegerea dumneavoastră</h2><p>Puteți alege „Acceptați toate” sau „Doar esențiale” și vă puteți schimba oricând opțiunea.</p>`,
  },
  {
    slug: 'anpc-sal',
    title: 'ANPC și soluționarea alternativă a litigiilor',
    body_html: `<p>Autoritatea Națională pentru Protecția Consumatorilor: <a href="https://anpc.ro/" rel="noopener">anpc.ro</a>.</p>${salLinks}`,
  },
  {
    slug: 'despre-noi',
    title: 'Despre noi',
    body_html: `<h2>Cine suntem</h2><p>Suntem un broker de asigurare: comparăm ofertele asigurătorilor parteneri și vă ajutăm să încheiați polița potrivită, online.</p><h2>Date de identificare</h2>${identity}<h2>Remunerare</h2><p>Brokerul este remunerat prin comision inclus în prima de asigurare plătită asigurătorului; nu vă percepem taxe suplimentare.</p>${salLinks}`,
  },
];
