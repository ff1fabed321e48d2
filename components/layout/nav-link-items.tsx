import Link from 'next/link';

/**
 * The list items of a header menu (account menu, mobile menu): one link per entry of nav-links.ts; with
 * `currentPath`, the link of that path is marked aria-current="page".
 */
export function NavLinkItems({
  links,
  linkClassName,
  currentPath,
}: {
  links: readonly { href: string; label: string }[];
  linkClassName: string;
  currentPath?: string;
}) {
  return links.map((link) => (
    <li key={link.href}>
      <Link href={link.href} className={linkClassName} aria-current={currentPath === link.href ? 'page' : undefined}>
        {link.label}
      </Link>
    </li>
  ));
}
