import Link from 'next/link';

type Props = { email: string; onUseAnotherEmail: () => void };

/** Shown when the email belongs to a deleted account: no sign-in, a way to reach the broker instead. */
export function DeletedAccountNotice({ email, onUseAnotherEmail }: Props) {
  return (
    <div role="alert" className="flex flex-col gap-4 rounded-md border border-warning bg-warning-surface p-4">
      <p className="font-semibold">Contul asociat adresei {email} a fost șters.</p>
      <p className="text-sm">
        Nu vă mai puteți autentifica cu această adresă. Dacă doriți să reactivați contul sau aveți întrebări despre
        datele dumneavoastră, contactați-ne.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link href="/contact-us" className="btn btn-primary">
          Contactați-ne
        </Link>
        <button type="button" className="btn btn-ghost" onClick={onUseAnotherEmail}>
          Folosiți altă adresă
        </button>
      </div>
    </div>
  );
}
