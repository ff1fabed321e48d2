import Link from 'next/link';
import { CookieConsentChoice } from '@/components/providers/cookie-consent-choice';

/** The banner's heading id (one banner per page). */
const TITLE_ID = 'cookie-banner-titlu';

/**
 * Cookie consent (SPEC §1, §7): "Acceptați toate" / "Doar esențiale". A non-modal region at the bottom: the last box
 * of the page, sticky to the bottom of the viewport, so it takes its own room in the layout from the first paint
 * (nothing stays hidden under it on phones, and nothing moves when the page hydrates).
 *
 * Server markup in every page (a guest's HTML stays the same for all guests), shown by CSS only while the pre-paint
 * script in <head> found no stored choice (`data-consent-pending` on <html>, see theme-script.ts and globals.css):
 * it is in the first paint and needs no JavaScript to show. Only the two buttons are client code
 * (cookie-consent-choice.tsx), which keeps the text out of every first visit's JavaScript (issue 17).
 *
 * It comes first in the document (first Tab stops) and is drawn last by CSS (`order`); while it is open the page's
 * scroll padding keeps focused elements clear of it.
 */
export function CookieConsentBanner() {
  return (
    <section
      aria-labelledby={TITLE_ID}
      data-cookie-banner=""
      className="sticky bottom-0 z-50 border-t border-border bg-surface shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-6">
        <div className="text-sm">
          <h2 id={TITLE_ID} className="font-semibold">
            Folosim cookie-uri
          </h2>
          <p>
            Cookie-urile esențiale țin site-ul funcțional. Cu acordul dumneavoastră folosim și cookie-uri de
            analiză, ca să îmbunătățim serviciul.{' '}
            {/* Not prefetched while in view: the banner is on every first visit, the policy rarely opened. */}
            <Link href="/info/cookies" prefetch={false} className="underline">
              Politica de cookie-uri
            </Link>
          </p>
        </div>
        <CookieConsentChoice />
      </div>
    </section>
  );
}
