/**
 * Web addresses in text users write (issue 35, finding 5; decision 095): a name that reaches someone else's inbox
 * (the company name in an invitation) must not carry a link. Matches a scheme (`http://`, `ftp://`…), `www.`, an
 * address like `bit.ly/x` or `banco-seguro.com` (labels, a dot and a top-level domain of 2 to 24 letters, which
 * mail clients turn into links), an e-mail address and a dotted IPv4 address. "S.A.S." and "Cía. Ltda." are not
 * links (one-letter labels, or a space after the dot).
 */
const LINK_PATTERN =
  /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*\.(?:\p{L}{2,24}|xn--[a-z0-9-]+)(?![\p{L}\p{N}_-])|@|\b\d{1,3}(?:\.\d{1,3}){3}\b/iu;

export const LINK_REFUSED_MSG = 'El nombre no puede contener enlaces, direcciones web ni correos.';

/** True when the text holds anything a mail client could turn into a link. */
export function containsLink(text: string): boolean {
  return LINK_PATTERN.test(text);
}

/** The text without the words that hold a link (spaces collapsed), for a name stored before links were refused. */
export function stripLinks(text: string): string {
  return text
    .split(/\s+/)
    .filter((word) => word !== '' && !containsLink(word))
    .join(' ');
}
