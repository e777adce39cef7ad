import { useState } from 'react';
import { DownloadIcon } from '../../../components/ui/app-icons.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { downloadWithToken } from '../../../lib/api-client.ts';

export interface FleetDownloadButtonProps {
  /** The file's API path, downloaded with the session token. */
  path: string;
  /** The file's name when the answer does not give one (read at the click). */
  fileName: () => string;
  label: string;
  busyLabel: string;
  /** The '¡Ups!' dialog's text when the download fails. */
  failure: string;
  /** What the console log names on failure. */
  logLabel: string;
}

/** A fleet export's button: disabled while the file is prepared, a dialog when it fails. */
export function FleetDownloadButton({
  path,
  fileName,
  label,
  busyLabel,
  failure,
  logLabel,
}: FleetDownloadButtonProps) {
  const dialog = useDialog();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadWithToken(path, fileName());
    } catch (error) {
      console.error(logLabel, error);
      await dialog.show({ variant: 'error', title: '¡Ups!', message: failure });
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
      {busy ? busyLabel : label}
    </button>
  );
}
