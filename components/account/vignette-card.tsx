import Link from 'next/link';
import { DocumentDownloadLink } from '@/components/account/document-download-link';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { policyDocumentUrl, type Policy } from '@/lib/api/policies';
import { formatLeiFromBani } from '@/contract/money';
import { renewalHref } from '@/contract/renewal';
import { formatDay } from '@/contract/format-day';
import type { DateLocaleCode } from '@/contract/locales';
import { validityState, validityStateLabel, type ValidityState } from '@/contract/vignette-rules';

const STATE_TONE: Record<ValidityState['kind'], string> = {
  upcoming: 'bg-info-surface text-info',
  valid: 'bg-success-surface text-success',
  expiring: 'bg-warning-surface text-warning',
  expired: 'bg-border/60 text-muted',
};

/** File name offered for a vignette's proof of purchase (the backend's mail attaches the same). */
function vignetteDocumentFileName(series: string): string {
  return `vigneta-${series.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/** One vignette: series, vehicle, category, validity and its state today (Europe/Bucharest), the PDF proof. */
export function VignetteCard({ vignette, today, dateLocale = 'ro' }: { vignette: Policy; today: string; dateLocale?: DateLocaleCode }) {
  const headingId = `vigneta-${vignette.id}`;
  const state = validityState(vignette.starts_on, vignette.ends_on, today);
  const label = validityStateLabel(state);
  // Ending within 30 days or ended: the same vehicle and choices, bought again from the product page.
  const again = state.kind === 'expiring' || state.kind === 'expired' ? renewalHref(vignette) : null;
  const category = typeof vignette.input.category === 'string' ? vignette.input.category : null;
  return (
    <Card as="li" aria-labelledby={headingId} data-vignette-id={vignette.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-semibold">
            {vignette.product_name} · {vignette.insured_object}
          </h3>
          <p className="text-sm text-muted">
            Seria {vignette.number} · {vignette.insurer.name}
          </p>
        </div>
        <span className={cx('rounded-full px-3 py-1 text-sm font-semibold', STATE_TONE[state.kind])} data-testid="vignette-state">
          {label.charAt(0).toUpperCase() + label.slice(1)}
        </span>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {category ? (
          <div>
            <dt className="text-muted">Categoria</dt>
            <dd>{category}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-muted">Perioada</dt>
          <dd>{vignette.package_name}</dd>
        </div>
        <div>
          <dt className="text-muted">Valabilă</dt>
          <dd>
            {formatDay(vignette.starts_on, dateLocale)} – {formatDay(vignette.ends_on, dateLocale)}
          </dd>
        </div>
        <div>
          <dt className="text-muted">Preț plătit</dt>
          <dd className="font-semibold">{formatLeiFromBani(vignette.amount_bani)}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap gap-3">
        <DocumentDownloadLink
          href={policyDocumentUrl(vignette)}
          fileName={vignetteDocumentFileName(vignette.number)}
          className="btn btn-secondary btn-sm"
          aria-describedby={headingId}
        >
          Descărcați dovada (PDF)
        </DocumentDownloadLink>
        {again ? (
          <Link href={again} className="btn btn-primary btn-sm" aria-describedby={headingId}>
            Cumpărați din nou
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
