'use client';

import { useState } from 'react';
import { logout } from '@/lib/session/end-session';

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
        void logout();
      }}
    >
      {busy ? 'Se deconectează…' : 'Deconectare'}
    </button>
  );
}
