import type { ThemeAssets } from '@/themes';
import { AccountMenu } from './account-menu';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NavLink } from './nav-link';
import { productLinks, secondaryLinks, vignetteLinks } from './nav-links';
import { SkipLink } from './skip-link';
import { ThemeToggle } from './theme-toggle';

/** Master layout header: logo, product navigation, FAQ/contact, theme toggle and account menu. */
export function SiteHeader({ theme, signedIn }: { theme: ThemeAssets; signedIn: boolean }) {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur supports-[backdrop-filter]:bg-surface/85">
      <SkipLink />
      <div className="relative mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:h-18 sm:px-6 lg:px-8">
        <Logo theme={theme} />
        <nav aria-label="Produse" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {productLinks.map((link) => (
              <li key={link.href}>
                <NavLink href={link.href} label={link.label} />
              </li>
            ))}
            {vignetteLinks.map((link) => (
              <li key={link.href} className="hidden xl:list-item">
                <NavLink href={link.href} label={link.label} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-1 sm:gap-2">
          <nav aria-label="Ajutor" className="hidden lg:block">
            <ul className="flex items-center gap-1">
              {secondaryLinks.map((link) => (
                <li key={link.href}>
                  <NavLink href={link.href} label={link.label} />
                </li>
              ))}
            </ul>
          </nav>
          <ThemeToggle />
          <div className="hidden md:block">
            <AccountMenu signedIn={signedIn} />
          </div>
          <MobileMenu signedIn={signedIn} />
        </div>
      </div>
    </header>
  );
}
