import type { Metadata } from 'next';
import { FaqTeaser } from '@/components/home/faq-teaser';
import { HomeHero } from '@/components/home/home-hero';
import { InsurersStrip } from '@/components/home/insurers-strip';
import { ProductCards } from '@/components/home/product-cards';
import { WhyUs } from '@/components/home/why-us';
import { Container } from '@/components/ui/container';
import { getFaqOrEmpty, getInsurers, getProductStatuses } from '@/lib/api/content-server';
import { getRequestTheme } from '@/themes/request-theme';

export const metadata: Metadata = {
  title: { absolute: 'Broker Online: asigurări RCA, călătorie, locuință și anvelope' },
  description:
    'Comparați și cumpărați online asigurarea RCA, de călătorie, de locuință sau pentru anvelope. Broker de asigurare autorizat ASF.',
};

export default async function HomePage() {
  const [theme, statuses, insurers, faq] = await Promise.all([
    getRequestTheme(),
    getProductStatuses(),
    getInsurers(),
    getFaqOrEmpty(),
  ]);
  return (
    <>
      <HomeHero theme={theme} />
      <ProductCards statuses={statuses} />
      <WhyUs />
      <Container>
        <InsurersStrip insurers={insurers} />
        <FaqTeaser faq={faq} />
      </Container>
    </>
  );
}
