import Link from 'next/link';
import { DocumentDownloadLink } from '@/components/account/document-download-link';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { formatLeiFromBani } from '@/contract/money';
import { policyDocumentFileName, policyDocumentUrl, type Policy } from '@/lib/api/policies';
import { expiryLabel, type PolicyState } from '@/lib/policies/group';
import { renewalHref } from '@/contract/renewal';
import { formatDay } from '@/contract/format-day';
import type { DateLocaleCode } from '@/contract/locales';

const STATE_LABEL: Record<Exclude<PolicyState, 'upcoming'>, string> = {
  active: 'Activă',
  expiring: 'Expiră în curând',
  expired: 'Expirată',
};
const STATE_TONE: Record<Exclude<PolicyState, 'upcoming'>, string> = {
  active: 'bg-success-surface text-success',
  expiring: 'bg-warning-surface text-warning',
  expired: 'bg-border/60 text-muted',
};

/** One policy: what it covers, its period, the PDF and, when it ends soon or has ended, a renewal. */
export function PolicyCard({
  policy,
  state,
  today,
  dateLocale = 'ro',
}: {
  policy: Policy;
  state: Exclude<PolicyState, 'upcoming'>;
  /** The calendar day in Europe/Bucharest, `YYYY-MM-DD`. */
  today: string;
  dateLocale?: DateLocaleCode;
}) {
  const headingId = `polita-${policy.id}`;
  const renew = state === 'active' ? null : renewalHref(policy);
  return (
    <Card as="li" aria-labelledby={headingId} data-policy-id={policy.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            {policy.product_name} · {policy.insured_object}
          </h3>
          <p className="text-sm text-muted">
            Polița {policy.number} · {policy.insurer.name} · {policy.package_name}
          </p>
        </div>
        <span className={cx('rounded-full px-3 py-1 text-sm font-semibold', STATE_TONE[state])}>{STATE_LABEL[state]}</span>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted">Valabilă</dt>
          <dd>
            {formatDay(policy.starts_on, dateLocale)} – {formatDay(policy.ends_on, dateLocale)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Primă</dt>
          <dd className="font-semibold">{formatLeiFromBani(policy.amount_bani)}</dd>
        </div>
        {state !== 'active' ? (
          <div>
            <dt className="text-muted">Termen</dt>
            <dd>{expiryLabel(policy.ends_on, today)}</dd>
          </div>
        ) : null}
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        <DocumentDownloadLink
          href={policyDocumentUrl(policy)}
          fileName={policyDocumentFileName(policy)}
          className="btn btn-secondary btn-sm"
          aria-describedby={headingId}
        >
          Descărcați polița (PDF)
        </DocumentDownloadLink>
        {renew ? (
          <Link href={renew} className="btn btn-primary btn-sm" aria-describedby={headingId}>
            Reînnoiți
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
