import { SYSTEM_STORE_KEY } from '@/stores/system-store';

/**
 * Runs in <head> before the first paint: puts `dark` on <html> when the persisted system store says so
 * (a manual choice), otherwise when the system prefers dark. Mirrors the logic of the theme toggle.
 */
export const themeScript = `(function(){try{var d=window.matchMedia('(prefers-color-scheme: dark)').matches;var r=localStorage.getItem(${JSON.stringify(
  SYSTEM_STORE_KEY,
)});if(r){var s=(JSON.parse(r)||{}).state||{};if(s.isThemeChangedManually===true)d=s.isDarkTheme===true;}var e=document.documentElement;e.classList.toggle('dark',d);e.style.colorScheme=d?'dark':'light';}catch(x){}})();`;
