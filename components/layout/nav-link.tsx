'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/**
 * A header link that marks the current section (aria-current). A block on one line, as tall as the vignette
 * menu's summary beside it: the bar's items all have one height, so none moves when the next is parsed, and no
 * label wraps where the bar is tight (lg, and xl with the vignette menu and the help links).
 */
export function NavLink({ href, label }: { href: string; label: string }) {
  const pathname = usePathname();
  const current = pathname === href || pathname.startsWith(`${href}/`) || pathname.startsWith(`${href}-`);
  return (
    <Link
      href={href}
      aria-current={current ? 'page' : undefined}
      className="block whitespace-nowrap rounded-md px-2 py-2 font-medium text-foreground hover:bg-primary-light aria-[current=page]:text-primary aria-[current=page]:underline aria-[current=page]:underline-offset-8"
    >
      {label}
    </Link>
  );
}
