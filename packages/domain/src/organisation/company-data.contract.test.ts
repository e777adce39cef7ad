import { describe, expect, it } from 'vitest';
import { NIT_MSG } from '../reference/nit.ts';
import { LINK_REFUSED_MSG } from '../user-links.ts';
import { COMPANY_DATA_MSG, companyDataInputSchema, companyLabel } from './company-data.contract.ts';

const messages = (input: unknown) =>
  companyDataInputSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('companyDataInputSchema', () => {
  it('trims the name and stores the NIT as "base-DV"; a blank or absent NIT is null', () => {
    expect(
      companyDataInputSchema.parse({ razon_social: '  Transportes Álamo S.A.S. ', nit: '890.903.938-8' }),
    ).toEqual({
      razon_social: 'Transportes Álamo S.A.S.',
      nit: '890903938-8',
    });
    expect(companyDataInputSchema.parse({ razon_social: 'Álamo', nit: '  ' }).nit).toBeNull();
    expect(companyDataInputSchema.parse({ razon_social: 'Álamo', nit: null }).nit).toBeNull();
    expect(companyDataInputSchema.parse({ razon_social: 'Álamo' }).nit).toBeNull();
  });

  it('refuses a wrong DV, a missing name, a link and control characters, each on its field', () => {
    expect(messages({ razon_social: 'Álamo', nit: '890903938-1' })).toEqual([['nit', NIT_MSG.invalid]]);
    expect(messages({ razon_social: 'Álamo', nit: 890903938 })).toEqual([['nit', NIT_MSG.invalid]]);
    expect(messages({ razon_social: ' ', nit: '' })).toEqual([
      ['razon_social', COMPANY_DATA_MSG.nameRequired],
    ]);
    expect(messages({ razon_social: 'Álamo www.pague-aqui.co' })).toEqual([
      ['razon_social', LINK_REFUSED_MSG],
    ]);
    expect(messages({ razon_social: 'Álamo\u202eS.A.S.' })).toEqual([
      ['razon_social', COMPANY_DATA_MSG.nameInvalid],
    ]);
    expect(messages({ razon_social: 'x'.repeat(201) })).toEqual([
      ['razon_social', COMPANY_DATA_MSG.nameTooLong],
    ]);
  });
});

describe('companyLabel', () => {
  it('quotes the NIT after the name when known', () => {
    expect(companyLabel('Transportes Álamo S.A.S.', '890903938-8')).toBe(
      'Transportes Álamo S.A.S. (NIT 890903938-8)',
    );
    expect(companyLabel('Ana Pérez', null)).toBe('Ana Pérez');
    expect(companyLabel(' ', '890903938-8')).toBe('NIT 890903938-8');
  });
});
