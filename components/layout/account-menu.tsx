'use client';

import Link from 'next/link';
import { useRef } from 'react';
import { LogoutButton } from '@/components/auth/logout-button';
import { NavLinkItems } from './nav-link-items';
import { accountLinks } from './nav-links';
import { useRouteDisclosure } from './use-route-disclosure';

/**
 * Signed-in visitors: a disclosure button with the account pages (Escape and outside clicks close it).
 * Signed-out visitors: a link to /authenticate.
 */
export function AccountMenu({ signedIn }: { signedIn: boolean }) {
  const rootRef = useRef<HTMLDivElement>(null);
  const { open, buttonProps, panelProps, pathname } = useRouteDisclosure(rootRef);

  if (!signedIn) {
    return (
      <Link href="/authenticate" className="btn btn-secondary btn-sm whitespace-nowrap">
        Contul meu
      </Link>
    );
  }

  return (
    <div ref={rootRef} className="relative">
      <button {...buttonProps} className="btn btn-secondary btn-sm whitespace-nowrap">
        Contul meu
        <svg className="h-4 w-4" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
          <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth="2" fill="none" />
        </svg>
      </button>
      {/* Its items exist only while it is open (as the mobile menu's). */}
      <ul {...panelProps} className="absolute right-0 z-40 mt-2 w-56 rounded-lg border border-border bg-surface py-2 shadow-lg">
        {open && (
          <>
            <NavLinkItems links={accountLinks} linkClassName="block px-4 py-2 hover:bg-primary-light" currentPath={pathname} />
            <li className="mt-1 border-t border-border pt-1">
              <LogoutButton />
            </li>
          </>
        )}
      </ul>
    </div>
  );
}
