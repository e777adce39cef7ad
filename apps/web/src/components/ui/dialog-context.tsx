import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';
import type { DialogVariant } from './Dialog.tsx';

export interface DialogOptions {
  variant?: DialogVariant;
  title?: string;
  message: ReactNode;
  confirmText?: string;
  cancelText?: string;
}

interface QueuedDialog extends DialogOptions {
  id: number;
  resolve: (confirmed: boolean) => void;
}

interface DialogApi {
  /** Shows a dialog; resolves true on confirm, false on cancel or Escape. Dialogs queue one after another. */
  show: (options: DialogOptions) => Promise<boolean>;
}

const DialogContext = createContext<DialogApi | null>(null);

let nextId = 1;

export function DialogProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<QueuedDialog[]>([]);

  const show = useCallback(
    (options: DialogOptions) =>
      new Promise<boolean>((resolve) => {
        const id = nextId++;
        setQueue((items) => [...items, { ...options, id, resolve }]);
      }),
    [],
  );

  const close = useCallback((item: QueuedDialog, confirmed: boolean) => {
    setQueue((items) => items.filter((candidate) => candidate.id !== item.id));
    item.resolve(confirmed);
  }, []);

  const api = useMemo(() => ({ show }), [show]);
  const current = queue[0];

  return (
    <DialogContext.Provider value={api}>
      {children}
      {current ? (
        <Dialog
          key={current.id}
          open
          variant={current.variant}
          title={current.title}
          confirmText={current.confirmText}
          cancelText={current.cancelText}
          onConfirm={() => close(current, true)}
          onCancel={() => close(current, false)}
        >
          {typeof current.message === 'string' ? <p>{current.message}</p> : current.message}
        </Dialog>
      ) : null}
    </DialogContext.Provider>
  );
}

export function useDialog(): DialogApi {
  const api = useContext(DialogContext);
  if (!api) throw new Error('useDialog debe usarse dentro de <DialogProvider>.');
  return api;
}
