import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PURGE_AFTER_DAYS } from '@togo/domain/profile/personal-data.contract';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { errorDetail, isApiError } from '../../../lib/api-client.ts';
import { clearAllStorage } from '../../../lib/storage.ts';
import { downloadMyData } from '../api/personal-data.ts';
import { DeleteAccountModal } from './DeleteAccountModal.tsx';
import { ProfileRow } from './ProfileRow.tsx';

export const PERSONAL_DATA_UI = {
  preparing: 'Preparando tus datos...',
  downloadFailed: 'No pudimos preparar tus datos. Intenta de nuevo.',
  offline: 'No pudimos conectarnos. Revisa tu conexión e intenta de nuevo.',
  deleted: `Eliminamos tu cuenta y cerramos todas tus sesiones. Tus datos personales se borrarán definitivamente en ${PURGE_AFTER_DAYS} días.`,
} as const;

/** Profile section 'Tus datos' (Ley 1581 de 2012): download one's data, delete one's account. */
export function PersonalDataSection() {
  const dialog = useDialog();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch (error) {
      const offline = isApiError(error) && error.status === 0;
      await dialog.show({
        variant: 'error',
        message: offline ? PERSONAL_DATA_UI.offline : (errorDetail(error) ?? PERSONAL_DATA_UI.downloadFailed),
      });
    } finally {
      setDownloading(false);
    }
  };

  const deleted = async () => {
    setDeleting(false);
    // The server revoked every token already: forget the session here and go to the sign-in screen.
    clearAllStorage();
    queryClient.clear();
    await navigate('/auth', { replace: true });
    await dialog.show({ variant: 'success', title: 'Cuenta eliminada', message: PERSONAL_DATA_UI.deleted });
  };

  return (
    <>
      <h3 className="profile-section">Tus datos</h3>
      <ul className="profile-rows">
        <li className="profile-rows__note">
          Descarga una copia de tus datos o elimina tu cuenta (Ley 1581 de 2012).
        </li>
        <ProfileRow
          label={downloading ? PERSONAL_DATA_UI.preparing : 'Descargar mis datos'}
          onClick={() => void download()}
          disabled={downloading}
        />
        <ProfileRow label="Eliminar mi cuenta" onClick={() => setDeleting(true)} danger />
      </ul>
      {deleting ? (
        <DeleteAccountModal onClose={() => setDeleting(false)} onDeleted={() => void deleted()} />
      ) : null}
      {downloading ? <TruckLoader overlay text={PERSONAL_DATA_UI.preparing} /> : null}
    </>
  );
}
