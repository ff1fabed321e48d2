import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { brokerIdentity, infoLinks } from '@/lib/broker-identity';
import { getInfoPage, listInfoPages } from '@/lib/content/info-pages';
import { formatDate } from '@/lib/time';

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
        <PageHeader title={page.title}>
          <p className="text-base">Actualizat la {formatDate(page.updated_at)}</p>
        </PageHeader>
        {/* Trusted content of the broker's own CMS (backend seed), not user input. */}
        <div className="prose-content max-w-3xl" dangerouslySetInnerHTML={{ __html: page.body_html }} />
      </Container>
    );
  }

  const pages = (await listInfoPages()) ?? infoLinks.map((l) => ({ slug: l.slug, title: l.label }));
  const b = brokerIdentity;
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Informații">
        <p>Informațiile legale despre noi și despre felul în care lucrăm cu datele și polițele tale.</p>
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
      <section aria-labelledby="date-broker" className="mt-10 max-w-3xl">
        <h2 id="date-broker" className="text-xl font-semibold">
          Date de identificare
        </h2>
        <p className="mt-3 text-muted">
          {b.legalName}, broker de asigurare înregistrat în Registrul ASF cu nr. {b.asfCode}, CUI {b.cui}, Nr. Reg. Com.{' '}
          {b.tradeRegister}, cu sediul în {b.address}. {b.commissionStatement}
        </p>
      </section>
    </Container>
  );
}
