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
