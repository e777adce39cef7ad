import { FLEET_COMPLIANCE_PATHS } from '@togo/domain/fleet/fleet-compliance.contract';
import { FleetDownloadButton } from './FleetDownloadButton.tsx';

const FINES_XLSX_FILE_NAME = 'multas-flota.xlsx';

/** 'Descargar multas (.xlsx)': every fine of the fleet's vehicles (issue 37: the export had no button). */
export function FinesXlsxButton() {
  return (
    <FleetDownloadButton
      path={FLEET_COMPLIANCE_PATHS.finesXlsx}
      fileName={() => FINES_XLSX_FILE_NAME}
      label="Descargar multas (.xlsx)"
      busyLabel="Preparando archivo…"
      failure="No se pudo descargar el archivo de multas, intenta nuevamente."
      logLabel="Descarga de multas"
    />
  );
}
