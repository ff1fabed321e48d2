import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MESSAGES } from '../../../contract/password-rules';
import { fieldError } from './errors';

/**
 * The server-only half of the password policy (the character rules: contract/password-rules.ts): no
 * password from the common/breached list of zxcvbn-ts (about 49 000 passwords from public breach corpora,
 * shipped offline in @zxcvbn-ts/language-common), or from a few Romanian favourites, or such a word with digits
 * and symbols around it (`Password1`, `Parola123`, `P@r0la!`), or a single repeated character, or built only
 * from the user's own name and email.
 */

/** Romanian words people pick as passwords (the breach list is mostly English). Lower case, no diacritics. */
const ROMANIAN_COMMON = [
  'parola', 'parolamea', 'parolanoua', 'parolata', 'noua', 'asigurare', 'asigurari', 'broker', 'brokerasigurari',
  'bucuresti', 'romania', 'iubire', 'iubirea', 'dragoste', 'iubita', 'iubitul', 'iubitamea', 'printesa',
  'fotbal', 'dinamo', 'steaua', 'rapid', 'craiova', 'timisoara', 'constanta', 'brasov', 'cluj', 'iasi', 'sibiu',
  'mama', 'tata', 'mamaliga', 'pisica', 'catelus', 'soare', 'primavara', 'craciun', 'dumnezeu', 'salut', 'salutare',
  'buna', 'bunaziua', 'noroc', 'secret', 'secretul', 'ionut', 'andrei', 'alexandru', 'mihai', 'florin', 'cristi',
  'maria', 'elena', 'ioana', 'andreea', 'alexandra', 'gabriel', 'stefan', 'adrian', 'cristina', 'daniela',
];

const COMMON = new Set<string>([...dictionary['passwords-common'], ...ROMANIAN_COMMON]);

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '@': 'a', '$': 's', '!': 'i' };

/** Lower case, diacritics removed (`Parolă` → `parola`). */
function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The word inside digits and symbols at either end: `123parola!` → `parola`. */
function core(value: string): string {
  return value.replace(/^[^\p{L}]+/u, '').replace(/[^\p{L}]+$/u, '');
}

function candidates(password: string): string[] {
  const folded = fold(password);
  const deleet = (v: string) => v.replace(/[0134578@$!]/g, (c) => LEET[c]);
  return [folded, core(folded), deleet(folded), core(deleet(folded)), deleet(core(folded)), folded.replace(/[^\p{L}\d]/gu, '')];
}

/** True for a password on the common/breached list or a thin variant of one. */
export function isCommonPassword(password: string): boolean {
  const list = candidates(password);
  if (list.some((c) => c.length > 0 && COMMON.has(c))) return true;
  // aaaaaaa1, 1111111a: one character repeated, give or take the digit/case the rules demand.
  const letters = core(fold(password));
  return /^(.)\1*$/u.test(letters) || /^(.)\1*$/u.test(fold(password).replace(/\d+$/u, ''));
}

export interface PasswordOwner {
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/** True when, without the owner's names and email parts, fewer than 3 letters are left (`IonPopescu1`). */
export function isPersonalPassword(password: string, owner: PasswordOwner): boolean {
  const local = fold(owner.email ?? '').split('@')[0] ?? '';
  const tokens = [local, ...local.split(/[^\p{L}]+/u), ...[owner.first_name, owner.last_name].flatMap((n) => fold(n ?? '').split(/[^\p{L}]+/u))]
    .map((t) => t.replace(/[^\p{L}]/gu, ''))
    .filter((t) => t.length >= 3)
    .sort((a, b) => b.length - a.length);
  if (tokens.length === 0) return false;
  let rest = fold(password).replace(/[^\p{L}]/gu, '');
  const before = rest;
  for (const t of tokens) rest = rest.split(t).join('');
  return rest !== before && rest.length < 3;
}

/** Throws the contract's 422 on `field` when the password is common or built from the owner's own data. */
export function assertAcceptablePassword(password: string, owner: PasswordOwner, field = 'password') {
  if (isCommonPassword(password)) throw fieldError(field, PASSWORD_MESSAGES.common);
  if (isPersonalPassword(password, owner)) throw fieldError(field, PASSWORD_MESSAGES.personal);
}
