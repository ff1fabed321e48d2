import type { ThemeAssets } from '@/themes';
import { Logo } from './logo';
import { SkipLink } from './skip-link';
import { ThemeToggle } from './theme-toggle';

/** Minimal layout header: the logo (home link) and the theme toggle, nothing to wander off to. */
export function MinimalHeader({ theme }: { theme: ThemeAssets }) {
  return (
    <header className="border-b border-border bg-surface">
      <SkipLink />
      <div className="mx-auto flex h-16 w-full max-w-3xl items-center justify-between px-4 sm:px-6">
        <Logo theme={theme} />
        <ThemeToggle />
      </div>
    </header>
  );
}
