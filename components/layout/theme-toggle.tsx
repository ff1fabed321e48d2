'use client';

import { useEffect, useState } from 'react';
import { useSystemStore } from '@/stores/system-store';
import { loadStoredStateChecks } from '@/stores/stored-state';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function applyThemeClass(isDark: boolean) {
  const root = document.documentElement;
  root.classList.toggle('dark', isDark);
  root.style.colorScheme = isDark ? 'dark' : 'light';
}

/**
 * Light/dark switch. Follows the system preference until the user toggles (isThemeChangedManually);
 * the inline script in the root layout applies the same rule before the first paint.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const isDarkTheme = useSystemStore((s) => s.isDarkTheme);
  const setDarkTheme = useSystemStore((s) => s.setDarkTheme);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const store = useSystemStore;
    const media = window.matchMedia(DARK_QUERY);
    const follow = () => store.getState().applySystemPreference(media.matches);
    const start = () => {
      follow();
      setReady(true);
    };
    let unsubscribeHydration: (() => void) | undefined;
    if (store.persist.hasHydrated()) start();
    else {
      unsubscribeHydration = store.persist.onFinishHydration(start);
      // Through the checks of what the store may take from storage (stores/stored-state.ts).
      void loadStoredStateChecks().then(() => store.persist.rehydrate());
    }
    media.addEventListener('change', follow);
    return () => {
      unsubscribeHydration?.();
      media.removeEventListener('change', follow);
    };
  }, []);

  // Only touch <html> once the persisted choice is known, so the pre-paint class is never undone.
  useEffect(() => {
    if (ready) applyThemeClass(isDarkTheme);
  }, [ready, isDarkTheme]);

  const label = isDarkTheme ? 'Activați tema luminoasă' : 'Activați tema întunecată';
  return (
    <button
      type="button"
      className={
        className ??
        'inline-flex h-10 w-10 items-center justify-center rounded-full text-foreground hover:bg-primary-light'
      }
      aria-label={label}
      title={label}
      aria-pressed={ready ? isDarkTheme : undefined}
      onClick={() => setDarkTheme(!document.documentElement.classList.contains('dark'))}
    >
      {/* Both icons are rendered; CSS shows the right one, so the server HTML matches any theme. */}
      <svg className="h-5 w-5 dark:hidden" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" strokeLinejoin="round" />
      </svg>
      <svg className="hidden h-5 w-5 dark:block" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" strokeLinecap="round" />
      </svg>
    </button>
  );
}
