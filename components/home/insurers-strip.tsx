import type { Insurer } from '@/contract/types';

/** The insurers whose offers are compared. Renders nothing when the list could not be read. */
export function InsurersStrip({ insurers }: { insurers: Insurer[] }) {
  if (insurers.length === 0) return null;
  return (
    <section aria-labelledby="asiguratori-titlu" className="py-12">
      <h2 id="asiguratori-titlu" className="text-2xl font-bold text-primary sm:text-3xl">
        Asigurători parteneri
      </h2>
      <ul className="mt-6 flex flex-wrap gap-3">
        {insurers.map((insurer) => (
          <li key={insurer.code} className="rounded-lg border border-border bg-surface px-4 py-2 font-semibold">
            {insurer.name}
          </li>
        ))}
      </ul>
    </section>
  );
}
