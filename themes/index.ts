/**
 * Theme descriptors: which images each theme uses. The colours live in broker.css / partner.css as
 * CSS variables; this file is for markup that needs a real <img src> (logos, hero).
 */
export type ThemeName = 'broker' | 'partner';

export type ThemeAssets = {
  name: ThemeName;
  logo: string;
  footerLogo: string;
  hero: string;
};

export const themes: Record<ThemeName, ThemeAssets> = {
  broker: {
    name: 'broker',
    logo: '/images/broker/logo.svg',
    footerLogo: '/images/broker/logo-footer.svg',
    hero: '/images/broker/hero.svg',
  },
  partner: {
    name: 'partner',
    logo: '/images/partner/logo.svg',
    footerLogo: '/images/broker/logo-footer.svg',
    hero: '/images/partner/hero.svg',
  },
};

export const productIcons = {
  rca: '/icons/rca.svg',
  house: '/icons/house.svg',
  travel: '/icons/travel.svg',
  auto: '/icons/auto.svg',
  family: '/icons/family.svg',
  household: '/icons/household.svg',
  world: '/icons/world.svg',
} as const;

/** The theme for a request, from the `x-theme` header proxy.ts sets for partner visits. */
export function themeFromHeader(value: string | null | undefined): ThemeName {
  return value === 'partner' ? 'partner' : 'broker';
}

/** The tab icon: the logo's shield, the same picture as public/favicon.ico. */
const FAVICON_SVG =
  "<svg xmlns='http://www.w3.org/2000/svg' viewBox='2 2 36 36'>" +
  "<path d='M20 2 35 7v11c0 9.5-6.3 16.6-15 20-8.7-3.4-15-10.5-15-20V7z' fill='#0b2e5c'/>" +
  "<path d='M20 7 30 10.5v7.8c0 6.6-4.1 11.6-10 14.3z' fill='#1f6f86'/>" +
  "<path d='m13.5 19.5 4.5 4.5 8.5-9' fill='none' stroke='#fff' stroke-width='3' stroke-linecap='round' stroke-linejoin='round'/></svg>";

/**
 * The tab icon written into the page (about 500 bytes) rather than fetched: Chromium requests a linked icon, at high
 * priority, while the page is being drawn (issue 17: it was the one request between the stylesheet and the first
 * paint on /travel, /authenticate and /account/policies, and Lighthouse charged it to their LCP). A browser without
 * SVG icons asks for /favicon.ico, which stays.
 */
export const faviconDataUrl = `data:image/svg+xml,${FAVICON_SVG.replace(/</g, '%3C').replace(/>/g, '%3E').replace(/#/g, '%23').replace(/'/g, '%27')}`;
