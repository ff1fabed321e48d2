import { headers } from 'next/headers';
import { themeFromHeader, themes, type ThemeAssets } from '@/themes';

/** Server only: the theme of the current request (partner visits get the partner theme). */
export async function getRequestTheme(): Promise<ThemeAssets> {
  const h = await headers();
  return themes[themeFromHeader(h.get('x-theme'))];
}


/** Server only: the registered partner of a partner route (code and display name, set by proxy.ts), or null. */
export async function getRequestPartner(): Promise<{ code: string; name: string } | null> {
  const h = await headers();
  const code = h.get('x-partner-code');
  if (!code) return null;
  let name = code;
  try {
    name = decodeURIComponent(h.get('x-partner-name') ?? code);
  } catch {
    name = code;
  }
  return { code, name };
}
