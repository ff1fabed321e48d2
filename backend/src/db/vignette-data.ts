/**
 * Road vignettes: product rows, tariffs and monthly exchange rates, as seed DATA (backend/README.md
 * "Vignettes" names the sources and dates). The quote engine reads them from the database.
 */

import type { VignetteTariff } from '../../../contract/vignette-rules';

export const VIGNETTE_ISSUERS = [
  { code: 'cnair', name: 'CNAIR (Compania Națională de Administrare a Infrastructurii Rutiere)' },
  { code: 'nusz', name: 'Nemzeti Útdíjfizetési Szolgáltató Zrt. (NÚSZ)' },
];

const opt = (value: string, label: string) => ({ value, label });

/** Countries of registration offered in the forms (ISO 3166-1 alpha-2). */
export const COUNTRIES = [
  opt('RO', 'România'), opt('MD', 'Republica Moldova'), opt('HU', 'Ungaria'), opt('BG', 'Bulgaria'), opt('UA', 'Ucraina'),
  opt('RS', 'Serbia'), opt('DE', 'Germania'), opt('AT', 'Austria'), opt('IT', 'Italia'), opt('FR', 'Franța'),
  opt('ES', 'Spania'), opt('PL', 'Polonia'), opt('CZ', 'Cehia'), opt('SK', 'Slovacia'), opt('NL', 'Țările de Jos'),
  opt('BE', 'Belgia'), opt('GB', 'Regatul Unit'), opt('TR', 'Turcia'), opt('GR', 'Grecia'),
];

/**
 * Rovinieta (CNAIR). Categories A–H as the national tariff names them; validities since March 2024.
 * A, B and C: tariff in force since 1 September 2025 (DOMAIN.md). D–H: see backend/README.md.
 */
export const RO_VIGNETTE_TARIFF: VignetteTariff & { source: string } = {
  source: 'CNAIR, tarife rovinietă (EUR, cu TVA), în vigoare de la 1 septembrie 2025',
  currency: 'EUR',
  start_date: { min_days_ahead: 0, max_days_ahead: 30 },
  validities: [
    { code: '1d', label: '1 zi', days: 1 },
    { code: '7d', label: '7 zile', days: 7 },
    { code: '10d', label: '10 zile', days: 10 },
    { code: '30d', label: '30 de zile', days: 30 },
    { code: '60d', label: '60 de zile', days: 60 },
    { code: '12m', label: '12 luni', months: 12 },
  ],
  categories: [
    { code: 'A', label: 'A – Autoturisme', description: 'Autoturisme, inclusiv cele cu remorcă', prices: { '1d': 3.5, '10d': 6, '30d': 9.5, '60d': 15, '12m': 50 } },
    { code: 'B', label: 'B – Marfă, MTMA ≤ 3,5 t', description: 'Vehicule de transport marfă cu masa totală maximă autorizată de cel mult 3,5 t', prices: { '1d': 8.6, '10d': 11.5, '30d': 18.2, '60d': 28.8, '12m': 96 } },
    { code: 'C', label: 'C – Marfă, 3,5 t – 7,5 t', description: 'Transport marfă, MTMA peste 3,5 t și cel mult 7,5 t', prices: { '1d': 4, '7d': 16, '30d': 32, '12m': 320 } },
    { code: 'D', label: 'D – Marfă, 7,5 t – 12 t', description: 'Transport marfă, MTMA peste 7,5 t și sub 12 t', prices: { '1d': 7, '7d': 28, '30d': 56, '12m': 560 } },
    { code: 'E', label: 'E – Marfă, ≥ 12 t, max. 3 axe', description: 'Transport marfă, MTMA de cel puțin 12 t, cel mult 3 axe', prices: { '1d': 11, '7d': 44, '30d': 88, '12m': 880 } },
    { code: 'F', label: 'F – Marfă, ≥ 12 t, min. 4 axe', description: 'Transport marfă, MTMA de cel puțin 12 t, cel puțin 4 axe', prices: { '1d': 16, '7d': 64, '30d': 128, '12m': 1210 } },
    { code: 'G', label: 'G – Persoane, 9–23 locuri', description: 'Transport persoane, între 9 și 23 de locuri (inclusiv șoferul)', prices: { '1d': 4, '7d': 16, '30d': 32, '12m': 320 } },
    { code: 'H', label: 'H – Persoane, peste 23 de locuri', description: 'Transport persoane, peste 23 de locuri (inclusiv șoferul)', prices: { '1d': 7, '7d': 28, '30d': 56, '12m': 560 } },
  ],
};

/** Hungarian e-matrica (NÚSZ), prices in forint, 2025 tariff. */
export const HU_VIGNETTE_TARIFF: VignetteTariff & { source: string } = {
  source: 'NÚSZ (ematrica.nemzetiutdij.hu), tarife e-matrica 2025 (HUF)',
  currency: 'HUF',
  start_date: { min_days_ahead: 0, max_days_ahead: 30 },
  validities: [
    { code: '1d', label: '1 zi', days: 1 },
    { code: '10d', label: '10 zile', days: 10 },
    { code: 'month', label: 'O lună', months: 1 },
    { code: 'year', label: 'Anuală (națională)', calendar_year: true },
    { code: 'county_year', label: 'Anuală pe județ (megye)', calendar_year: true, per_county: true },
  ],
  categories: [
    { code: 'D1M', label: 'D1M – Motociclete', description: 'Motociclete', prices: { '10d': 2560, month: 5150, year: 28630, county_year: 3330 } },
    { code: 'D1', label: 'D1 – Autoturisme', description: 'Autoturisme de cel mult 3,5 t și cel mult 7 locuri (inclusiv șoferul)', prices: { '1d': 5150, '10d': 6400, month: 10360, year: 57260, county_year: 6660 } },
    { code: 'D2', label: 'D2 – Autoutilitare și microbuze', description: 'Vehicule de cel mult 3,5 t care nu intră în D1 (autoutilitare, peste 7 locuri)', prices: { '10d': 12800, month: 14610, year: 81150, county_year: 13320 } },
    { code: 'U', label: 'U – Remorci', description: 'Remorca unui vehicul D1 sau D2', prices: { '10d': 6400, month: 10360, year: 57260, county_year: 6660 } },
    { code: 'B2', label: 'B2 – Autobuze', description: 'Autobuze', prices: { '10d': 28970, month: 48960, year: 535280, county_year: 46780 } },
  ],
  counties: [
    ['BACS', 'Bács-Kiskun'], ['BARANYA', 'Baranya'], ['BEKES', 'Békés'], ['BORSOD', 'Borsod-Abaúj-Zemplén'],
    ['CSONGRAD', 'Csongrád-Csanád'], ['FEJER', 'Fejér'], ['GYOR', 'Győr-Moson-Sopron'], ['HAJDU', 'Hajdú-Bihar'],
    ['HEVES', 'Heves'], ['JASZ', 'Jász-Nagykun-Szolnok'], ['KOMAROM', 'Komárom-Esztergom'], ['NOGRAD', 'Nógrád'],
    ['PEST', 'Pest'], ['SOMOGY', 'Somogy'], ['SZABOLCS', 'Szabolcs-Szatmár-Bereg'], ['TOLNA', 'Tolna'], ['VAS', 'Vas'],
    ['VESZPREM', 'Veszprém'], ['ZALA', 'Zala'],
  ].map(([code, label]) => ({ code, label })),
};

/** Lei per unit of each currency, one rate per month (reference data; the month of purchase applies). */
export const EXCHANGE_RATES: { month: string; currency: 'EUR' | 'HUF'; lei: number }[] = (() => {
  const rows: { month: string; currency: 'EUR' | 'HUF'; lei: number }[] = [];
  const eur = [4.9748, 4.9771, 4.9767, 4.9776, 5.0253, 5.0375, 5.0746, 5.0753, 5.0766, 5.0807, 5.0860, 5.0890];
  const huf = [0.01205, 0.01213, 0.01236, 0.01239, 0.01251, 0.01262, 0.01271, 0.01283, 0.01291, 0.01302, 0.01308, 0.01312];
  for (const year of [2025, 2026, 2027]) {
    for (let m = 0; m < 12; m++) {
      const month = `${year}-${String(m + 1).padStart(2, '0')}`;
      // Reference figures near the 2025 monthly averages (not official); later months repeat December's level.
      const i = year === 2025 ? m : 11;
      rows.push({ month, currency: 'EUR', lei: eur[i] }, { month, currency: 'HUF', lei: huf[i] });
    }
  }
  return rows;
})();

export const VIGNETTE_PRODUCTS = [
  {
    code: 'ro-vignette',
    name: 'Rovinietă',
    description: 'Rovinieta electronică pentru drumurile naționale din România, legată de numărul de înmatriculare.',
    status_flag: 'is_ro_vignette_available',
    policy_prefix: 'ROV',
    issuer: 'cnair',
    tariff: RO_VIGNETTE_TARIFF,
  },
  {
    code: 'hu-vignette',
    name: 'Vignetă Ungaria (e-matrica)',
    description: 'Vigneta electronică pentru autostrăzile din Ungaria, legată de numărul de înmatriculare.',
    status_flag: 'is_hu_vignette_available',
    policy_prefix: 'HUV',
    issuer: 'nusz',
    tariff: HU_VIGNETTE_TARIFF,
  },
] as const;
