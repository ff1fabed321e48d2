import { Accordion } from '@/components/ui/accordion';
import { categoryAnchor, type FaqCategory } from '@/lib/api/content';
import { FaqHashOpener } from './faq-hash-opener';

/**
 * The FAQ grouped by category. Every question is a native <details> whose id is the question's slug,
 * so `/faq#<slug>` links to its answer (FaqHashOpener opens it, also on client-side navigation).
 */
export function FaqList({ faq }: { faq: FaqCategory[] }) {
  return (
    <div className="space-y-10">
      <nav aria-label="Categorii de întrebări">
        <ul className="flex flex-wrap gap-2">
          {faq.map((c) => (
            <li key={c.category}>
              <a
                href={`#${categoryAnchor(c.category)}`}
                className="inline-block rounded-full border border-border bg-surface px-4 py-1.5 text-sm font-medium hover:border-primary"
              >
                {c.category}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {faq.map((c) => (
        <section key={c.category} aria-labelledby={categoryAnchor(c.category)}>
          <h2 id={categoryAnchor(c.category)} className="mb-4 text-2xl font-bold text-primary">
            {c.category}
          </h2>
          <Accordion
            items={c.questions.map((q) => ({
              id: q.id,
              title: q.question,
              content: <p className="whitespace-pre-line">{q.answer}</p>,
            }))}
          />
        </section>
      ))}
      <FaqHashOpener />
    </div>
  );
}
