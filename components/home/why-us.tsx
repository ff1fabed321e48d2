import { Reveal } from '@/components/motion/reveal';
import { Container } from '@/components/ui/container';
import { productIcons } from '@/themes';

const reasons = [
  {
    icon: productIcons.world,
    title: 'Oferte de la mai mulți asigurători',
    text: 'Vedeți prețurile unul lângă altul și alegeți acoperirea potrivită, fără drumuri și fără telefoane.',
  },
  {
    icon: productIcons.family,
    title: 'Consultanță de la un broker autorizat',
    text: 'Suntem înregistrați la ASF și vă ajutăm și după cumpărare, inclusiv la deschiderea unei daune.',
  },
  {
    icon: productIcons.household,
    title: 'Polița pe email, în câteva minute',
    text: 'Plătiți cu cardul printr-un procesator de plăți autorizat, iar polița ajunge imediat în contul dumneavoastră.',
  },
] as const;

export function WhyUs() {
  return (
    <section id="de-ce-noi" aria-labelledby="de-ce-noi-title" className="bg-surface py-12 sm:py-16">
      <Container>
        <h2 id="de-ce-noi-title" className="text-2xl font-bold text-primary sm:text-3xl">
          De ce să cumpărați prin noi
        </h2>
        <ul className="mt-8 grid gap-8 md:grid-cols-3">
          {reasons.map((reason, index) => (
            <Reveal as="li" key={reason.title} delay={index * 80} className="flex gap-4">
              {/* eslint-disable-next-line @next/next/no-img-element -- small SVG icon */}
              <img src={reason.icon} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0" />
              <div>
                <h3 className="text-lg font-semibold">{reason.title}</h3>
                <p className="mt-1 text-muted">{reason.text}</p>
              </div>
            </Reveal>
          ))}
        </ul>
      </Container>
    </section>
  );
}
