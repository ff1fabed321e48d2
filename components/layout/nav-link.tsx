'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';

/** A header link that marks the current section (aria-current). */
export function NavLink({ href, label }: { href: string; label: string }) {
  const pathname = usePathname();
  const current = pathname === href || pathname.startsWith(`${href}/`) || pathname.startsWith(`${href}-`);
  return (
    <Link
      href={href}
      aria-current={current ? 'page' : undefined}
      className="rounded-md px-3 py-2 font-medium text-foreground hover:bg-primary-light aria-[current=page]:text-primary aria-[current=page]:underline aria-[current=page]:underline-offset-8"
    >
      {label}
    </Link>
  );
}
