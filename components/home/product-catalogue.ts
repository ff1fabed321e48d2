import type { ProductStatus } from '@/contract/types';
import { productIcons } from '@/themes';
import { productAvailable, vignetteAvailable, type HomeProductCode, type VignetteCode } from './product-availability';

/**
 * The products of the home page and whether each can be started (product-availability.ts). Server-rendered:
 * the texts stay out of the page's JavaScript; client leaves follow the statuses live.
 */
export type HomeProduct = {
  code: HomeProductCode;
  icon: string;
  title: string;
  summary: string;
  points: string[];
  href: string;
  cta: string;
  available: boolean;
};

export type VignetteFlag = { code: VignetteCode; title: string; detail: string; href: string; available: boolean };

const PRODUCTS: Omit<HomeProduct, 'available'>[] = [
  {
    code: 'rca',
    icon: productIcons.rca,
    title: 'Asigurare RCA',
    summary: 'Comparați ofertele asigurătorilor pentru mașina dumneavoastră, cu sau fără decontare directă.',
    points: ['Datele vehiculului completate după număr și VIN', 'Clasa bonus-malus afișată', 'Perioade de la 1 la 12 luni'],
    href: '/rca',
    cta: 'Calculați RCA',
  },
  {
    code: 'travel',
    icon: productIcons.travel,
    title: 'Asigurare de călătorie',
    summary: 'Cheltuieli medicale în străinătate, repatriere, sporturi de iarnă și anularea călătoriei.',
    points: ['Europa sau toată lumea', 'Până la 7 călători pe o poliță', 'Pachete de la 10.000 la 100.000 EUR'],
    href: '/travel',
    cta: 'Calculați călătoria',
  },
  {
    code: 'house',
    icon: productIcons.house,
    title: 'Asigurare de locuință',
    summary: 'Polița PAD obligatorie și, dacă doriți, o asigurare facultativă pentru clădire și bunuri.',
    points: ['PAD de la 50 de lei pe an', 'Furt, răspundere civilă, instalații', 'Plata în până la 4 rate'],
    href: '/house',
    cta: 'Calculați locuința',
  },
  {
    code: 'tire',
    icon: productIcons.auto,
    title: 'Asigurare de anvelope',
    summary: 'Înlocuirea sau repararea anvelopelor avariate accidental, pentru 1–3 ani.',
    points: ['Anvelope standard sau run-flat', 'Între 2 și 4 anvelope', 'Garanția Michelin TireSecure+'],
    href: '/tire',
    cta: 'Calculați anvelopele',
  },
];

export function homeProducts(statuses: ProductStatus | null): HomeProduct[] {
  return PRODUCTS.map((p) => ({ ...p, available: productAvailable(statuses, p.code) }));
}

export function vignetteFlags(statuses: ProductStatus | null): VignetteFlag[] {
  return [
    {
      code: 'ro',
      title: 'Rovinieta România',
      detail: 'Pentru drumurile naționale din România.',
      href: '/rovinieta',
      available: vignetteAvailable(statuses, 'ro'),
    },
    {
      code: 'hu',
      title: 'Vigneta Ungaria (e-matrica)',
      detail: 'Pentru autostrăzile din Ungaria.',
      href: '/vigneta-ungaria',
      available: vignetteAvailable(statuses, 'hu'),
    },
  ];
}
