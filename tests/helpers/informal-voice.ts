/**
 * The product addresses the customer formally ("dumneavoastră", README "Voice"). These patterns find the other
 * register's forms in Romanian text: 2nd-person singular imperatives, verbs, pronouns and possessives, and the
 * informal greetings. Shared by the unit test that scans the source strings (tests/voice.test.ts) and the e2e
 * spec that reads the rendered pages, validation messages, mails and a policy PDF (e2e/voice.spec.ts).
 *
 * JavaScript's \b is not Unicode-aware (it sees "ă" as a boundary), so words are delimited by letter look-arounds.
 */

const L = '\\p{L}';
/** A whole word (any case): no letter or digit on either side; a hyphen counts as a boundary ("Autentifică-te"). */
const word = (alternatives: string[], flags = 'iu') => new RegExp(`(?<![${L}\\p{N}])(?:${alternatives.join('|')})(?![${L}\\p{N}])`, flags);

/**
 * 2nd-person singular imperatives. Most are also 3rd-person indicative forms ("Clientul alege", "polița acoperă"),
 * so they count only capitalised (a label, a button, the start of an instruction) or followed by a clitic
 * ("plătește-o", "scrie-ne"): lower case in mid-sentence is left to review.
 */
const IMPERATIVES = [
  'Accesează', 'Acceptă', 'Activează', 'Adaugă', 'Administrează', 'Afișează', 'Alege', 'Anulează', 'Apasă', 'Autentifică',
  'Calculează', 'Caută', 'Citește', 'Compară', 'Completează', 'Configurează', 'Confirmă', 'Conectează', 'Contactează', 'Continuă',
  'Copiază', 'Creează', 'Cumpără', 'Deconectează', 'Descarcă', 'Deschide', 'Descoperă', 'Dezactivează', 'Elimină', 'Folosește',
  'Generează', 'Ignoră', 'Introdu', 'Intră', 'Începe', 'Închide', 'Încearcă', 'Înregistrează', 'Modifică',
  'Păstrează', 'Pornește', 'Plasează', 'Plătește', 'Recalculează', 'Reîncarcă', 'Reîncearcă', 'Reînnoiește', 'Renunță', 'Resetează', 'Retrimite',
  'Revino', 'Salvează', 'Scanează', 'Schimbă', 'Scrie', 'Selectează', 'Setează', 'Spune', 'Sună', 'Șterge', 'Trimite',
  'Verifică', 'Vezi',
];

/** Forms that are informal wherever they stand. */
export const INFORMAL_PATTERNS: { name: string; pattern: RegExp }[] = [
  { name: 'imperative (capitalised)', pattern: word(IMPERATIVES, 'u') },
  {
    name: 'imperative with a clitic',
    pattern: new RegExp(`(?<![${L}])(?:${IMPERATIVES.join('|')})-(?:te|ți|ne|o|l|le|i|mi)(?![${L}])`, 'iu'),
  },
  // "Scrie-ne", "Sună-ne", "Spune-ne": a verb not in the formal -ți form before "-ne"/"-mi".
  { name: 'informal verb before -ne/-mi', pattern: new RegExp(`(?<![${L}])[${L}]+(?<!ți)-(?:ne|mi)(?![${L}])`, 'iu') },
  { name: '"te rugăm"', pattern: /te\s+rugăm/iu },
  // Negative 2nd-person imperatives are the infinitive after "nu" ("Nu închide această fereastră", "Nu îl comunica").
  {
    name: 'negative imperative',
    pattern: new RegExp(
      `(?<![${L}])nu\\s+(?:(?:îl|o|le|îi|mai)\\s+)?(?:închide|comunica|uita|da|spune|trimite|folosi|reîncărca|părăsi|apăsa|modifica|ezita)(?![${L}])`,
      'iu',
    ),
  },
  // Pronouns and possessives of the 2nd person singular ("te ajutăm", "îți răspundem", "a-ți vedea", "contul tău").
  { name: '2nd-person pronoun or possessive', pattern: word(['tu', 'te', 'îți', 'ți', 'ție', 'tine', 'tău', 'ta', 'tăi', 'tale']) },
  // 2nd-person singular present: "ai", "poți", "vrei", "ești", "compari", "primești", "găsești", "aștepți"…
  {
    name: '2nd-person singular verb',
    pattern: word([
      'ai', 'aveai', 'poți', 'puteai', 'vrei', 'voiai', 'ești', 'erai', 'știi', 'dorești', 'alegi', 'compari', 'cauți',
      'aștepți', 'plătești', 'primești', 'găsești', 'folosești', 'citești', 'completezi', 'verifici', 'introduci',
      'vei', 'iei', 'dai', 'stai', 'faci', 'vezi', 'încerci', 'ajungi', 'pierzi', 'cumperi', 'trimiți', 'știai',
    ]),
  },
  // Any other "-ești" present (but not the city) and informal greetings.
  { name: '2nd-person "-ești" verb', pattern: new RegExp(`(?<![${L}])(?!Bucure)[${L}]{2,}ești(?![${L}])`, 'u') },
  { name: 'informal greeting', pattern: /(?<![\p{L}])(?:Salut(?:are)?|Bună|Hei|Pa)(?=\s*[,!])/u },
];

export type InformalHit = { name: string; match: string; context: string };

/** Every informal form in `text`, with a few words around it. */
export function findInformal(text: string): InformalHit[] {
  const hits: InformalHit[] = [];
  for (const { name, pattern } of INFORMAL_PATTERNS) {
    const global = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    for (const m of text.matchAll(global)) {
      const at = m.index ?? 0;
      hits.push({ name, match: m[0], context: text.slice(Math.max(0, at - 40), at + m[0].length + 40).replace(/\s+/g, ' ') });
    }
  }
  return hits;
}
