import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runSupportAction, supportKeys, type SupportAction } from './support-api.ts';
import { operatorErrorMessage } from '../../lib/operator-messages.ts';

interface ActionText {
  button: string;
  /** The confirmation's question; `emailChange`: the driver is confirming a new email (its code is the one sent). */
  question: (nombre: string, emailChange: boolean) => string;
  confirm: string;
  failed: string;
}

const ACTIONS: Record<SupportAction, ActionText> = {
  'reenviar-codigo': {
    button: 'Reenviar código',
    // The code sent is the one the account verifies with (issue 38: it promised a verification code and the
    // driver got a password-reset one): support-code.service.ts.
    question: (n, emailChange) =>
      emailChange
        ? `¿Enviar a ${n} un nuevo código para confirmar su nuevo correo? Llegará al correo nuevo y el código anterior dejará de servir.`
        : `¿Enviar a ${n} un código para restablecer su contraseña? Llegará a su correo (o a su celular si no tiene correo) y el código anterior dejará de servir.`,
    confirm: 'Sí, enviar código',
    failed: 'No pudimos enviar el código.',
  },
  desbloquear: {
    button: 'Desbloquear cuenta',
    question: (n) => `¿Desbloquear la cuenta de ${n}? Podrá iniciar sesión y pedir códigos de inmediato.`,
    confirm: 'Sí, desbloquear',
    failed: 'No pudimos desbloquear la cuenta.',
  },
  'revocar-sesiones': {
    button: 'Cerrar sesiones',
    question: (n) =>
      `¿Cerrar todas las sesiones de ${n}? Tendrá que iniciar sesión de nuevo en todos sus dispositivos.`,
    confirm: 'Sí, cerrar sesiones',
    failed: 'No pudimos cerrar las sesiones.',
  },
};

const ORDER: SupportAction[] = ['reenviar-codigo', 'desbloquear', 'revocar-sesiones'];

/** The support actions of a driver's detail, each behind a confirmation, with its outcome announced. */
export function SupportActions({
  userId,
  nombre,
  emailChange = false,
}: {
  userId: number;
  nombre: string;
  emailChange?: boolean;
}) {
  const client = useQueryClient();
  const [pending, setPending] = useState<SupportAction | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openers = useRef<Partial<Record<SupportAction, HTMLButtonElement | null>>>({});
  const titleId = useId();

  const mutation = useMutation({
    mutationFn: (action: SupportAction) => runSupportAction(userId, action),
    onSuccess: (detail) => {
      setOutcome({ ok: true, text: detail });
      void client.invalidateQueries({ queryKey: supportKeys.user(userId) });
    },
    onError: (error, action) =>
      setOutcome({ ok: false, text: operatorErrorMessage(error, ACTIONS[action].failed) }),
    onSettled: (_data, _error, action) => {
      setPending(null);
      openers.current[action]?.focus();
    },
  });

  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);

  const cancel = () => {
    const action = pending;
    setPending(null);
    if (action) openers.current[action]?.focus();
  };

  return (
    <div className="sp-actions">
      <div className="sp-actions__buttons">
        {ORDER.map((action) => (
          <button
            key={action}
            ref={(el) => {
              openers.current[action] = el;
            }}
            type="button"
            className="btn btn--secondary op-btn-sm"
            disabled={mutation.isPending}
            aria-expanded={pending === action}
            onClick={() => {
              setOutcome(null);
              setPending(action);
            }}
          >
            {ACTIONS[action].button}
          </button>
        ))}
      </div>
      {pending ? (
        <div
          className="sp-confirm"
          role="alertdialog"
          aria-labelledby={titleId}
          onKeyDown={(e) => {
            if (e.key === 'Escape') cancel();
          }}
        >
          <p id={titleId}>{ACTIONS[pending].question(nombre, emailChange)}</p>
          <div className="sp-confirm__buttons">
            <button
              ref={confirmRef}
              type="button"
              className="btn btn--primary op-btn-sm"
              disabled={mutation.isPending}
              onClick={() => mutation.mutate(pending)}
            >
              {mutation.isPending ? 'Procesando…' : ACTIONS[pending].confirm}
            </button>
            <button
              type="button"
              className="btn btn--secondary op-btn-sm"
              onClick={cancel}
              disabled={mutation.isPending}
            >
              Cancelar
            </button>
          </div>
        </div>
      ) : null}
      <div aria-live="polite">
        {outcome ? (
          <p
            className={`op-alert ${outcome.ok ? 'op-alert--ok' : 'op-alert--error'}`}
            role={outcome.ok ? 'status' : 'alert'}
          >
            {outcome.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
