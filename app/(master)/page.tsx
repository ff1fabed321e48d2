import type { Metadata } from 'next';
import { FaqTeaser } from '@/components/home/faq-teaser';
import { HomeHero } from '@/components/home/home-hero';
import { InsurersStrip } from '@/components/home/insurers-strip';
import { ProductCards } from '@/components/home/product-cards';
import { WhyUs } from '@/components/home/why-us';
import { Container } from '@/components/ui/container';
import { getFaqOrEmpty, getInsurers, getProductStatuses } from '@/lib/api/content-server';
import { plateEntryErrors } from '@/lib/validation/plate-entry';
import { getRequestTheme } from '@/themes/request-theme';

export const metadata: Metadata = {
  title: { absolute: 'Broker Online: asigurări RCA, călătorie, locuință și anvelope' },
  description:
    'Comparați și cumpărați online asigurarea RCA, de călătorie, de locuință sau pentru anvelope. Broker de asigurare autorizat ASF.',
};

type Query = { registration_plate?: string | string[]; vin?: string | string[] };
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.slice(0, 40) ?? '';

/** The plate box sent back by /rca when it was refused without JavaScript: what was typed and why it was refused. */
function plateEntryOf(query: Query) {
  if (query.registration_plate === undefined) return undefined;
  const plate = one(query.registration_plate);
  const vin = one(query.vin);
  return { plate, vin, errors: plateEntryErrors(plate, vin) };
}

export default async function HomePage({ searchParams }: { searchParams: Promise<Query> }) {
  const [theme, statuses, insurers, faq, query] = await Promise.all([
    getRequestTheme(),
    getProductStatuses(),
    getInsurers(),
    getFaqOrEmpty(),
    searchParams,
  ]);
  return (
    <>
      <HomeHero theme={theme} plateEntry={plateEntryOf(query)} />
      <ProductCards statuses={statuses} />
      <WhyUs />
      <Container>
        <InsurersStrip insurers={insurers} />
        <FaqTeaser faq={faq} />
      </Container>
    </>
  );
}
