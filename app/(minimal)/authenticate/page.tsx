import type { Metadata } from 'next';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = {
  title: 'Autentificare',
  description: 'Intră în contul tău sau creează un cont nou pentru a-ți vedea polițele și comenzile.',
};

export default function AuthenticatePage() {
  return (
    <>
      <PageHeader title="Intră în cont">
        <p>Autentifică-te cu adresa de email și parola sau cu contul Google. Dacă nu ai încă un cont, îl poți crea aici.</p>
      </PageHeader>

    </>
  );
}
