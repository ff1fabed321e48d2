import Link from 'next/link';
import type { FaqCategory } from '@/lib/api/content';

/** A few questions from the FAQ, each linking to its answer on /faq. */
export function FaqTeaser({ faq, count = 4 }: { faq: FaqCategory[]; count?: number }) {
  const questions = faq.flatMap((c) => c.questions).slice(0, count);
  return (
    <section aria-labelledby="faq-teaser-titlu" className="py-12">
      <h2 id="faq-teaser-titlu" className="text-2xl font-bold text-primary sm:text-3xl">
        Întrebări frecvente
      </h2>
      {questions.length > 0 ? (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2">
          {questions.map((q) => (
            <li key={q.id}>
              <Link
                href={`/faq#${q.id}`}
                className="block rounded-lg border border-border bg-surface px-4 py-3 font-medium hover:border-primary"
              >
                {q.question}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="mt-6">
        <Link href="/faq" className="font-semibold text-primary underline underline-offset-4">
          Toate întrebările frecvente
        </Link>
      </p>
    </section>
  );
}
