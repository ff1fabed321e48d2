import { headers } from 'next/headers';
import { themeFromHeader, themes, type ThemeAssets } from '@/themes';

/** Server only: the theme of the current request (partner visits get the partner theme). */
export async function getRequestTheme(): Promise<ThemeAssets> {
  const h = await headers();
  return themes[themeFromHeader(h.get('x-theme'))];
}

/** Server only: the partner code of a partner route (`/rca-abc/…`, `/travel-abc`), set by proxy.ts. */
export async function getRequestPartnerCode(): Promise<string | null> {
  const h = await headers();
  return h.get('x-partner-code') || null;
}
