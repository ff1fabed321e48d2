/* The text of a policy document: the parties and the insured object's data per product, in Romanian. */
import { formatDay } from '../../../contract/format-day';
import { FUEL_LABELS, VEHICLE_CATEGORY_LABELS } from '../../../contract/products/rca-values';
import { TRAVEL_PURPOSE_LABELS, TRAVEL_ZONE_LABELS } from '../../../contract/products/travel-values';
import { formatWholeLei, formatWholeNumber } from '../../../contract/money';

export type Party = { label: string; lines: string[] };
export type Section = { title: string; rows: [string, string][] };


const VEHICLE_CATEGORIES: Record<string, string> = VEHICLE_CATEGORY_LABELS;
/** The document names LPG as the dual-fuel setup it is. */
const FUELS: Record<string, string> = { ...FUEL_LABELS, lpg: 'Benzină + GPL' };
const USE_TYPES: Record<string, string> = { personal: 'Personală', taxi: 'Taxi', rent: 'Închiriere', courier: 'Curierat' };
const ZONES: Record<string, string> = TRAVEL_ZONE_LABELS;
const PURPOSES: Record<string, string> = TRAVEL_PURPOSE_LABELS;
const RIMS: Record<string, string> = { r13_r16: 'R13–R16', r17_r19: 'R17–R19', r20_plus: 'R20+' };
const yesNo = (b: unknown) => (b ? 'Da' : 'Nu');
const num = (n: unknown) => (typeof n === 'number' && Number.isInteger(n) ? formatWholeNumber(n) : String(n ?? ''));

export interface Customer {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  cnp?: string | null;
  cui?: string | null;
  company_name?: string | null;
  address?: { county: string; town: string; street: string; postal_code?: string | null } | null;
}

/* eslint-disable @typescript-eslint/no-explicit-any */
type RcaParty = { type: 'person'; cnp: string; first_name?: string; last_name?: string } | { type: 'company'; cui: string; name?: string | null };

function partyLine(p: RcaParty, buyer: Customer): string {
  if (p.type === 'company') return `${p.name ?? ''}, CUI: ${p.cui}`;
  const name = p.first_name ? `${p.first_name} ${p.last_name ?? ''}`.trim() : buyer.cnp === p.cnp ? `${buyer.first_name} ${buyer.last_name}` : null;
  return name ? `${name}, CNP: ${p.cnp}` : `CNP: ${p.cnp}`;
}

/** The buyer (contractant): the company for a company buyer, with its contact person; else the person. */
export function buyerParty(c: Customer): Party {
  const lines =
    c.cui && c.company_name
      ? [`${c.company_name}, CUI: ${c.cui}`, `Persoană de contact: ${c.first_name} ${c.last_name}`]
      : [c.cnp ? `${c.first_name} ${c.last_name}, CNP: ${c.cnp}` : `${c.first_name} ${c.last_name}`];
  if (c.address) lines.push(`${c.address.street}, ${c.address.town}, jud. ${c.address.county}${c.address.postal_code ? `, ${c.address.postal_code}` : ''}`);
  lines.push(`${c.email}, ${c.phone_number}`);
  return { label: 'Contractant', lines };
}

/** Parties and object sections of a policy, from its quote input, offer and buyer. */
export function policyContent(productCode: string, input: any, offer: { bonus_malus_class?: string | null; direct_settlement?: boolean } | undefined, buyer: Customer): {
  parties: Party[];
  sections: Section[];
} {
  const parties = [buyerParty(buyer)];
  switch (productCode) {
    case 'ro-vignette':
    case 'hu-vignette':
      // The proof of a vignette lists plate, category and validity itself (renderPolicyPdf's `vignette`).
      return { parties: [{ ...parties[0], label: 'Cumpărător' }], sections: [] };
    case 'rca': {
      const v = input.vehicle ?? {};
      const owner = partyLine(input.owner, buyer);
      parties.push({ label: 'Asigurat (proprietar)', lines: [owner] });
      parties.push({ label: 'Utilizator', lines: [input.user ? partyLine(input.user, buyer) : 'Același cu proprietarul'] });
      const motorised = v.category !== 'trailer';
      const rows: [string, string][] = [
        ['Număr de înmatriculare', input.registration_plate],
        ['Serie șasiu (VIN)', input.vin],
        ['Marcă / model', `${v.make} ${v.model}`],
        ['Categorie', VEHICLE_CATEGORIES[v.category] ?? v.category],
        ['Combustibil', FUELS[v.fuel] ?? v.fuel],
        ['An fabricație', String(v.year)],
      ];
      if (motorised && v.fuel !== 'electric') rows.push(['Capacitate cilindrică', `${num(v.engine_cc)} cm³`]);
      if (motorised) rows.push(['Putere', `${num(v.power_kw)} kW`]);
      rows.push(['Masă maximă autorizată', `${num(v.max_mass_kg)} kg`]);
      if (motorised) rows.push(['Număr de locuri', String(v.seats)]);
      rows.push(['Utilizare', USE_TYPES[v.use_type] ?? v.use_type]);
      rows.push(['Clasă bonus-malus', offer?.bonus_malus_class ?? 'B0']);
      rows.push(['Decontare directă', yesNo(offer?.direct_settlement)]);
      return { parties, sections: [{ title: 'Vehiculul asigurat', rows }] };
    }
    case 'travel': {
      const travellers = (input.travellers ?? []) as { birth_date: string }[];
      const o = input.options ?? {};
      const options = [o.winter_sports && 'sporturi de iarnă', o.summer_sports && 'sporturi de vară', o.road_assistance && 'asistență rutieră',
        o.cancellation_insured_value_eur && `anularea călătoriei (${num(o.cancellation_insured_value_eur)} EUR)`].filter(Boolean);
      // The insured are the travellers (by birth date: the quote asks no names), whoever the contractant is.
      parties.push({ label: 'Asigurați', lines: [`${travellers.length === 1 ? 'Călătorul' : `Cei ${travellers.length} călători`} din secțiunea Călătoria`] });
      return {
        parties,
        sections: [{
          title: 'Călătoria',
          rows: [
            ['Zonă', ZONES[input.zone] ?? input.zone],
            ['Destinație', input.destination],
            ['Scop', PURPOSES[input.purpose] ?? input.purpose],
            ['Tip', input.trip_type === 'multi' ? 'Multi-călătorie (1 an)' : 'O călătorie'],
            ['Călători', travellers.map((t, i) => `${i + 1}. născut(ă) la ${formatDay(t.birth_date)}`).join('; ')],
            ['Opțiuni', options.length ? options.join(', ') : 'fără'],
          ],
        }],
      };
    }
    case 'house-insurance': {
      const a = input.address ?? {};
      const rows: [string, string][] = [
        ['Adresa', `${a.street}, ${a.town}, jud. ${a.county}`],
        ['Mediu', input.environment === 'rural' ? 'Rural' : 'Urban'],
        ['Structura', input.structure === 'A' ? 'Tip A – beton armat, cărămidă, piatră' : 'Tip B – alte materiale'],
        ['An construcție', String(input.year_built)],
        ['Suprafață', `${num(input.area_sqm)} m²`],
        ['Camere / etaje', `${input.rooms} / ${input.floors}`],
      ];
      if (input.voluntary) {
        const vo = input.voluntary;
        const opts = [vo.options?.theft && 'furt', vo.options?.liability && 'răspundere civilă', vo.options?.pipes && 'conducte', vo.options?.electrical && 'fenomene electrice'].filter(Boolean);
        rows.push(['Asigurare facultativă: clădire', formatWholeLei(vo.building_sum_lei)]);
        rows.push(['Asigurare facultativă: bunuri', formatWholeLei(vo.contents_sum_lei)]);
        rows.push(['Opțiuni', opts.length ? opts.join(', ') : 'fără']);
        rows.push(['Rate', String(vo.instalments ?? 1)]);
      }
      parties.push({ label: 'Asigurat', lines: ['Același cu contractantul'] });
      return { parties, sections: [{ title: 'Locuința asigurată', rows }] };
    }
    default:
      parties.push({ label: 'Asigurat', lines: ['Același cu contractantul'] });
      return {
        parties,
        sections: [{
          title: 'Anvelopele asigurate',
          rows: [
            ['Anvelope', `${input.tire_count} × ${input.brand}`],
            ['Tip', input.tire_type === 'run_flat' ? 'Run-flat' : 'Standard'],
            ['Dimensiune jantă', RIMS[input.rim_band] ?? input.rim_band],
            ['Data cumpărării', formatDay(input.purchase_date)],
            ...(input.invoice_number ? ([['Factura', input.invoice_number]] as [string, string][]) : []),
          ],
        }],
      };
  }
}
/* eslint-enable @typescript-eslint/no-explicit-any */
