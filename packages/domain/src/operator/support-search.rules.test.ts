import { describe, expect, it } from 'vitest';
import { foldName, supportSearchTerms } from './support-search.rules.ts';

describe('supportSearchTerms', () => {
  it.each([
    ['3001234567', '3001234567'],
    ['573001234567', '3001234567'],
    ['+57 300 123 4567', '3001234567'],
    ['300 123 4567', '3001234567'],
    ['(300) 123-4567', '3001234567'],
  ])('reads %s as the stored phone %s', (q, phone) => {
    expect(supportSearchTerms(q).phone).toBe(phone);
  });

  it('does not take an email, a plate or a short number for a phone', () => {
    expect(supportSearchTerms('laura@correo.co').phone).toBeNull();
    expect(supportSearchTerms('ABC123').phone).toBeNull();
    expect(supportSearchTerms('12345').phone).toBeNull();
  });

  it('folds a name (accents, case, repeated spaces) and escapes LIKE wildcards', () => {
    expect(supportSearchTerms('  Laura   PEÑA ').name).toBe('laura pena');
    expect(supportSearchTerms('Álvarez').name).toBe('alvarez');
    expect(supportSearchTerms('50%_de\\x').name).toBe('50\\%\\_de\\\\x');
  });

  it('takes no name from an email, a short query or digits only', () => {
    expect(supportSearchTerms('laura@correo.co').name).toBeNull();
    expect(supportSearchTerms('Lu').name).toBeNull();
    expect(supportSearchTerms('3001234567').name).toBeNull();
  });

  it('keeps the plate and the text as before', () => {
    expect(supportSearchTerms(' abc-123 ')).toMatchObject({ text: 'abc-123', plate: 'ABC123' });
  });

  it('folds every accented vowel and ñ the database folds', () => {
    expect(foldName('ÁÉÍÓÚÜÑàèìòù')).toBe('aeiouunaeiou');
  });
});
