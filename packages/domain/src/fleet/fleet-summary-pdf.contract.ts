/** The management PDF summary of a fleet (issue 16, decision 038). */

export const FLEET_SUMMARY_PDF_PATH = '/api/togo/flota/resumen.pdf';
export const PDF_CONTENT_TYPE = 'application/pdf';

/** Vehicles listed under "Vehículos con más multas pendientes". */
export const FLEET_SUMMARY_TOP_FINES = 10;

export const fleetSummaryPdfFilename = (fecha: string) => `resumen-flota-${fecha}.pdf`;
