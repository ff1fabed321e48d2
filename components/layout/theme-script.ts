import { SYSTEM_STORE_KEY } from '@/stores/system-store';
import { CONSENT_PENDING_ATTRIBUTE } from './consent-pending';

/**
 * Runs in <head> before the first paint:
 * - puts `dark` on <html> when the persisted system store says so (a manual choice), otherwise when the system
 *   prefers dark. Mirrors the logic of the theme toggle.
 * - marks <html> with `data-consent-pending` when no cookie choice is stored, which shows the server-rendered
 *   cookie banner in the first paint (globals.css): no JavaScript has to run before it appears, and it is
 *   never shown to a visitor who already chose.
 */
export const themeScript = `(function(){try{var d=window.matchMedia('(prefers-color-scheme: dark)').matches;var e=document.documentElement;var s={};var r=localStorage.getItem(${JSON.stringify(
  SYSTEM_STORE_KEY,
)});if(r){s=(JSON.parse(r)||{}).state||{};}if(s.isThemeChangedManually===true)d=s.isDarkTheme===true;if(s.isCookieConsentAccepted!==true&&s.isCookieConsentAccepted!==false)e.setAttribute(${JSON.stringify(
  CONSENT_PENDING_ATTRIBUTE,
)},'');e.classList.toggle('dark',d);e.style.colorScheme=d?'dark':'light';}catch(x){}})();`;
