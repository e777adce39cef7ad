import escapeHtml from 'escape-html';
import { clockText } from '@togo/domain/clock-text';
import type { ExportData } from './personal-data.mapper.ts';

/**
 * resumen.html (issue 36): the same data as datos.json, readable by a person: the account, the profile, the
 * data-processing policy and every consent, vehicles, bookings and notices, with dates in Bogotá time. Plain HTML
 * with its own small style sheet, so it opens from the .zip in any browser with no network.
 */

const dateTime = new Intl.DateTimeFormat('es-CO', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'America/Bogota',
});

function when(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : dateTime.format(date).replace(/\s/g, ' ');
}

const text = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '—' : escapeHtml(String(value));

function facts(rows: [string, unknown][]): string {
  return `<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${text(v)}</dd>`).join('')}</dl>`;
}

function table(head: string[], rows: unknown[][], empty: string): string {
  if (rows.length === 0) return `<p>${escapeHtml(empty)}</p>`;
  const th = head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${text(c)}</td>`).join('')}</tr>`).join('');
  return `<table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

export function exportSummaryHtml(data: ExportData): string {
  const { cuenta, perfil, politica_tratamiento_datos: politica } = data;
  const policy =
    politica.estado === 'aceptada'
      ? `Aceptada (versión ${politica.version ?? '—'}) el ${when(politica.fecha)}.`
      : 'No informada en el registro.';
  return `<!doctype html>
<html lang="es-CO"><head><meta charset="utf-8"><title>Tus datos en TOGO</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}th,td{border:1px solid #ccc;padding:.35rem .5rem;
text-align:left;vertical-align:top}dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
dt{font-weight:600}dd{margin:0}</style></head><body>
<h1>Tus datos en TOGO</h1>
<p>Resumen legible del archivo datos.json, generado el ${when(data.generado)} (hora de Colombia).</p>
<h2>Cuenta</h2>${facts([
    ['Correo', cuenta.email],
    ['Tipo de usuario', cuenta.tipo_usuario],
    ['Creada', when(cuenta.creada)],
    ['Tiene contraseña', cuenta.tiene_contrasena ? 'Sí' : 'No'],
  ])}
<h2>Perfil</h2>${facts([
    ['Nombres', perfil.nombres],
    ['Apellidos', perfil.apellidos],
    ['Celular', perfil.telefono],
    ['Documento', perfil.identificacion ? `${perfil.tipo_documento ?? ''} ${perfil.identificacion}` : null],
    ['Razón social', perfil.razon_social],
  ])}
<h2>Política de tratamiento de datos personales</h2><p>${escapeHtml(policy)}</p>
<h2>Consentimientos</h2>${table(
    ['Fecha', 'Finalidad', 'Respuesta', 'Pantalla', 'Texto'],
    data.consentimientos.map((c) => [
      when(c.fecha),
      c.finalidad,
      c.aceptado ? 'Aceptó' : 'Retiró o no dio',
      c.pantalla,
      c.texto,
    ]),
    'No hay consentimientos registrados.',
  )}
<h2>Vehículos</h2>${table(
    ['Placa', 'Kilometraje', 'Agregado', 'Fechas'],
    data.vehiculos.map((v) => [
      v.placa,
      v.kilometraje,
      when(v.creado),
      v.fechas.map((f) => `${f.codigo}: vence ${f.fecha_vencimiento ?? '—'}`).join('; '),
    ]),
    'No tienes vehículos.',
  )}
<h2>Reservas</h2>${table(
    ['Referencia', 'Servicio', 'Fecha', 'Hora', 'Placa', 'Estado'],
    data.reservas.map((b) => [b.referencia, b.servicio, b.fecha, clockText(b.hora), b.placa, b.estado]),
    'No tienes reservas.',
  )}
<h2>Documentos</h2>${table(
    ['Archivo', 'Tipo', 'Creado'],
    data.documentos.map((d) => [d.archivo ?? 'no disponible', d.proposito, when(d.creado)]),
    'No tienes documentos.',
  )}
<h2>Avisos</h2><p>${data.notificaciones.length} avisos; el detalle está en datos.json.</p>
</body></html>
`;
}
