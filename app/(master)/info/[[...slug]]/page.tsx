import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { BrokerIdentityCard } from '@/components/content/broker-identity-card';
import { InfoPageBody } from '@/components/content/info-page-body';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { brokerIdentity, infoLinks } from '@/contract/broker-identity';
import { getInfoPage, listInfoPages } from '@/lib/content/info-pages';

type Props = { params: Promise<{ slug?: string[] }> };

async function slugOf(params: Props['params']): Promise<string | null> {
  const segments = (await params).slug ?? [];
  if (segments.length > 1) notFound();
  return segments[0] ?? null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const slug = await slugOf(params);
  if (!slug) {
    return { title: 'Informații', description: 'Informații legale despre broker, termeni, confidențialitate și cookie-uri.' };
  }
  const page = await getInfoPage(slug);
  if (!page) notFound();
  return { title: page.title, description: `${page.title}: ${brokerIdentity.legalName}.` };
}

/** `/info/:slug?`: the content pages served by the backend, or their index with the broker's legal details. */
export default async function InfoPage({ params }: Props) {
  const slug = await slugOf(params);
  if (slug) {
    const page = await getInfoPage(slug);
    if (!page) notFound();
    return (
      <Container className="py-10 sm:py-14">
        <InfoPageBody page={page} />
      </Container>
    );
  }

  const pages = (await listInfoPages()) ?? infoLinks.map((l) => ({ slug: l.slug, title: l.label }));
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Informații">
        <p>Informațiile legale despre noi și despre felul în care lucrăm cu datele și polițele dumneavoastră.</p>
      </PageHeader>
      <ul className="grid max-w-3xl gap-2">
        {pages.map((p) => (
          <li key={p.slug}>
            <Link className="text-primary underline" href={`/info/${p.slug}`}>
              {p.title}
            </Link>
          </li>
        ))}
      </ul>
      <BrokerIdentityCard className="mt-10 max-w-3xl" />
    </Container>
  );
}
