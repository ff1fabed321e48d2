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

/**
 * Runs in <head> too: a form the page handles in script (no `action` of its own) cannot be sent natively before
 * the page has hydrated. The browser would send it as a GET to the page itself, with what was typed (an email,
 * a password) in the address and the server's logs. The page's scripts load after its first paint
 * (server/scripts-after-first-paint.ts), so a quick visitor can press a button before they run: the submission is
 * held and sent again, through the page's own handler, once the client router has mounted (its announcer).
 * Forms with an `action` (the home page's plate box goes to /rca) work without script and are left alone.
 * Pressed several times before hydration, a form is sent again once (with the last button pressed).
 */
export const submitBeforeHydrationScript = `(function(){var d=document;function ready(){return !!d.querySelector('next-route-announcer')}var held=new WeakMap();d.addEventListener('submit',function(e){var f=e.target;if(ready()||!f||f.hasAttribute('action'))return;e.preventDefault();var h=held.get(f);if(h){h.b=e.submitter;return}h={b:e.submitter};held.set(f,h);var t=setInterval(function(){if(!ready())return;clearInterval(t);held.delete(f);var b=h.b;if(f.isConnected&&f.requestSubmit)f.requestSubmit(b&&b.form===f?b:undefined)},50)},true)})();`;
