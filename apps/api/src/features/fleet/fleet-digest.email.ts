import escapeHtml from 'escape-html';
import { FLEET_ALERT_DOCUMENT_NAMES, type FleetAlert } from '@togo/domain/fleet/fleet-alerts.contract';
import { displayDate } from '@togo/domain/pico-placa/pico-placa.message';
import type { NewFineRow } from './fleet-digest.repository.ts';
import { formatCop, groupThousands } from '@togo/domain/money';

/** What one organisation's digest says (the same for each of its administradores). */
export interface DigestContent {
  empresa: string;
  semana: string;
  vencidos: FleetAlert[];
  vencen30: FleetAlert[];
  multasNuevas: NewFineRow[];
  /** Where "new fines" start (YYYY-MM-DD). */
  desde: string;
  /** Vehicles whose pico y placa TOGO does not know on the digest's day, by city (null: no city registered). */
  picoPlacaSinInformacion: { ciudad: string | null; vehiculos: number }[];
}

function unknownLine(u: { ciudad: string | null; vehiculos: number }): string {
  const count = `${groupThousands(u.vehiculos)} ${u.vehiculos === 1 ? 'vehículo' : 'vehículos'}`;
  return u.ciudad === null
    ? `${count} sin ciudad registrada`
    : `${u.ciudad}: ${count} (no tenemos la medida vigente; consulta la fuente oficial)`;
}

/** At most this many lines per section; the rest is "y N más" with a link to the fleet screens. */
const MAX_LINES = 20;

function alertLine(a: FleetAlert): string {
  const doc = FLEET_ALERT_DOCUMENT_NAMES[a.documento];
  if (a.vence === null) return `${a.placa}: sin ${doc} vigente`;
  return `${a.placa}: ${doc} ${a.dias !== null && a.dias < 0 ? 'venció' : 'vence'} el ${displayDate(a.vence)}`;
}

interface Section {
  title: string;
  empty: string;
  lines: string[];
}

/** The digest as plain text and HTML (same content), in Spanish. */
export function digestEmail(
  c: DigestContent,
  nombre: string,
  webUrl: string,
): { text: string; html: string } {
  const sections: Section[] = [
    {
      title: 'Vehículos sin SOAT o revisión técnico-mecánica vigente',
      empty: 'Todos los vehículos tienen SOAT y revisión técnico-mecánica vigentes.',
      lines: c.vencidos.map(alertLine),
    },
    {
      title: 'Vencen en los próximos 30 días',
      empty: 'Ningún documento vence en los próximos 30 días.',
      lines: c.vencen30.map(alertLine),
    },
    {
      title: `Multas nuevas desde el ${displayDate(c.desde)}`,
      empty: 'No hay multas nuevas.',
      lines: c.multasNuevas.map(
        (f) => `${f.placa}: ${formatCop(f.total)}${f.fecha ? ` (${displayDate(f.fecha.slice(0, 10))})` : ''}`,
      ),
    },
    {
      title: 'Pico y placa: sin información vigente hoy',
      empty: 'Tenemos la medida de pico y placa de hoy para todas las ciudades de tu flota.',
      lines: c.picoPlacaSinInformacion.map(unknownLine),
    },
  ];
  const link = `${webUrl}/flota/hoy`;
  const greeting = `¡Hola${nombre.trim() ? `, ${nombre.trim()}` : ''}!`;
  const intro = `Este es el resumen semanal de la flota de ${c.empresa}.`;
  const shown = (s: Section) => s.lines.slice(0, MAX_LINES);
  const more = (s: Section) =>
    s.lines.length > MAX_LINES ? `y ${groupThousands(s.lines.length - MAX_LINES)} más` : null;

  const text = [
    greeting,
    intro,
    ...sections.flatMap((s) => [
      '',
      `${s.title} (${groupThousands(s.lines.length)}):`,
      ...(s.lines.length ? shown(s).map((l) => `- ${l}`) : [s.empty]),
      ...(more(s) ? [more(s) as string] : []),
    ]),
    '',
    `Revisa el detalle en ${link}`,
    'Puedes desactivar este resumen en la sección Miembros de tu flota.',
  ].join('\n');

  const html = [
    `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>`,
    ...sections.map(
      (s) =>
        `<h3>${escapeHtml(s.title)} (${groupThousands(s.lines.length)})</h3>` +
        (s.lines.length
          ? `<ul>${shown(s)
              .map((l) => `<li>${escapeHtml(l)}</li>`)
              .join('')}${more(s) ? `<li>${escapeHtml(more(s) as string)}</li>` : ''}</ul>`
          : `<p>${escapeHtml(s.empty)}</p>`),
    ),
    `<p><a href="${escapeHtml(link)}">Ver la flota en TOGO</a></p>`,
    '<p><small>Puedes desactivar este resumen en la sección Miembros de tu flota.</small></p>',
  ].join('');
  return { text, html };
}
