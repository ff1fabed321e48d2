import type { Metadata } from 'next';
import { ContactSection } from '@/components/content/contact-section';
import { CaptchaProvider } from '@/components/providers/captcha-provider';
import { Card } from '@/components/ui/card';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';
import { brokerIdentity } from '@/contract/broker-identity';

export const metadata: Metadata = {
  title: 'Contact',
  description: 'Scrieți-ne sau sunați-ne pentru întrebări despre oferte, polițe sau daune.',
};

export default function ContactPage() {
  const b = brokerIdentity;
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Contactați-ne">
        <p>Aveți o întrebare despre o ofertă, o poliță sau o daună? Scrieți-ne sau sunați-ne: vă răspundem în zilele lucrătoare.</p>
      </PageHeader>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="formular-contact">
        <h2 id="formular-contact" className="mb-4 text-xl font-semibold">
          Trimiteți-ne un mesaj
        </h2>
        <CaptchaProvider>
          <ContactSection />
        </CaptchaProvider>
      </section>
      <Card as="section" className="h-fit" aria-labelledby="date-contact">
        <h2 id="date-contact" className="text-xl font-semibold">
          Date de contact
        </h2>
        <dl className="mt-4 grid gap-3">
          <div>
            <dt className="text-sm text-muted">Telefon (luni–vineri, 9:00–18:00)</dt>
            <dd>
              <a className="text-primary underline" href={b.phoneHref}>
                {b.phone}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Email</dt>
            <dd>
              <a className="text-primary underline" href={`mailto:${b.email}`}>
                {b.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Adresă</dt>
            <dd>{b.address}</dd>
          </div>
        </dl>
      </Card>
      </div>
    </Container>
  );
}
