import {
  MAINTENANCE_IMPORT_COLUMNS as COLUMNS,
  MAINTENANCE_IMPORT_HEADER as HEADER,
  MAINTENANCE_IMPORT_MAX_ROWS,
} from '@togo/domain/maintenance/maintenance-import.contract';
import { MAINTENANCE_TYPES, MAINTENANCE_TYPE_LABEL } from '@togo/domain/maintenance/maintenance.catalogue';
import { addSheet, COP_FORMAT, DATE_FORMAT, newWorkbook } from './maintenance.workbook.ts';

const WIDTH: Record<(typeof COLUMNS)[number], number> = {
  placa: 10,
  fecha: 12,
  kilometraje: 13,
  tipo: 22,
  descripcion: 36,
  costo: 14,
  taller: 24,
  correccion: 12,
};

const INSTRUCTIONS: [string, string][] = [
  ['Placa', 'Obligatoria. Una placa de tu flota en TOGO (ABC123).'],
  ['Fecha', 'Obligatoria. DD-MM-AAAA o una celda de fecha. No puede ser posterior a hoy ni anterior a 1950.'],
  ['Kilometraje', 'Obligatorio. El kilometraje del vehículo ese día, sin puntos ni decimales.'],
  ['Tipo', 'Obligatorio. Uno de los tipos de abajo (el nombre o el código).'],
  ['Descripción', 'Opcional. Hasta 500 caracteres.'],
  ['Costo', 'Obligatorio. En pesos, sin decimales (0 si no tuvo costo). No puede ser negativo.'],
  ['Taller', 'Opcional. Hasta 120 caracteres.'],
  [
    'Corrección',
    'Opcional. Escribe «Sí» si el kilometraje es menor que una lectura anterior porque la corrige (odómetro cambiado o lectura equivocada).',
  ],
  ['', ''],
  ['', `Hasta ${MAINTENANCE_IMPORT_MAX_ROWS.toLocaleString('es-CO')} filas y 2 MB por archivo.`],
  [
    '',
    'Subir de nuevo el mismo archivo no duplica nada: un servicio con la misma placa, fecha, tipo, kilometraje y costo ya importado se omite.',
  ],
  ['', 'Las filas con errores no se guardan: corrígelas y vuelve a subir el archivo.'],
  ['', ''],
  ['Tipos', ''],
  ...MAINTENANCE_TYPES.map((t): [string, string] => [MAINTENANCE_TYPE_LABEL[t], t]),
];

/**
 * The import template (decision 092): sheet 'Mantenimientos' (the header row, text-formatted plates, date and
 * pesos formats; no example rows, so the template itself imports nothing wrong) then 'Instrucciones'.
 */
export async function maintenanceImportTemplate(): Promise<Buffer> {
  const wb = await newWorkbook();
  const ws = addSheet(
    wb,
    'Mantenimientos',
    COLUMNS.map((c) => ({
      header: HEADER[c],
      width: WIDTH[c],
      ...(c === 'fecha' ? { numFmt: DATE_FORMAT } : c === 'costo' ? { numFmt: COP_FORMAT } : {}),
      ...(c === 'placa' ? { numFmt: '@' } : {}),
    })),
  );
  ws.getColumn(1).numFmt = '@';
  const help = addSheet(wb, 'Instrucciones', [
    { header: 'Columna', width: 24 },
    { header: 'Cómo llenarla', width: 100 },
  ]);
  for (const line of INSTRUCTIONS) help.addRow(line);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
