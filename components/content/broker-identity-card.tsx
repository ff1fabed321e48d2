import { Card } from '@/components/ui/card';
import { brokerIdentity } from '@/contract/broker-identity';

/** The broker's legal identity and the dispute-resolution bodies (ANPC SAL, SAL-FIN). */
export function BrokerIdentityCard({ className }: { className?: string }) {
  const b = brokerIdentity;
  return (
    <Card as="section" aria-labelledby="identitate-broker" className={className}>
      <h2 id="identitate-broker" className="text-lg font-bold text-primary">
        Date de identificare
      </h2>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Denumire</dt>
        <dd>{b.legalName}</dd>
        <dt className="font-semibold">Registrul ASF</dt>
        <dd>{b.asfCode}</dd>
        <dt className="font-semibold">CUI</dt>
        <dd>{b.cui}</dd>
        <dt className="font-semibold">Registrul Comerțului</dt>
        <dd>{b.tradeRegister}</dd>
        <dt className="font-semibold">Sediu</dt>
        <dd>{b.address}</dd>
        <dt className="font-semibold">Contact</dt>
        <dd>
          <a href={`mailto:${b.email}`} className="underline">
            {b.email}
          </a>
          , <a href={b.phoneHref} className="underline">{b.phone}</a>
        </dd>
      </dl>
      <p className="mt-4 text-sm text-muted">{b.commissionStatement}</p>
      <p className="mt-2 text-sm">
        Soluționarea alternativă a litigiilor:{' '}
        <a href={b.anpcSalUrl} rel="noopener" className="underline">
          ANPC – SAL
        </a>{' '}
        și{' '}
        <a href={b.salFinUrl} rel="noopener" className="underline">
          SAL-FIN
        </a>
        .
      </p>
    </Card>
  );
}
