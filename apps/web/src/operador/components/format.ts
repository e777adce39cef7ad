import { onFirstUse } from '../../lib/on-first-use.ts';

const dateTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('es-CO', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'America/Bogota',
    }),
);
const day = onFirstUse(() => new Intl.DateTimeFormat('es-CO', { dateStyle: 'medium', timeZone: 'UTC' }));

/** An instant in Bogotá time: "24 nov 2026, 7:00 a. m." */
export const formatDateTime = (iso: string) => dateTime().format(new Date(iso));
/** A calendar date "YYYY-MM-DD" as "24 nov 2026". */
export const formatDay = (date: string) => day().format(new Date(`${date}T00:00:00Z`));
