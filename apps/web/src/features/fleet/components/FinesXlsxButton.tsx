import { useState } from 'react';
import { FLEET_COMPLIANCE_PATHS } from '@togo/domain/fleet/fleet-compliance.contract';
import { DownloadIcon } from '../../../components/ui/app-icons.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { downloadWithToken } from '../../../lib/api-client.ts';

const FINES_XLSX_FILE_NAME = 'multas-flota.xlsx';

/** 'Descargar multas (.xlsx)': every fine of the fleet's vehicles (issue 37: the export had no button). */
export function FinesXlsxButton() {
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadWithToken(FLEET_COMPLIANCE_PATHS.finesXlsx, FINES_XLSX_FILE_NAME);
    } catch (error) {
      console.error('Descarga de multas', error);
      await dialog.show({
        variant: 'error',
        title: '¡Ups!',
        message: 'No se pudo descargar el archivo de multas, intenta nuevamente.',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn--secondary"
      onClick={() => void download()}
      disabled={busy}
      aria-busy={busy}
    >
      <DownloadIcon />
      {busy ? 'Preparando archivo…' : 'Descargar multas (.xlsx)'}
    </button>
  );
}
