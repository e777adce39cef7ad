import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProblems, sourceTexts, textProblems } from './spanish-texts.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

/** The words issue 36 found on the screens, as they were written. */
const FIXTURE = `
export const messages = {
  plateFormat: 'Formato de placa invalido.',
  addressRequired: 'La direccion es obligatorio.',
  noSlots: 'No hay horarios disponibles para este dia, selecciona otro',
};
export const SOAT_MESSAGE = 'Esta funcionalidad estara disponible proximamente!';
export const TITLE = \`No olvides configurar tu garaje en \${'TOGO'}!\`;
export function Price() {
  return (
    <p className="price-soat poliza">
      <span>Poliza Todo Riesgo</span> <span>Soat</span> <span>Iva incluido</span>
      <span title="¿Seguro?">¿Cancelar la cita?</span>
    </p>
  );
}
`;

describe('Spanish texts checker', () => {
  it('finds every example of issue 36 in a fixture, and nothing in its correct texts or code', () => {
    const found = sourceTexts('fixture.tsx', FIXTURE).map(({ text }) => [text, textProblems(text)] as const);
    expect(Object.fromEntries(found.filter(([, problems]) => problems.length > 0))).toEqual({
      'Formato de placa invalido.': ['"invalido" sin tilde: inválido'],
      'La direccion es obligatorio.': ['"direccion" sin tilde: dirección'],
      'No hay horarios disponibles para este dia, selecciona otro': ['"dia" sin tilde: día'],
      'Esta funcionalidad estara disponible proximamente!': [
        '"estara" sin tilde: estará',
        '"proximamente" sin tilde: próximamente',
        '"!" sin "¡" de apertura',
      ],
      'No olvides configurar tu garaje en {x}!': ['"!" sin "¡" de apertura'],
      'Poliza Todo Riesgo': ['"Poliza" sin tilde: póliza'],
      Soat: ['"Soat": se escribe SOAT'],
      'Iva incluido': ['"Iva": se escribe IVA'],
    });
    expect(found.map(([text]) => text)).toContain('¿Cancelar la cita?');
  });

  it('leaves codes, URLs, questions with their opening mark and HTML comments alone', () => {
    expect(textProblems('¿Quieres cancelar? ¡Listo! Hecho.')).toEqual([]);
    expect(textProblems('Ver /api/togo/agendamientos/?placa=ABC123 y numero_documento')).toEqual([]);
    expect(textProblems('<!--togo:lcp-image-->')).toEqual([]);
    expect(textProblems('Documento no válido: usa "soat" (SOAT) o "rtm" (RTM).')).toEqual([]);
    expect(textProblems('Hola, ¿cómo vas? Bien!')).toEqual(['"!" sin "¡" de apertura']);
  });

  // Parsing some 820 source files takes 3–12 s on the shared 2-core machine: a generous limit, not a timed assertion.
  it('finds no problem in the texts of the web app, the API and the domain', { timeout: 120_000 }, () => {
    const problems = findProblems(ROOT, ['apps/web/src', 'apps/api/src', 'packages/domain/src']);
    expect(problems.map((p) => `${p.file}:${p.line} ${p.problem} — ${p.text}`)).toEqual([]);
  });
});
