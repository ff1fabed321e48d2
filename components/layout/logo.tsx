import Link from 'next/link';
import { brokerIdentity } from '@/contract/broker-identity';
import type { ThemeAssets } from '@/themes';

/** The theme's logo linking home. */
export function Logo({ theme, className }: { theme: ThemeAssets; className?: string }) {
  return (
    <Link href="/" className={className ?? 'inline-flex shrink-0 items-center'} aria-label={`${brokerIdentity.brandName}, pagina principală`}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a small SVG: no optimisation to gain */}
      <img src={theme.logo} alt="" width={168} height={40} className="logo-img h-9 w-auto sm:h-10" />
    </Link>
  );
}
