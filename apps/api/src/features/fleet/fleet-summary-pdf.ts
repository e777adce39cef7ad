import { MONTHS_ES } from '@togo/domain/alerts/alerts.dates';
import type { FleetComplianceSummary } from '@togo/domain/fleet/fleet-compliance.contract';
import type { FleetReports } from '@togo/domain/fleet/fleet-reports.contract';
import { formatCop, groupThousands } from '@togo/domain/money';

/** What the management summary shows (decision 038). */
export interface FleetSummaryContent {
  empresa: string;
  /** YYYY-MM-DD in Bogotá. */
  fecha: string;
  resumen: FleetComplianceSummary;
  documentos: FleetReports['documentos'];
  /** Vehicles with the most pending fines, most first. */
  multas: FleetReports['por_vehiculo'];
}

/** '2026-11-25' → '25 de noviembre de 2026'. */
export function longSpanishDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} de ${MONTHS_ES[(m ?? 1) - 1]} de ${y}`;
}

const INK = '#1a1a2e';
const MUTED = '#5c5c70';
const ACCENT = '#0b5cad';

/**
 * A one-page A4 summary for management, in Spanish, with pdfkit's built-in Helvetica (WinAnsi covers á, ñ, ¿, ¡).
 * Returns the document as a readable stream (already ended). `compress: false` keeps the text readable in tests.
 */
export async function fleetSummaryPdf(content: FleetSummaryContent, opts: { compress?: boolean } = {}) {
  // pdfkit (and its font metrics) is loaded with the first summary, not at start-up (idle memory, decision 024).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: opts.compress ?? true,
    info: {
      Title: `Resumen de la flota — ${content.empresa}`,
      Author: 'TOGO',
      Subject: 'Cumplimiento de la flota',
    },
    lang: 'es-CO',
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(20).text('Resumen de cumplimiento de la flota');
  doc.moveDown(0.3);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(content.empresa || 'Empresa sin nombre');
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(10)
    .text(`Fecha: ${longSpanishDate(content.fecha)}`);
  doc.moveDown(1.2);

  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text('Cumplimiento de hoy');
  doc.moveDown(0.4);
  const r = content.resumen;
  const lines: [string, string][] = [
    ['Vehículos en la flota', groupThousands(r.vehiculos)],
    ['No pueden circular hoy', groupThousands(r.no_pueden_circular)],
    ['Sin información de pico y placa hoy', groupThousands(r.sin_informacion)],
    ['Con SOAT o revisión técnico-mecánica vencidos', groupThousands(r.vencidos)],
    ['Vencen en los próximos 30 días', groupThousands(r.vencen_30)],
    ['Documentos al día', `${content.documentos.porcentaje_al_dia.toLocaleString('es-CO')} %`],
    // Never counted as al día (issue 37): TOGO does not know their SOAT yet.
    ...(content.documentos.sin_informacion > 0
      ? ([['Sin SOAT conocido aún', groupThousands(content.documentos.sin_informacion)]] as [
          string,
          string,
        ][])
      : []),
  ];
  doc.font('Helvetica').fontSize(11);
  for (const [label, value] of lines) {
    const y = doc.y;
    doc.fillColor(INK).text(label, left, y, { width: width - 120 });
    doc.font('Helvetica-Bold').text(value, left + width - 110, y, { width: 110, align: 'right' });
    doc.font('Helvetica');
    doc.moveDown(0.35);
  }
  doc.moveDown(1);

  doc.x = left;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text('Vehículos con más multas pendientes');
  doc.moveDown(0.4);
  if (content.multas.length === 0) {
    doc.font('Helvetica').fontSize(11).fillColor(MUTED).text('¡Ningún vehículo tiene multas pendientes!');
  } else {
    const cols = [
      { title: 'Placa', x: left, w: 120, align: 'left' as const },
      { title: 'Multas pendientes', x: left + 120, w: 130, align: 'right' as const },
      { title: 'Valor pendiente', x: left + 250, w: width - 250, align: 'right' as const },
    ];
    const row = (cells: string[], bold: boolean) => {
      const y = doc.y;
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(10.5)
        .fillColor(INK);
      cells.forEach((c, i) => {
        const col = cols[i];
        if (col) doc.text(c, col.x, y, { width: col.w, align: col.align });
      });
      doc.moveDown(0.3);
    };
    row(
      cols.map((c) => c.title),
      true,
    );
    for (const m of content.multas)
      row([m.placa, groupThousands(m.pendientes), formatCop(m.total_pendiente)], false);
  }

  doc.x = left;
  doc.moveDown(2);
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      'Datos de RUNT y SIMIT según la última consulta de cada vehículo. Generado por TOGO.',
      left,
      doc.y,
      { width },
    );
  doc.end();
  return doc;
}
