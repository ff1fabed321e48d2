import type { Metadata } from 'next';
import { HomeHero } from '@/components/home/home-hero';
import { ProductCards } from '@/components/home/product-cards';
import { WhyUs } from '@/components/home/why-us';
import { getRequestTheme } from '@/themes/request-theme';

export const metadata: Metadata = {
  title: { absolute: 'Broker Online: asigurări RCA, călătorie, locuință și anvelope' },
  description:
    'Compară și cumpără online asigurarea RCA, de călătorie, de locuință sau pentru anvelope. Broker de asigurare autorizat ASF.',
};

export default async function HomePage() {
  const theme = await getRequestTheme();
  return (
    <>
      <HomeHero theme={theme} />
      <ProductCards />
      <WhyUs />
    </>
  );
}
