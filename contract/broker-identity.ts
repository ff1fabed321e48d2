/**
 * The broker's legal identity (DOMAIN.md "Legal footer and consent"), in one place for the footer,
 * the info pages and anything else that must name the company.
 */
export const brokerIdentity = {
  /** Short brand name used in titles and the header. */
  brandName: 'Broker Online',
  legalName: 'Asigurări Broker Online SRL',
  /** ASF (Autoritatea de Supraveghere Financiară) broker register code. */
  asfCode: 'RBK-1234',
  /** Fiscal code with a valid control digit (cuiControlDigit('1234567') === 4). */
  cui: 'RO12345674',
  tradeRegister: 'J40/1234/2015',
  address: 'Strada Exemplului nr. 10, etaj 3, Sector 1, 010101 București, România',
  phone: '+40 21 300 12 34',
  phoneHref: 'tel:+40213001234',
  email: 'contact@broker-online.example',
  /** Dispute resolution bodies (the EU ODR platform closed on 20 July 2025, so it is not linked). */
  anpcSalUrl: 'https://anpc.ro/ce-este-sal/',
  salFinUrl: 'https://www.salfin.ro/',
  commissionStatement:
    'Asigurări Broker Online SRL este broker de asigurare autorizat de ASF și primește un comision de la asigurătorul ales pentru fiecare poliță intermediată.',
} as const;

/** Content pages served by /info/:slug (their text comes from the backend's info pages). */
export const infoLinks = [
  { slug: 'termeni-si-conditii', label: 'Termeni și condiții' },
  { slug: 'confidentialitate', label: 'Politica de confidențialitate' },
  { slug: 'cookies', label: 'Politica de cookie-uri' },
  { slug: 'anpc-sal', label: 'ANPC și SAL-FIN' },
  { slug: 'despre-noi', label: 'Despre noi' },
] as const;
