import {
  FLEET_SUMMARY_PDF_PATH,
  fleetSummaryPdfFilename,
} from '@togo/domain/fleet/fleet-summary-pdf.contract';
import { FleetDownloadButton } from './FleetDownloadButton.tsx';

/** 'Resumen para gerencia (PDF)': the management summary (decision 038), downloaded with the session token. */
export function SummaryPdfButton() {
  return (
    <FleetDownloadButton
      path={FLEET_SUMMARY_PDF_PATH}
      fileName={() =>
        fleetSummaryPdfFilename(new Date().toLocaleDateString('en-CA', { timeZone: 'America/Bogota' }))
      }
      label="Resumen para gerencia (PDF)"
      busyLabel="Preparando resumen…"
      failure="No se pudo descargar el resumen, intenta nuevamente."
      logLabel="Descarga del resumen PDF"
    />
  );
}
