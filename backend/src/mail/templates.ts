import { brokerIdentity } from '../../../contract/broker-identity';

/** Romanian mail texts. */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** One brand everywhere (site, mails, PDFs): `brokerIdentity.brandName`; the legal footer DOMAIN.md asks for. */
const SIGNATURE = `Echipa ${brokerIdentity.brandName}`;
const LEGAL_FOOTER = [
  `${brokerIdentity.legalName}, broker de asigurare, nr. Registrul ASF ${brokerIdentity.asfCode}, CUI ${brokerIdentity.cui}, ${brokerIdentity.tradeRegister}, ${brokerIdentity.address}.`,
  `${brokerIdentity.email}, ${brokerIdentity.phone}. ${brokerIdentity.commissionStatement}`,
  `Soluționarea alternativă a litigiilor: ANPC – SAL (${brokerIdentity.anpcSalUrl}) și SAL-FIN (${brokerIdentity.salFinUrl}).`,
];

function wrap(title: string, paragraphs: string[]): { text: string; html: string } {
  return {
    text: [title, '', ...paragraphs, '', SIGNATURE, '', '--', ...LEGAL_FOOTER].join('\n'),
    html:
      `<h1>${esc(title)}</h1>${paragraphs.map((p) => `<p>${esc(p)}</p>`).join('')}<p>${esc(SIGNATURE)}</p>` +
      `<hr><p style="font-size:12px;color:#555">${LEGAL_FOOTER.map(esc).join('<br>')}</p>`,
  };
}

export function resetPasswordMail(name: string, link: string) {
  return {
    subject: 'Resetarea parolei',
    ...wrap(`Bună ziua, ${name}!`, [
      'Ați cerut resetarea parolei contului dumneavoastră. Deschideți linkul de mai jos pentru a alege o parolă nouă:',
      link,
      'Linkul este valabil 60 de minute și poate fi folosit o singură dată. Dacă nu ați cerut resetarea, ignorați acest mesaj.',
    ]),
  };
}

export function twoFactorCodeMail(name: string, code: string) {
  return {
    subject: `Codul dumneavoastră de verificare: ${code}`,
    ...wrap(`Bună ziua, ${name}!`, [
      `Codul dumneavoastră de verificare este: ${code}`,
      'Codul expiră în 10 minute. Nu îl comunicați nimănui.',
    ]),
  };
}

/** After guest checkout: a single-use link to choose the account's first password (never a password). */
export function welcomeSetPasswordMail(name: string, email: string, link: string) {
  return {
    subject: 'Contul dumneavoastră a fost creat: alegeți o parolă',
    ...wrap(`Bună ziua, ${name}!`, [
      `V-am creat un cont pentru adresa ${email}, ca să puteți urmări comanda și polițele.`,
      'Deschideți linkul de mai jos pentru a alege parola contului:',
      link,
      'Linkul este valabil 72 de ore și poate fi folosit o singură dată. Dacă a expirat, cereți unul nou cu „Am uitat parola” pe pagina de autentificare.',
    ]),
  };
}

/** The paid order's invoice goes with the policy (backend/README.md "Invoices"). */
const invoiceLine = (invoiceNumber: string | undefined) =>
  invoiceNumber ? [`Factura ${invoiceNumber} este atașată de asemenea și se află în contul dumneavoastră, la secțiunea Comenzi.`] : [];

export function policyIssuedMail(name: string, policyNumber: string, productName: string, invoiceNumber?: string) {
  return {
    subject: `Polița dumneavoastră ${policyNumber} a fost emisă`,
    ...wrap(`Bună ziua, ${name}!`, [
      `Plata a fost confirmată și polița ${productName} cu numărul ${policyNumber} a fost emisă.`,
      'Găsiți polița atașată acestui mesaj, în format PDF, și în contul dumneavoastră, la secțiunea Polițe.',
      ...invoiceLine(invoiceNumber),
    ]),
  };
}

export function vignetteIssuedMail(name: string, series: string, productName: string, plate: string, startsOn: string, endsOn: string, invoiceNumber?: string) {
  const dmy = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
  return {
    subject: `${productName} pentru ${plate}: seria ${series}`,
    ...wrap(`Bună ziua, ${name}!`, [
      `Plata a fost confirmată și vigneta (${productName}) pentru vehiculul ${plate} a fost emisă, cu seria ${series}.`,
      `Este valabilă de la ${dmy(startsOn)} până la ${dmy(endsOn)} inclusiv.`,
      'Dovada achiziției este atașată acestui mesaj, în format PDF, și se află în contul dumneavoastră, la secțiunea „Vinietele mele”.',
      ...invoiceLine(invoiceNumber),
    ]),
  };
}

/**
 * The receipt goes to any address typed in the contact form: it repeats nothing the sender chose but the name (a
 * person's name, contract/content.ts), so that nobody can send the broker's mail with a text or a link of theirs.
 */
export function contactReceivedMail(name: string) {
  return {
    subject: 'Am primit mesajul dumneavoastră',
    ...wrap(`Bună ziua, ${name}!`, ['Am primit mesajul dumneavoastră și vă răspundem în cel mult o zi lucrătoare.']),
  };
}

export function expiryReminderMail(m: {
  name: string; productName: string; isVignette: boolean; number: string; object: string; endsOn: string; daysLeft: number;
  renewUrl: string; preferencesUrl: string;
}) {
  const dmy = `${m.endsOn.slice(8, 10)}.${m.endsOn.slice(5, 7)}.${m.endsOn.slice(0, 4)}`;
  const when = m.daysLeft === 1 ? 'mâine' : `în ${m.daysLeft} ${m.daysLeft < 20 ? 'zile' : 'de zile'}`;
  const what = m.isVignette ? `Vigneta (${m.productName}) cu seria ${m.number}` : `Polița ${m.productName} nr. ${m.number}`;
  return {
    subject: `${m.isVignette ? 'Vigneta' : 'Polița'} pentru ${m.object} expiră ${when}`,
    ...wrap(`Bună ziua, ${m.name}!`, [
      `${what}, pentru ${m.object}, este valabilă până la ${dmy} inclusiv și expiră ${when}.`,
      'O puteți reînnoi cu un clic: formularul se deschide completat, cu începutul în ziua de după expirare.',
      m.renewUrl,
      `Nu mai doriți aceste mementouri? Le puteți opri din contul dumneavoastră, la Preferințe: ${m.preferencesUrl}`,
    ]),
  };
}

/** A moment as Romanians read it, in Bucharest time: „10 martie 2026, 12:00”. */
function bucharestTime(at: Date): string {
  return new Intl.DateTimeFormat('ro-RO', { timeZone: 'Europe/Bucharest', dateStyle: 'long', timeStyle: 'short' }).format(at);
}

const NOT_YOU =
  'Dacă nu dumneavoastră ați făcut această modificare, schimbați-vă imediat parola din pagina Securitate a contului și contactați-ne.';

/**
 * `removed_at_google_link`: the first Google sign-in into an account that existed before (register and guest checkout
 * never prove the mailbox) dropped the two-factor set up before that proof (backend/README.md, Google sign-in).
 * `removed_at_password_reset`: a password reset (or welcome) link, the mailbox's first proof, dropped the two-factor
 * set up before it (backend/README.md "Two-factor and the mailbox proof").
 */
export type TwoFactorChange = 'enabled' | 'reconfigured' | 'provider_changed' | 'removed' | 'removed_at_google_link' | 'removed_at_password_reset';

/** Sent to the owner on every two-factor change (issue 13): formal register, no codes in the mail. */
export function twoFactorChangedMail(name: string, change: TwoFactorChange, providerName: string | null, at: Date) {
  const when = bucharestTime(at);
  const method = providerName ? ` (${providerName})` : '';
  const texts: Record<TwoFactorChange, { subject: string; what: string; after?: string[] }> = {
    enabled: {
      subject: 'Autentificarea în doi pași a fost activată',
      what: `Autentificarea în doi pași${method} a fost activată pentru contul dumneavoastră la ${when}. Au fost generate coduri de recuperare noi.`,
    },
    reconfigured: {
      subject: 'Autentificarea în doi pași a fost configurată din nou',
      what: `Autentificarea în doi pași${method} a contului dumneavoastră a fost configurată din nou la ${when}. Codurile de recuperare au fost regenerate: cele vechi nu mai sunt valabile.`,
    },
    provider_changed: {
      subject: 'Metoda de autentificare în doi pași a fost schimbată',
      what: `Metoda de autentificare în doi pași a contului dumneavoastră a fost schimbată la ${when}${providerName ? `; metoda nouă: ${providerName}` : ''}. Codurile de recuperare au fost regenerate: cele vechi nu mai sunt valabile.`,
    },
    removed: {
      subject: 'Autentificarea în doi pași a fost dezactivată',
      what: `Autentificarea în doi pași a fost dezactivată pentru contul dumneavoastră la ${when}. Codurile de recuperare nu mai sunt valabile.`,
    },
    removed_at_google_link: {
      subject: 'Autentificarea în doi pași a fost dezactivată la prima autentificare cu Google',
      what:
        `La ${when} v-ați autentificat pentru prima dată cu contul Google al acestei adrese de email. Contul nostru pentru această adresă ` +
        'exista deja, dar adresa nu fusese confirmată, așa că nu putem ști cine a configurat autentificarea în doi pași a contului: ' +
        'am dezactivat-o. Codurile de recuperare și codurile trimise prin email nu mai sunt valabile, iar parola contului a fost înlocuită ' +
        'cu una pe care nu o cunoaște nimeni.',
      after: [
        'Vă recomandăm să activați din nou autentificarea în doi pași din pagina Securitate a contului. Dacă doriți să vă autentificați și cu parolă, ' +
          'alegeți una nouă cu „Am uitat parola” pe pagina de autentificare.',
        'Dacă nu v-ați autentificat dumneavoastră cu Google, schimbați-vă imediat parola contului Google și contactați-ne.',
      ],
    },
    removed_at_password_reset: {
      subject: 'Autentificarea în doi pași a fost dezactivată la resetarea parolei',
      what:
        `La ${when} parola contului a fost schimbată cu linkul trimis pe această adresă de email. Autentificarea în doi pași ` +
        'a contului fusese configurată înainte ca adresa să fi fost confirmată, așa că nu putem ști cine a configurat-o: ' +
        'am dezactivat-o. Codurile de recuperare și codurile trimise prin email nu mai sunt valabile, iar toate sesiunile ' +
        'deschise ale contului au fost închise.',
      after: [
        'Vă recomandăm să activați din nou autentificarea în doi pași din pagina Securitate a contului. Configurată de acum ' +
          'înainte, ea rămâne activă și după o resetare a parolei.',
        'Dacă nu dumneavoastră ați schimbat parola, cereți imediat un link nou cu „Am uitat parola” pe pagina de autentificare, ' +
          'schimbați parola adresei de email și contactați-ne.',
      ],
    },
  };
  const { subject, what, after = [NOT_YOU] } = texts[change];
  return { subject, ...wrap(`Bună ziua, ${name},`, [what, ...after]) };
}

/**
 * Sent when the password is changed from the account's Security page (auth/change-password): whoever holds a session
 * and the password can change it and end the owner's other sessions; the owner learns of it here.
 */
export function passwordChangedMail(name: string, at: Date) {
  return {
    subject: 'Parola contului a fost schimbată',
    ...wrap(`Bună ziua, ${name},`, [
      `Parola contului dumneavoastră a fost schimbată la ${bucharestTime(at)}, din pagina Securitate a contului. Celelalte sesiuni deschise ale contului au fost închise.`,
      'Dacă ați fost dumneavoastră, nu trebuie să faceți nimic.',
      'Dacă nu dumneavoastră ați schimbat parola, alegeți imediat una nouă cu „Am uitat parola” pe pagina de autentificare (linkul vine pe această adresă de email) și contactați-ne.',
    ]),
  };
}

/** Browsers by the token their user agent carries, most specific first (Edge and Opera also say Chrome). */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Microsoft Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
/** Systems, most specific first (Android also says Linux, iOS also says Mac OS X). */
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\bWindows\b/, 'Windows'],
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstNamed = (table: typeof BROWSERS, userAgent: string) => table.find(([pattern]) => pattern.test(userAgent))?.[1];

/**
 * The browser and system a user agent names, in Romanian („Chrome pe Windows”), or „necunoscut”. Never the text
 * itself: a user agent is whatever the client sends, and this mail goes out under the broker's name (someone who
 * registered a stranger's address could otherwise write „Confirmați cardul la https://…” into it).
 */
export function describeUserAgent(userAgent: string): string {
  const browser = firstNamed(BROWSERS, userAgent);
  const system = firstNamed(SYSTEMS, userAgent);
  if (browser && system) return `${browser} pe ${system}`;
  if (browser) return browser;
  if (system) return `un browser pe ${system}`;
  return 'necunoscut';
}

/** Sent when the account is signed in from a user agent + IP pair never seen for it before. */
export function newDeviceSignInMail(name: string, userAgent: string, ip: string, at: Date) {
  return {
    subject: 'Autentificare de pe un dispozitiv nou',
    ...wrap(`Bună ziua, ${name},`, [
      `Contul dumneavoastră a fost accesat la ${bucharestTime(at)} de pe un dispozitiv sau dintr-o rețea pe care nu le-am mai văzut:`,
      `Browser: ${describeUserAgent(userAgent)}`,
      `Adresa IP: ${ip}`,
      'Dacă ați fost dumneavoastră, nu trebuie să faceți nimic.',
      'Dacă nu vă recunoașteți în această autentificare, schimbați-vă imediat parola din pagina Securitate a contului (celelalte sesiuni vor fi închise) și contactați-ne.',
    ]),
  };
}
