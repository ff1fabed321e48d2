import Link from 'next/link';
import { brokerIdentity } from '@/contract/broker-identity';

/** Minimal layout footer: one line with the broker's identity and the legal pages. */
export function MinimalFooter() {
  const b = brokerIdentity;
  return (
    <footer className="mt-auto border-t border-border bg-surface">
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-2 px-4 py-4 text-sm text-muted sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} {b.legalName} · ASF {b.asfCode} · CUI {b.cui}
        </p>
        <p className="flex gap-4">
          <Link href="/info/termeni-si-conditii" className="underline">
            Termeni și condiții
          </Link>
          <Link href="/info/confidentialitate" className="underline">
            Confidențialitate
          </Link>
        </p>
      </div>
    </footer>
  );
}
