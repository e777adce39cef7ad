import { useState } from 'react';
import { showDate } from '../alert-dates.ts';
import { alertLabel } from '../alerts-menu.ts';
import { useAlertsNav } from '../alerts-nav.ts';
import { readSelectedVehicle } from '../alerts-storage.ts';
import { useAlertQuery } from '../api/get-alert.ts';
import { useSaveAlertMutation } from '../api/save-alert.ts';
import { AlertDateModal } from '../components/AlertDateModal.tsx';
import { AlertScreen, NoVehicleNotice } from '../components/AlertScreen.tsx';
import { DateFacts } from '../components/DateFacts.tsx';
import { VehicleCard } from '../components/VehicleCard.tsx';
import { expiryStatus } from '../expiry-status.ts';

type UserDatesCode = 'ALERTA_TODO_RIESGO' | 'ALERTA_IMPUESTO';

/**
 * All-risk policy and taxes (AHGA §2): the user's own expiry and issue dates ('Sin registrar' when empty)
 * and the vehicle card; 'Actualiza fechas' opens the two-date modal.
 */
function UserDatesScreen({ code, name }: { code: UserDatesCode; name: 'poliza' | 'impuestos' }) {
  const nav = useAlertsNav();
  const [vehicle] = useState(readSelectedVehicle);
  const vehicleId = vehicle?.id ?? null;
  const query = useAlertQuery(code, vehicleId);
  const save = useSaveAlertMutation();
  const data = query.data?.data;
  const title = alertLabel(name);

  if (!vehicle || vehicleId === null) {
    return (
      <AlertScreen title={title} back={nav.list}>
        <NoVehicleNotice />
      </AlertScreen>
    );
  }

  const exists = Boolean(data?.fecha_expedicion || data?.fecha_vencimiento);
  return (
    <AlertScreen title={title} back={nav.list} loading={query.isLoading || save.isPending}>
      {query.isError ? null : (
        <DateFacts
          title={code === 'ALERTA_TODO_RIESGO' ? 'Vigencia de tu póliza' : 'Tu impuesto vehicular'}
          note={exists ? null : 'Registra tus fechas y te avisaremos antes del vencimiento.'}
          facts={[
            {
              label: 'Fecha de vencimiento',
              value: showDate(data?.fecha_vencimiento),
              status: expiryStatus(data?.fecha_vencimiento),
              main: true,
            },
            { label: 'Fecha de expedición', value: showDate(data?.fecha_expedicion) },
          ]}
        />
      )}
      <VehicleCard vehicle={vehicle} />
      <div className="alerts__actions">
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
              exists,
              fecha_expedicion: dates.fecha_expedicion,
              fecha_vencimiento: dates.fecha_vencimiento,
            });
          }}
        />
      </div>
    </AlertScreen>
  );
}

/** Route without the login guard (AHGA §2 'poliza'). */
export function PolizaRoute() {
  return <UserDatesScreen code="ALERTA_TODO_RIESGO" name="poliza" />;
}

export function ImpuestosRoute() {
  return <UserDatesScreen code="ALERTA_IMPUESTO" name="impuestos" />;
}
