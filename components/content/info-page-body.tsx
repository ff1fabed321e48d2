import { PageHeader } from '@/components/ui/page-header';
import type { InfoPage } from '@/lib/content/info-pages';
import { formatDate } from '@/lib/time';
import { BrokerIdentityCard } from './broker-identity-card';

/**
 * A content page from the backend (terms, privacy, cookies, ANPC/SAL, about). `body_html` is inserted as HTML, so
 * it is typed `SanitizedHtml`: only what getInfoPage (lib/content/info-pages.ts) reduced to the allow-list on the
 * server. The broker's identity and the dispute-resolution links close every page.
 */
export function InfoPageBody({ page }: { page: InfoPage }) {
  return (
    <article>
      <PageHeader title={page.title}>
        <p className="text-base">Actualizat la {formatDate(page.updated_at)}</p>
      </PageHeader>
      <div
        className="prose-content max-w-3xl"
        dangerouslySetInnerHTML={{ __html: page.body_html }}
      />
      <BrokerIdentityCard className="mt-12 max-w-3xl" />
    </article>
  );
}
