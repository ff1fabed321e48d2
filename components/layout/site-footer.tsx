import Link from 'next/link';
import { brokerIdentity, infoLinks } from '@/contract/broker-identity';
import type { ThemeAssets } from '@/themes';
import { productLinks, secondaryLinks } from './nav-links';

/** Master layout footer with the broker's legal block (DOMAIN.md "Legal footer and consent"). */
export function SiteFooter({ theme }: { theme: ThemeAssets }) {
  const b = brokerIdentity;
  return (
    <footer className="mt-auto bg-primary-dark text-white dark:bg-surface dark:text-foreground">
      <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          {/* eslint-disable-next-line @next/next/no-img-element -- a small SVG */}
          <img src={theme.footerLogo} alt={b.brandName} width={168} height={40} loading="lazy" className="h-10 w-auto" />
          <address className="mt-4 not-italic leading-relaxed opacity-90">
            <strong>{b.legalName}</strong>
            <br />
            Broker de asigurare înregistrat în Registrul ASF cu nr. {b.asfCode}
            <br />
            CUI {b.cui} · Nr. Reg. Com. {b.tradeRegister}
            <br />
            {b.address}
            <br />
            Telefon: <a href={b.phoneHref} className="underline">{b.phone}</a> · Email:{' '}
            <a href={`mailto:${b.email}`} className="underline">
              {b.email}
            </a>
          </address>
          <p className="mt-4 text-sm opacity-90">{b.commissionStatement}</p>
        </div>
        <nav aria-label="Produse și ajutor">
          <h2 className="font-semibold">Produse</h2>
          <ul className="mt-3 grid gap-2">
            {productLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="underline-offset-4 hover:underline">
                  Asigurare {link.label === 'RCA' ? 'RCA' : link.label.toLowerCase()}
                </Link>
              </li>
            ))}
            <li>
              <Link href="/michelin-tiresecureplus" className="underline-offset-4 hover:underline">
                Michelin TireSecure+
              </Link>
            </li>
            <li>
              <Link href="/rovinieta" className="underline-offset-4 hover:underline">
                Rovinietă
              </Link>
            </li>
            <li>
              <Link href="/vigneta-ungaria" className="underline-offset-4 hover:underline">
                Vinietă Ungaria (e-matrica)
              </Link>
            </li>
            {secondaryLinks.map((link) => (
              <li key={link.href}>
                <Link href={link.href} className="underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Informații legale" id="informatii-legale">
          <h2 className="font-semibold">Informații legale</h2>
          <ul className="mt-3 grid gap-2">
            {infoLinks.map((link) => (
              <li key={link.slug}>
                <Link href={`/info/${link.slug}`} className="underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a href={b.anpcSalUrl} className="underline-offset-4 hover:underline" rel="noopener" target="_blank">
                ANPC: soluționarea alternativă a litigiilor (SAL)
                <span className="sr-only"> (se deschide într-o filă nouă)</span>
              </a>
            </li>
            <li>
              <a href={b.salFinUrl} className="underline-offset-4 hover:underline" rel="noopener" target="_blank">
                SAL-FIN: litigii în domeniul financiar
                <span className="sr-only"> (se deschide într-o filă nouă)</span>
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/15 dark:border-border">
        <p className="mx-auto w-full max-w-6xl px-4 py-4 text-sm opacity-80 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {b.legalName}. Toate drepturile rezervate.
        </p>
      </div>
    </footer>
  );
}
