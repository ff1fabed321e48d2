import { PageHeader } from '@/components/ui';
import type { InfoPage } from '@/lib/api/content';
import { formatDate } from '@/lib/time';
import { BrokerIdentityCard } from './broker-identity-card';

/**
 * A content page from the backend (terms, privacy, cookies, ANPC/SAL, about). `body_html` is the broker's own
 * trusted seed content. The broker's identity and the dispute-resolution links close every page.
 */
export function InfoPageBody({ page }: { page: InfoPage }) {
  return (
    <article>
      <PageHeader title={page.title}>
        <p className="text-base">Actualizat la {formatDate(page.updated_at)}</p>
      </PageHeader>
      <div
        className="info-body max-w-3xl space-y-4 [&_a]:text-primary [&_a]:underline [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:text-primary [&_li]:ml-6 [&_ul]:list-disc"
        dangerouslySetInnerHTML={{ __html: page.body_html }}
      />
      <BrokerIdentityCard className="mt-12 max-w-3xl" />
    </article>
  );
}
