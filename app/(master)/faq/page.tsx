import type { Metadata } from 'next';
import { Accordion } from '@/components/ui/accordion';
import { Container } from '@/components/ui/container';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Întrebări frecvente',
  description: 'Răspunsuri despre asigurarea RCA, de călătorie, de locuință și despre plata online.',
};

const questions = [
  {
    id: 'cand-incepe-rca',
    title: 'De când este valabilă polița RCA cumpărată online?',
    content:
      'Cel mai devreme din ziua următoare plății. Dacă reînnoiești o poliță, o poți cumpăra cu cel mult 30 de zile înainte să expire cea veche.',
  },
  {
    id: 'dovada-rca',
    title: 'Trebuie să am polița RCA tipărită?',
    content: 'Nu. Polița afișată pe telefon este o dovadă valabilă la un control în trafic.',
  },
  {
    id: 'plata-online',
    title: 'Cum plătesc?',
    content:
      'Cu cardul, pe pagina securizată a procesatorului de plăți. Comanda este considerată plătită numai după ce procesatorul confirmă plata.',
  },
  {
    id: 'pad-facultativa',
    title: 'Pot încheia o asigurare facultativă de locuință fără PAD?',
    content: 'Nu. Legea cere o poliță PAD valabilă înainte de orice asigurare facultativă a locuinței.',
  },
];

export default function FaqPage() {
  return (
    <Container className="py-10 sm:py-14">
      <PageHeader title="Întrebări frecvente">
        <p>Răspunsurile la întrebările pe care ni le pun cel mai des clienții despre polițe, plată și cont.</p>
      </PageHeader>
      <Accordion items={questions} className="max-w-3xl" />
    </Container>
  );
}
