/** Product navigation of the master header (SPEC §2 routes). */
export const productLinks = [
  { href: '/rca', label: 'RCA' },
  { href: '/travel', label: 'Călătorie' },
  { href: '/house', label: 'Locuință' },
  { href: '/tire', label: 'Anvelope' },
] as const;

/** The road vignettes (the header shows them under one "Viniete" disclosure). */
export const vignetteLinks = [
  { href: '/rovinieta', label: 'Rovinietă', menuLabel: 'Rovinietă (România)' },
  { href: '/vigneta-ungaria', label: 'E-matrica', menuLabel: 'E-matrica (Ungaria)' },
] as const;

export const secondaryLinks = [
  { href: '/faq', label: 'Întrebări frecvente' },
  { href: '/contact-us', label: 'Contact' },
] as const;

export const accountLinks = [
  { href: '/account/orders', label: 'Comenzile mele' },
  { href: '/account/policies', label: 'Polițele mele' },
  { href: '/account/vignettes', label: 'Vinietele mele' },
  { href: '/account/profile', label: 'Profil' },
  { href: '/account/security', label: 'Securitate' },
  { href: '/account/preferences', label: 'Preferințe' },
] as const;
