import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { DatesAlertResponse } from '@togo/domain/alerts/alerts.contract';
import { useDialog } from '../../../components/ui/dialog-context.tsx';
import { RefreshStatus } from '../../../components/vehicle-refresh/RefreshStatus.tsx';
import { showDate } from '../alert-dates.ts';
import { alertLabel } from '../alerts-menu.ts';
import { useAlertsNav } from '../alerts-nav.ts';
import { readSelectedVehicle } from '../alerts-storage.ts';
import { useAlertQuery } from '../api/get-alert.ts';
import { useSaveAlertMutation } from '../api/save-alert.ts';
import { AlertDateModal } from '../components/AlertDateModal.tsx';
import { AlertScreen, NoVehicleNotice } from '../components/AlertScreen.tsx';
import { isConnectionError } from '../../../lib/connectivity.ts';
import { agendarRtmState } from '../../../lib/rtm-booking.ts';
import { DateFacts, NoSavedDates } from '../components/DateFacts.tsx';
import { VehicleCard } from '../components/VehicleCard.tsx';
import { expiryStatus } from '../expiry-status.ts';

/** AHGA §4 'SOAT and RTM': the answer is flagged empty while the registry look-up has not answered. */
export const REGISTRY_UPDATING_MESSAGE =
  '¡Estamos actualizando tu información! Por favor verifica en unos minutos';

type RegistryCode = 'ALERTA_SOAT' | 'ALERTA_RTM';

function sourceNote(code: RegistryCode, data: DatesAlertResponse['data'] | undefined): string | null {
  if (!data) return null;
  if (data.fuente === 'usuario') return 'Fechas ingresadas por ti.';
  if (data.fuente !== 'registro') return null;
  if (code === 'ALERTA_SOAT' && data.aseguradora) return `Aseguradora: ${data.aseguradora}`;
  if (code === 'ALERTA_RTM' && data.cda) return `Centro de diagnóstico: ${data.cda}`;
  return 'Fechas del registro de tu vehículo.';
}

/**
 * SOAT and RTM (AHGA §2): read-only expiry and issue dates (the registry's, or the user's, which win
 * server-side) and the vehicle card; the user may enter their own dates. Empty → info, then the list.
 */
function RegistryDatesScreen({ code, name }: { code: RegistryCode; name: 'soat' | 'rtm' }) {
  const nav = useAlertsNav();
  const navigate = useNavigate();
  const dialog = useDialog();
  const [vehicle] = useState(readSelectedVehicle);
  const vehicleId = vehicle?.id ?? null;
  const query = useAlertQuery(code, vehicleId);
  const save = useSaveAlertMutation();
  const data = query.data?.data;
  const handled = useRef<unknown>(null);

  useEffect(() => {
    const answer = query.data;
    if (!answer?.empty || handled.current === answer) return;
    handled.current = answer;
    void dialog.show({ variant: 'info', message: REGISTRY_UPDATING_MESSAGE }).then(() => navigate(nav.list));
  }, [query.data, dialog, navigate, nav.list]);

  const title = alertLabel(name);
  const datesTitle = code === 'ALERTA_SOAT' ? 'Vigencia de tu SOAT' : 'Vigencia de tu revisión';
  if (!vehicle || vehicleId === null) {
    return (
      <AlertScreen title={title} back={nav.list}>
        <NoVehicleNotice />
      </AlertScreen>
    );
  }

  // Before the answer, the vehicle's own record says whether its data is the demo's: the note is drawn from the first
  // paint and nothing moves when the answer comes (no layout shift).
  const demo = data ? data.demo === true : query.isLoading && vehicle.demo === true;
  return (
    <AlertScreen title={title} back={nav.list} loading={query.isLoading || save.isPending} demo={demo}>
      {query.isLoading ? (
        // The dates card's place, held until the answer (no layout shift).
        <DateFacts
          title={datesTitle}
          note="Consultando…"
          facts={[
            { label: 'Fecha de vencimiento', value: '—', main: true },
            { label: 'Fecha de expedición', value: '—' },
          ]}
        />
      ) : data && !query.data?.empty ? (
        <DateFacts
          title={datesTitle}
          note={sourceNote(code, data)}
          facts={[
            {
              label: 'Fecha de vencimiento',
              value: showDate(data.fecha_vencimiento),
              status: expiryStatus(data.fecha_vencimiento),
              main: true,
            },
            { label: 'Fecha de expedición', value: showDate(data.fecha_expedicion) },
          ]}
        />
      ) : !data && isConnectionError(query.error) ? (
        // Offline, and the service worker has no answer saved for this vehicle's dates.
        <NoSavedDates title={datesTitle} />
      ) : null}
      <RefreshStatus scope="garage" vehicleId={vehicleId} kind="registro" />
      <VehicleCard vehicle={vehicle} demoTag={!demo} />
      <div className="alerts__actions">
        <Link
          to="/app/servicios/rtm"
          state={agendarRtmState()}
          className={code === 'ALERTA_RTM' ? 'btn btn--primary btn--block' : 'btn btn--secondary btn--block'}
        >
          Agendar RTM
        </Link>
        <AlertDateModal
          mode="double"
          title="Por favor actualiza tus fechas"
          confirmText="Actualizar"
          disabled={query.isLoading || save.isPending}
          initial={data}
          onSubmit={(dates) => {
            if (!dates.fecha_vencimiento) return;
            save.mutate({
              code,
              id_garaje: vehicleId,
              exists: data?.fuente === 'usuario',
              fecha_expedicion: dates.fecha_expedicion,
              fecha_vencimiento: dates.fecha_vencimiento,
            });
          }}
        />
      </div>
    </AlertScreen>
  );
}

export function SoatRoute() {
  return <RegistryDatesScreen code="ALERTA_SOAT" name="soat" />;
}

export function RtmRoute() {
  return <RegistryDatesScreen code="ALERTA_RTM" name="rtm" />;
}
