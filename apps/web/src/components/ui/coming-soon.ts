import { useCallback } from 'react';
import { useDialog } from './dialog-context.tsx';

export const COMING_SOON_MESSAGE = '¡Esta funcionalidad estará disponible próximamente!';

/** Returns a function that tells the user a feature is not available yet. */
export function useComingSoon(): () => Promise<boolean> {
  const dialog = useDialog();
  return useCallback(
    () => dialog.show({ variant: 'info', title: 'Muy pronto', message: COMING_SOON_MESSAGE }),
    [dialog],
  );
}
