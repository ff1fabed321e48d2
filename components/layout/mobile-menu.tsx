'use client';

import Link from 'next/link';
import { NavLinkItems } from './nav-link-items';
import { accountLinks, productLinks, secondaryLinks, vignetteLinks } from './nav-links';
import { useRouteDisclosure } from './use-route-disclosure';

const linkClass = 'block rounded-md px-3 py-3 font-medium hover:bg-primary-light';

/** The navigation below the md breakpoint: a menu button that opens a panel under the header. */
export function MobileMenu({ signedIn }: { signedIn: boolean }) {
  const { open, buttonProps, panelProps, pathname } = useRouteDisclosure();

  return (
    <div className="xl:hidden">
      <button
        {...buttonProps}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md text-foreground hover:bg-primary-light"
        aria-label={open ? 'Închideți meniul' : 'Deschideți meniul'}
      >
        <svg className="h-6 w-6" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
          {open ? <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" /> : <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />}
        </svg>
      </button>
      <nav
        {...panelProps}
        aria-label="Meniu principal"
        className="absolute inset-x-0 top-full border-b border-border bg-surface px-4 pb-4 shadow-lg"
      >
        {/* The links exist only while the panel is open: a closed panel is hidden anyway, and rendering its twenty
            links into every page was server work and markup for nothing (issue 17). */}
        {open && (
          <>
            <ul className="grid gap-1 pt-2">
              <NavLinkItems links={[...productLinks, ...vignetteLinks, ...secondaryLinks]} linkClassName={linkClass} currentPath={pathname} />
            </ul>
            <p className="mt-3 border-t border-border px-3 pt-3 text-sm font-semibold text-muted">Contul meu</p>
            <ul className="grid gap-1">
              {signedIn ? (
                <NavLinkItems links={accountLinks} linkClassName={linkClass} />
              ) : (
                <li>
                  <Link href="/authenticate" className={linkClass}>
                    Autentificare sau cont nou
                  </Link>
                </li>
              )}
            </ul>
          </>
        )}
      </nav>
    </div>
  );
}
