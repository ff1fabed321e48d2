'use client';

import { useState } from 'react';

/**
 * Logout (issue 5): the BFF revokes the token and clears the cookie, the stores are cleared, realtime is
 * closed and the other tabs follow (lib/session/end-session.ts).
 */
export function LogoutButton({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className ?? 'block w-full px-4 py-2 text-left hover:bg-primary-light'}
      disabled={busy}
      aria-busy={busy || undefined}
      onClick={() => {
        setBusy(true);
        // The session's end loads on the click: the header (and its account menu) is in every page's first load.
        void import('@/lib/session/end-session').then(({ logout }) => logout());
      }}
    >
      {busy ? 'Se deconectează…' : 'Deconectare'}
    </button>
  );
}
