import type { ThemeAssets } from '@/themes';
import { AccountMenu } from './account-menu';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NavLink } from './nav-link';
import { productLinks, secondaryLinks, vignetteLinks } from './nav-links';
import { SkipLink } from './skip-link';
import { ThemeToggle } from './theme-toggle';

/**
 * Master layout header: logo, product navigation, FAQ/contact, theme toggle and account menu. From lg the bar
 * holds the product links and the account menu, from xl the vignette menu and the help links too; below xl the
 * menu button holds every link (the bar has room for every label on one line at each step, signed in or not).
 */
export function SiteHeader({ theme, signedIn }: { theme: ThemeAssets; signedIn: boolean }) {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <SkipLink />
      <div className="relative mx-auto flex h-16 w-full max-w-6xl items-center gap-3 px-4 sm:h-18 sm:px-6 lg:px-8">
        <Logo theme={theme} />
        {/* Left to right from the logo: the two navigations, then the free space, then the controls (ml-auto).
            Chromium paints whenever its parser yields, so a frame may show the header half parsed: nothing in it
            may be placed by what comes after it (justify-between had put the product links at the right end
            until the rest of the bar arrived, a layout shift). */}
        <nav aria-label="Produse" className="hidden lg:block">
          <ul className="flex items-center gap-0.5">
            {productLinks.map((link) => (
              <li key={link.href}>
                <NavLink href={link.href} label={link.label} />
              </li>
            ))}
            {/* From xl up, where the bar has room for it (below, the mobile menu and the footer list the vignettes). A
                disclosure without JavaScript (no client code in the header of every page); its links load the page,
                which closes it. */}
            <li className="relative hidden xl:list-item">
              <details className="group">
                <summary className="flex cursor-pointer list-none items-center gap-1 whitespace-nowrap rounded-md px-2 py-2 font-medium text-foreground hover:bg-primary-light [&::-webkit-details-marker]:hidden">
                  Viniete
                  <svg className="h-4 w-4 transition-transform group-open:rotate-180" viewBox="0 0 20 20" aria-hidden="true">
                    <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="2" fill="none" />
                  </svg>
                </summary>
                <ul className="absolute left-0 z-40 mt-2 w-60 rounded-lg border border-border bg-surface py-2 shadow-lg">
                  {vignetteLinks.map((link) => (
                    <li key={link.href}>
                      <a href={link.href} className="block px-4 py-2 hover:bg-primary-light">
                        {link.menuLabel}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          </ul>
        </nav>
        <nav aria-label="Ajutor" className="hidden xl:block">
          <ul className="flex items-center gap-0.5">
            {secondaryLinks.map((link) => (
              <li key={link.href}>
                <NavLink href={link.href} label={link.label} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <div className="hidden lg:block">
            <AccountMenu signedIn={signedIn} />
          </div>
          <MobileMenu signedIn={signedIn} />
        </div>
      </div>
    </header>
  );
}
