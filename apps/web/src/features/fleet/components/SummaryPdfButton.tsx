import { useState } from 'react';
import {
  FLEET_SUMMARY_PDF_PATH,
  fleetSummaryPdfFilename,
} from '@togo/domain/fleet/fleet-summary-pdf.contract';
import { DownloadIcon } from '../../../components/ui/app-icons.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { downloadWithToken } from '../../../lib/api-client.ts';

/** 'Resumen para gerencia (PDF)': the management summary (decision 038), downloaded with the session token. */
export function SummaryPdfButton() {
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Bogota' });
      await downloadWithToken(FLEET_SUMMARY_PDF_PATH, fleetSummaryPdfFilename(today));
    } catch (error) {
      console.error('Descarga del resumen PDF', error);
      await dialog.show({
        variant: 'error',
        title: '¡Ups!',
        message: 'No se pudo descargar el resumen, intenta nuevamente.',
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
      {busy ? 'Preparando resumen…' : 'Resumen para gerencia (PDF)'}
    </button>
  );
}
