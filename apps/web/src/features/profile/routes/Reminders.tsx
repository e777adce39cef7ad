import { useId, useState } from 'react';
import type { Channel, MessageKind, Preferences } from '@togo/domain/reminders/reminders.contract';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { TruckLoader } from '../../../components/ui/TruckLoader.tsx';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { errorDetail } from '../../../lib/api-client.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { useCalendarLinkQuery, useRevokeCalendarLink } from '../api/calendar-link.ts';
import { useDeliveryHistoryQuery } from '../api/delivery-history.ts';
import { usePreferencesQuery, useSavePreferences } from '../api/notification-preferences.ts';
import '../profile.css';

const CHANNEL_LABELS: Record<Channel, string> = {
  email: 'Correo electrónico',
  push: 'Notificaciones en este navegador',
  whatsapp: 'WhatsApp',
  sms: 'SMS',
};
const KIND_LABELS: Record<MessageKind, string> = {
  vencimientos: 'Vencimientos (SOAT, RTM, póliza, impuesto, kit, licencia)',
  multas: 'Multas nuevas o pagadas',
  pico_placa: 'Pico y placa de mañana',
  agendamientos: 'Agendamientos',
  mantenimiento: 'Mantenimiento (cambio de aceite, llantas, frenos y otros recordatorios)',
};
/** What the opt-in pico y placa notice does (decision 041); `time` is the server's PICO_PLACA_NOTICE_TIME. */
export function picoPlacaNote(time = '19:00'): string {
  return `Si lo activas, te avisamos a las ${time} (hora de Colombia) del día anterior cuando tu vehículo seleccionado tenga pico y placa, con el horario de la restricción.`;
}
const STATUS_LABELS: Record<string, string> = {
  sent: 'Enviado',
  failed: 'Falló',
  held: 'En espera (horario de silencio)',
  suppressed: 'No enviado por tus preferencias',
};
const CONSENT_NOTE: Partial<Record<Channel, string>> = {
  whatsapp:
    'Al activarlo aceptas recibir avisos de TOGO por WhatsApp. Responde SALIR para dejar de recibirlos.',
  sms: 'Al activarlo aceptas recibir avisos de TOGO por SMS. Responde SALIR para dejar de recibirlos.',
};

/** This browser's permission for notifications ('unsupported' without the API). */
const notificationPermission = (): NotificationPermission | 'unsupported' =>
  typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;

async function askNotificationPermission(): Promise<NotificationPermission | 'unsupported'> {
  const now = notificationPermission();
  if (now !== 'default') return now;
  return Notification.requestPermission();
}

function Toggle({
  label,
  checked,
  onChange,
  note,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  note?: string;
}) {
  const noteId = useId();
  return (
    <li className="profile-toggle">
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-describedby={note ? noteId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{label}</span>
      </label>
      {note ? (
        <small id={noteId} className="profile-toggle__note">
          {note}
        </small>
      ) : null}
    </li>
  );
}

/** app/profile/avisos: channels, kinds of message, quiet hours, calendar link and "Historial de avisos". */
export function RemindersRoute() {
  usePageTitle('Avisos');
  const dialog = useDialog();
  const prefs = usePreferencesQuery();
  const save = useSavePreferences();
  const calendar = useCalendarLinkQuery();
  const revoke = useRevokeCalendarLink();
  const history = useDeliveryHistoryQuery();
  const publicConfig = usePublicConfig();
  const [copied, setCopied] = useState(false);

  const update = async (next: Preferences) => {
    try {
      await save.mutateAsync(next);
    } catch (error) {
      await dialog.show({
        variant: 'error',
        message: errorDetail(error) ?? 'No pudimos guardar tus preferencias.',
      });
    }
  };

  const copy = async () => {
    if (!calendar.data) return;
    try {
      await navigator.clipboard.writeText(calendar.data.url);
      setCopied(true);
    } catch {
      await dialog.show({ variant: 'error', message: 'No pudimos copiar el enlace. Cópialo a mano.' });
    }
  };

  // The old link stops working at once: asked first (issue 36).
  const renew = async () => {
    const confirmed = await dialog.show({
      variant: 'warning',
      title: '¿Generar un enlace nuevo?',
      message: 'El enlace actual dejará de funcionar en los calendarios donde lo agregaste.',
      confirmText: 'Generar enlace nuevo',
      cancelText: 'Cancelar',
    });
    if (!confirmed) return;
    setCopied(false);
    revoke.mutate();
  };

  // Browser notifications are on only when this browser allows them; turning them on asks first (issue 36).
  const setChannel = async (current: Preferences, channel: Channel, on: boolean) => {
    if (channel === 'push' && on && (await askNotificationPermission()) !== 'granted') {
      await dialog.show({
        variant: 'warning',
        message: 'Permite las notificaciones de TOGO en la configuración de tu navegador para activarlas.',
      });
      return;
    }
    await update({ ...current, canales: { ...current.canales, [channel]: on } });
  };

  const p = prefs.data;
  // Until the preferences answer, only the loader: the sections below are drawn with them, so none of them is
  // pushed down when they come (no layout shift).
  if (!p && !prefs.isError) {
    return (
      <main className="page page--app" aria-busy="true">
        <PageHeader title="Avisos" back="/app/profile" />
        <TruckLoader text="Consultando..." />
      </main>
    );
  }
  return (
    <main className="page page--app">
      <PageHeader title="Avisos" back="/app/profile" />
      {!p ? (
        <p className="lead">No pudimos cargar tus preferencias. Intenta de nuevo.</p>
      ) : (
        <>
          <h2 className="profile-section">Canales</h2>
          <ul className="profile-rows">
            {(Object.keys(CHANNEL_LABELS) as Channel[]).map((c) => (
              <Toggle
                key={c}
                label={CHANNEL_LABELS[c]}
                checked={p.canales[c] && (c !== 'push' || notificationPermission() === 'granted')}
                note={CONSENT_NOTE[c]}
                onChange={(v) => void setChannel(p, c, v)}
              />
            ))}
          </ul>
          <h2 className="profile-section">Tipos de aviso</h2>
          <ul className="profile-rows">
            {(Object.keys(KIND_LABELS) as MessageKind[]).map((k) => (
              <Toggle
                key={k}
                label={KIND_LABELS[k]}
                checked={p.tipos[k]}
                note={k === 'pico_placa' ? picoPlacaNote(publicConfig.data?.pico_placa_aviso) : undefined}
                onChange={(v) => void update({ ...p, tipos: { ...p.tipos, [k]: v } })}
              />
            ))}
          </ul>
          <h2 className="profile-section">Horario de silencio</h2>
          <p className="profile-hint">
            En este horario (hora de Colombia) guardamos los avisos y los enviamos al terminar.
          </p>
          <div className="profile-quiet">
            <label>
              Desde
              <input
                className="input"
                type="time"
                value={p.silencio.desde}
                onChange={(e) =>
                  e.target.value && void update({ ...p, silencio: { ...p.silencio, desde: e.target.value } })
                }
              />
            </label>
            <label>
              Hasta
              <input
                className="input"
                type="time"
                value={p.silencio.hasta}
                onChange={(e) =>
                  e.target.value && void update({ ...p, silencio: { ...p.silencio, hasta: e.target.value } })
                }
              />
            </label>
          </div>
        </>
      )}

      <h2 className="profile-section">Calendario</h2>
      <p className="profile-hint">
        Suscríbete desde Google Calendar, Outlook o el calendario de tu celular para ver tus vencimientos y
        citas. Quien tenga este enlace puede ver tu calendario.
      </p>
      {calendar.data ? (
        <div className="profile-calendar">
          <input
            className="input profile-calendar__url"
            readOnly
            value={calendar.data.url}
            aria-label="Enlace de tu calendario"
            onFocus={(e) => e.currentTarget.select()}
          />
          <button type="button" className="btn btn--secondary" onClick={() => void copy()}>
            {copied ? '¡Copiado!' : 'Copiar enlace'}
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={revoke.isPending}
            onClick={() => void renew()}
          >
            Generar un enlace nuevo
          </button>
        </div>
      ) : null}

      <h2 className="profile-section">Historial de avisos</h2>
      {history.data && history.data.results.length === 0 ? (
        <p className="profile-hint">Aún no te hemos enviado avisos.</p>
      ) : null}
      <ul className="profile-history">
        {history.data?.results.map((h) => (
          <li key={h.id}>
            <strong>{h.titulo}</strong>
            <span>
              {CHANNEL_LABELS[h.canal]} · {STATUS_LABELS[h.estado] ?? h.estado}
              {h.motivo && h.estado !== 'sent' ? ` · ${h.motivo}` : ''}
            </span>
            <time dateTime={h.created}>
              {new Date(h.created).toLocaleString('es-CO', { timeZone: 'America/Bogota' })}
            </time>
          </li>
        ))}
      </ul>
    </main>
  );
}
