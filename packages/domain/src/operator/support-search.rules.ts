/**
 * What a support look-up (issue 38) searches for, from the one box the console offers: an email, a document, a
 * plate, a phone however it is written (`3001234567`, `573001234567`, `+57 300 123 4567`, `300 123 4567`) or a
 * driver's name (from its start, or the surnames' start; accents and case ignored).
 */
export interface SupportSearchTerms {
  /** The query as typed, trimmed: email (case-insensitive) and document. */
  text: string;
  /** As a plate: upper case, without spaces or hyphens. */
  plate: string;
  /** As a stored phone (10 digits, without the country code 57), or null when the query is not a phone. */
  phone: string | null;
  /** As a folded name prefix, escaped for SQL LIKE, or null when the query is not a name (3+ characters). */
  name: string | null;
}

/** Letters folded for name search, the same in SQL (`translate`) and here: accents and case ignored. */
export const NAME_FOLD_FROM = 'ÁÉÍÓÚÜÑÀÈÌÒÙáéíóúüñàèìòù';
export const NAME_FOLD_TO = 'aeiouunaeiouaeiouunaeiou';

const PHONE_CHARS = /^[+\d\s().-]+$/;
const COUNTRY_CODE = '57';
const MIN_NAME_LENGTH = 3;

/** A name folded as the database index folds it: lower case, the accents of Spanish names dropped. */
export function foldName(value: string): string {
  let out = '';
  for (const ch of value.toLowerCase()) {
    const at = NAME_FOLD_FROM.indexOf(ch);
    out += at >= 0 ? NAME_FOLD_TO.charAt(at) : ch;
  }
  return out;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

export function supportSearchTerms(q: string): SupportSearchTerms {
  const text = q.trim();
  const plate = text.toUpperCase().replace(/[\s-]/g, '');
  let phone: string | null = null;
  if (PHONE_CHARS.test(text)) {
    const digits = text.replace(/\D/g, '');
    const national =
      digits.length === 12 && digits.startsWith(COUNTRY_CODE) ? digits.slice(COUNTRY_CODE.length) : digits;
    if (national.length >= 7 && national.length <= 15) phone = national;
  }
  const words = text.replace(/\s+/g, ' ');
  const isName = !text.includes('@') && /\p{L}/u.test(words) && words.length >= MIN_NAME_LENGTH;
  return { text, plate, phone, name: isName ? escapeLike(foldName(words)) : null };
}
