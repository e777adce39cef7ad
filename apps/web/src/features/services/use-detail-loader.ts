import { useState } from 'react';
import { useDialog } from '../../components/ui/dialog-context.tsx';
import type { DetailResult } from './api/branch-detail.ts';
import { serverMessage } from './server-message.ts';

/**
 * Runs a branch-detail call (SPPF §8): without session info → '¡Ups!' with the first server message; an
 * error → warning with the server's message. Resolves the parameters, or null after the warning.
 */
export function useDetailLoader() {
  const dialog = useDialog();
  const [loading, setLoading] = useState(false);

  const run = async <P>(fetcher: () => Promise<DetailResult<P>>): Promise<P | null> => {
    setLoading(true);
    try {
      const result = await fetcher();
      setLoading(false);
      if (result.ok) return result.parameters;
      await dialog.show({ variant: 'warning', title: '¡Ups!', message: result.message });
    } catch (error) {
      setLoading(false);
      await dialog.show({
        variant: 'warning',
        message: serverMessage(error, 'No pudimos consultar la sede, intenta nuevamente.'),
      });
    }
    return null;
  };

  return { run, loading };
}
