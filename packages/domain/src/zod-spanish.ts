/**
 * Plain Spanish for every zod check that has no message of its own (issue 38: the console showed "Too small:
 * expected string to have >=1 characters" and "Invalid input: expected string, received undefined"). Installed as
 * zod's global `customError` by the API (app.ts) and the web apps (lib/zod-config.ts), so a schema's own message
 * still wins. Written for the person filling a form: no type names, no symbols. Imports nothing at run time (the web
 * entry sets it without loading zod).
 */

/** The parts of a zod issue this reads (zod's own type is not imported: the web entry must not pull zod in). */
export interface ZodIssueLike {
  code?: string;
  input?: unknown;
  expected?: string;
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  inclusive?: boolean;
  format?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
  divisor?: number | bigint;
}

const EXPECTED: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  bigint: 'un número entero',
  boolean: 'sí o no',
  date: 'una fecha',
  array: 'una lista',
  object: 'un objeto',
};

const FORMATS: Record<string, string> = {
  email: 'Escribe un correo válido, p. ej. nombre@correo.com.',
  url: 'Escribe una dirección web válida (https://…).',
  uuid: 'El identificador no es válido.',
  date: 'Escribe una fecha válida (AAAA-MM-DD).',
  datetime: 'Escribe una fecha y hora válidas.',
  time: 'Escribe una hora válida (HH:MM).',
  regex: 'El formato no es válido.',
};

const count = (n: number | bigint | undefined) => Number(n ?? 0).toLocaleString('es-CO');

function tooSmall(issue: ZodIssueLike): string {
  const n = Number(issue.minimum ?? 0);
  const min = issue.inclusive === false ? n + 1 : n;
  switch (issue.origin) {
    case 'string':
      return min <= 1 ? 'Este campo es obligatorio.' : `Escribe al menos ${count(min)} caracteres.`;
    case 'array':
    case 'set':
      return min <= 1 ? 'Elige al menos una opción.' : `Elige al menos ${count(min)}.`;
    case 'date':
      return 'La fecha es anterior a la permitida.';
    default:
      return issue.inclusive === false ? `Debe ser mayor que ${count(n)}.` : `El mínimo es ${count(n)}.`;
  }
}

function tooBig(issue: ZodIssueLike): string {
  const n = Number(issue.maximum ?? 0);
  switch (issue.origin) {
    case 'string':
      return `Máximo ${count(n)} caracteres.`;
    case 'array':
    case 'set':
      return `Máximo ${count(n)} elementos.`;
    case 'date':
      return 'La fecha es posterior a la permitida.';
    default:
      return issue.inclusive === false ? `Debe ser menor que ${count(n)}.` : `El máximo es ${count(n)}.`;
  }
}

/** The message for a zod issue without one of its own. */
export function spanishIssueMessage(issue: ZodIssueLike): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'Este campo es obligatorio.';
      if (issue.expected === 'number' || issue.expected === 'int') return 'Escribe solo números.';
      return `Debe ser ${EXPECTED[issue.expected ?? ''] ?? 'un valor válido'}.`;
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return FORMATS[issue.format ?? ''] ?? 'El formato no es válido.';
    case 'invalid_value':
      return 'Elige una de las opciones.';
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${count(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `Campo no permitido: ${(issue.keys ?? []).join(', ')}.`;
    default:
      return 'El valor no es válido.';
  }
}
